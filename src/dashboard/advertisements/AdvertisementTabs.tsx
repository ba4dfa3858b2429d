// The child routes of one advertisement (SPEC §2: details/edit, qr-codes, statistics, auditlogs).
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { adPaths } from './adPaths';

export function AdvertisementTabs({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    { path: adPaths.detailsEdit(projectId, id), label: 'details', testId: 'details' },
    { path: adPaths.qrCodes(projectId, id), label: 'qr_codes', testId: 'qr-codes' },
    { path: adPaths.statistics(projectId, id), label: 'statistics', testId: 'statistics' },
    { path: adPaths.auditLogs(projectId, id), label: 'auditlogs', testId: 'auditlogs' },
  ];
  const current = tabs.findIndex((tab) => tab.path === pathname);
  return (
    <Tabs value={current === -1 ? false : current} sx={{ mb: 1 }} variant="scrollable">
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          component={Link}
          to={tab.path}
          label={translate(`app.advertisements.page_tabs.${tab.label}`)}
          data-testid={`ad-page-tab-${tab.testId}`}
        />
      ))}
    </Tabs>
  );
}
