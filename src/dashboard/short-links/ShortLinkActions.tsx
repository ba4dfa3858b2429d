// Duplicate (a new random uri) and move to the trash, each after a confirmation.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useDataProvider, useRedirect, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ConfirmActionButton } from '../common/ConfirmActionButton';
import { shortLinkPaths } from './shortLinkPaths';
import { useLinkNotify } from '../useNotifications';

export function ShortLinkActions({ pid, id, name }: { pid: string; id: string; name: string }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { success, failure } = useLinkNotify();
  const meta = { projectId: pid };
  return (
    <>
      <ConfirmActionButton
        label={translate('app.short_links.duplicate')}
        icon={<ContentCopyIcon />}
        title="app.short_links.duplicate_title"
        content="app.short_links.duplicate_content"
        titleArgs={{ name }}
        testId="short-link-duplicate"
        onConfirm={async () => {
          const { data } = await dataProvider.duplicate('short-links', { id, meta });
          success('short_link', 'duplicated');
          redirect(shortLinkPaths.tab(pid, String(data.id)));
        }}
        onFailure={(error) => failure('short_link', 'duplicating', error)}
      />
      <ConfirmActionButton
        label={translate('app.short_links.trash')}
        icon={<DeleteIcon />}
        color="error"
        title="app.short_links.trash_title"
        content="app.short_links.trash_content"
        titleArgs={{ name }}
        testId="short-link-trash"
        onConfirm={async () => {
          await dataProvider.trash('short-links', { id, meta });
          success('short_link', 'trashed');
          redirect(shortLinkPaths.overview(pid));
        }}
        onFailure={(error) => failure('short_link', 'trashing', error)}
      />
    </>
  );
}
