// The child routes of one Action (SPEC §2: details/edit, qr-codes, statistics, auditlogs) as tabs.
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { actionPaths } from './actionPaths';

export function ActionTabs({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    { path: actionPaths.detailsEdit(projectId, id), label: 'details', testId: 'details' },
    { path: actionPaths.qrCodes(projectId, id), label: 'qr_codes', testId: 'qr-codes' },
    { path: actionPaths.statistics(projectId, id), label: 'statistics', testId: 'statistics' },
    { path: actionPaths.auditLogs(projectId, id), label: 'auditlogs', testId: 'auditlogs' },
  ];
  const current = tabs.findIndex((tab) => tab.path === pathname);
  return (
    <Tabs value={current === -1 ? false : current} sx={{ mb: 1 }} variant="scrollable">
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          component={Link}
          to={tab.path}
          label={translate(`app.actions.page_tabs.${tab.label}`)}
          data-testid={`action-page-tab-${tab.testId}`}
        />
      ))}
    </Tabs>
  );
}
