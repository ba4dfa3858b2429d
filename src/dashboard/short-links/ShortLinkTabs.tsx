// The child routes of one short link (SPEC §2): details/edit, qr-links, statistics, auditlogs.
import { Link, useLocation } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SHORT_LINK_TABS, shortLinkPaths } from './shortLinkPaths';

export function ShortLinkTabs({ pid, id }: { pid: string; id: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = SHORT_LINK_TABS.findIndex((tab) => pathname === shortLinkPaths.tab(pid, id, tab));
  return (
    <Tabs
      value={current === -1 ? false : current}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 1 }}
    >
      {SHORT_LINK_TABS.map((tab) => (
        <Tab
          key={tab}
          component={Link}
          to={shortLinkPaths.tab(pid, id, tab)}
          label={translate(`app.short_links.tabs.${tab.replace('/', '_').replace('-', '_')}`)}
          data-testid={`short-link-tab-${tab.split('/')[0]}`}
        />
      ))}
    </Tabs>
  );
}
