// App.tsx loads screens on demand and so names their paths itself; they must stay the screens'.
import { describe, expect, it } from 'vitest';
import { LAZY_PATHS } from '../../src/dashboard/App';
import { QrCodeList, QrCodePage, QR_CODE_WIZARD_PATH } from '../../src/dashboard/qr-codes';
import {
  QrCodeTemplateCreate,
  QrCodeTemplateEdit,
  QrCodeTemplateList,
} from '../../src/dashboard/qr-code-templates';
import {
  ThemeCreate,
  ThemeEdit,
  ThemeList,
  ToThemeDetails,
} from '../../src/dashboard/themes/index';
import { PagesOverview } from '../../src/dashboard/pages-overview';
import { TRASH_ROUTE } from '../../src/dashboard/trash';

describe('paths of the screens loaded on demand', () => {
  it('match the screens’ own paths', () => {
    expect(LAZY_PATHS).toEqual({
      qrCodeList: QrCodeList.path,
      qrCodeWizard: QR_CODE_WIZARD_PATH,
      qrCodePage: QrCodePage.path,
      templateList: QrCodeTemplateList.path,
      templateCreate: QrCodeTemplateCreate.path,
      templateEdit: QrCodeTemplateEdit.path,
      themeList: ThemeList.path,
      themeCreate: ThemeCreate.path,
      themeItem: ToThemeDetails.path,
      themeEdit: ThemeEdit.path,
      pages: PagesOverview.path,
      trash: TRASH_ROUTE,
    });
  });
});
