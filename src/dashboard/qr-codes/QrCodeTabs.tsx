// The child routes of one QR code (SPEC §2): details/edit, ads, qr-links, statistics, auditlogs.
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

export const QR_CODE_TABS = ['details/edit', 'ads', 'qr-links', 'statistics', 'auditlogs'] as const;

export const qrCodePath = (
  pid: string,
  id: string,
  tab: (typeof QR_CODE_TABS)[number] = 'details/edit',
) => `/projects/${pid}/qr-code/${id}/${tab}`;

export function QrCodeTabs({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = QR_CODE_TABS.findIndex((tab) => pathname === qrCodePath(pid, id, tab));
  return (
    <Tabs
      value={current === -1 ? false : current}
      variant="scrollable"
      scrollButtons="auto"
      sx={{ mb: 1 }}
    >
      {QR_CODE_TABS.map((tab) => (
        <Tab
          key={tab}
          component={Link}
          to={qrCodePath(pid, id, tab)}
          label={translate(`app.qr_codes.tabs.${tab.replace('/', '_').replace('-', '_')}`)}
          data-testid={`qr-tab-${tab.split('/')[0]}`}
        />
      ))}
    </Tabs>
  );
}
