// /projects/:pid/start, the project's start page: counts, usage against limits with SPEC §4's
// colours and storage banner, the latest QR codes and short links, and quick links to create more.
import type { ReactElement } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import LinkIcon from '@mui/icons-material/Link';
import BoltIcon from '@mui/icons-material/Bolt';
import WebIcon from '@mui/icons-material/WebOutlined';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import {
  Loading,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useLocale,
  useTranslate,
} from 'react-admin';
import {
  abbreviateCount,
  formatStorage,
  storageBanner,
  type LimitStatus,
} from '../../shared/rules';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { UsageList } from '../usage/UsageList';
import {
  ProjectLimitsCard,
  ScanBanner,
  ScanForecast,
  useCustomerStatus,
} from '../usage/AccountUsage';
import { SectionCard } from '../forms/SectionCard';
import { OnboardingChecklist } from '../onboarding/OnboardingChecklist';
import { qrCodePath } from '../qr-codes/QrCodeTabs';
import { actionPaths } from '../actions/actionPaths';
import { NEW_PAGE_KIND } from '../pages-overview/pageKinds';
import { shortLinkPaths } from '../short-links/shortLinkPaths';

export const LATEST_COUNT = 5;

/** The counts at the top: the usage figure and its test id. */
const COUNTS = [
  ['qrCodes', 'qr-codes'],
  ['shortLinks', 'short-links'],
  ['scans', 'scans'],
] as const;

interface LatestItem {
  id: string;
  name: string;
  scanUrl: string;
  createdAt: string;
}

function CountCard({ label, value, testId }: { label: string; value?: string; testId: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value ?? <Skeleton width={60} />}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** SPEC §4: no banner while storage is info; "almost reached" for warning, "reached" otherwise. */
export function StorageBanner({ status }: { status: LimitStatus }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { storage: used } = status.used;
  const { storage: total } = status.total;
  const banner = storageBanner(used, total);
  if (!banner) return null;
  return (
    <Alert
      severity={banner === 'reached' ? 'error' : 'warning'}
      data-testid="storage-banner"
      data-banner={banner}
    >
      {translate(
        banner === 'reached' ? 'app.start.storage_reached' : 'app.start.storage_almost_reached',
        { used: formatStorage(used, locale), total: formatStorage(total, locale) },
      )}
    </Alert>
  );
}

function LatestList({
  title,
  resource,
  pid,
  pathOf,
  overview,
  testId,
}: {
  title: string;
  resource: 'qr-codes' | 'short-links';
  pid: string;
  pathOf: (id: string) => string;
  overview: string;
  testId: string;
}) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<LatestItem>(resource, {
    pagination: { page: 1, perPage: LATEST_COUNT },
    sort: { field: 'createdAt', order: 'DESC' },
    meta: { projectId: pid },
  });
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Button component={RouterLink} to={overview} size="small">
            {translate('app.start.show_all')}
          </Button>
        }
      />
      {isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton />
          <Skeleton />
        </Box>
      ) : error || !data?.length ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate(error ? 'app.start.latest_error' : 'app.start.latest_empty')}
        </Typography>
      ) : (
        <List dense disablePadding component="div">
          {data.map((item) => (
            <ListItemButton
              key={item.id}
              component={RouterLink}
              to={pathOf(item.id)}
              data-testid="start-latest-item"
            >
              <ListItemText
                primary={item.name}
                secondary={item.scanUrl}
                slotProps={{ secondary: { noWrap: true, sx: { fontFamily: 'monospace' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Card>
  );
}

interface QuickLink {
  kind: 'qr-code' | 'short-link' | 'action' | 'page' | 'import';
  label: string;
  to: string;
  icon: ReactElement;
}

export function ProjectHome() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data: project, isPending } = useGetOne<{
    id: string;
    customerId: string;
    name: string;
    description: string | null;
  }>('projects', { id: pid });
  const { data: customerStatus } = useCustomerStatus(project?.customerId);
  const { data: status } = useQuery({
    queryKey: ['projects', 'status', pid],
    queryFn: async () => (await dataProvider.getStatus('projects', { id: pid })).data,
    retry: false,
  });
  if (isPending) return <Loading />;

  const quickLinks: QuickLink[] = [
    {
      kind: 'qr-code',
      label: 'app.start.new_qr_code',
      to: `/projects/${pid}/qr-code/create/type`,
      icon: <QrCodeIcon />,
    },
    {
      kind: 'short-link',
      label: 'app.start.new_short_link',
      to: shortLinkPaths.add(pid),
      icon: <LinkIcon />,
    },
    { kind: 'action', label: 'app.start.new_action', to: actionPaths.add(pid), icon: <BoltIcon /> },
    {
      kind: 'page',
      label: 'app.start.new_page',
      to: actionPaths.add(pid, NEW_PAGE_KIND),
      icon: <WebIcon />,
    },
    {
      kind: 'import',
      label: 'app.import.title',
      to: `/projects/${pid}/import`,
      icon: <UploadIcon />,
    },
  ];

  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="project-start">
      <Title title={project?.name ?? translate('app.projects.home_title')} />
      <Box>
        <Typography variant="h5" component="h1" data-testid="project-home-name">
          {project?.name}
        </Typography>
        {project?.description && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {project.description}
          </Typography>
        )}
      </Box>
      {/* The account's storage banner when the account is the tighter one, else the project's. */}
      {customerStatus &&
      storageBanner(customerStatus.used.storage, customerStatus.total.storage) ? (
        <StorageBanner status={customerStatus} />
      ) : (
        status && <StorageBanner status={status} />
      )}
      {customerStatus && <ScanBanner status={customerStatus} />}
      <OnboardingChecklist projectId={pid} />
      <Grid container spacing={2}>
        {COUNTS.map(([count, testId]) => (
          <Grid key={count} size={{ xs: 12, sm: 4 }}>
            <CountCard
              label={translate(`app.usage.${count}`)}
              value={status ? abbreviateCount(status.used[count], locale) : undefined}
              testId={`start-count-${testId}`}
            />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SectionCard title={translate('app.start.quick_title')} sx={{ height: '100%' }}>
            <Grid container spacing={1.5}>
              {quickLinks.map((link) => (
                <Grid key={link.kind} size={{ xs: 12, sm: 6 }}>
                  <Button
                    component={RouterLink}
                    to={link.to}
                    variant="outlined"
                    startIcon={link.icon}
                    fullWidth
                    sx={{ justifyContent: 'flex-start', py: 1.25 }}
                    data-testid={`start-quick-${link.kind}`}
                  >
                    {translate(link.label)}
                  </Button>
                </Grid>
              ))}
            </Grid>
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SectionCard title={translate('app.usage.project_title')} sx={{ height: '100%' }}>
            {status ? (
              <UsageList
                status={status}
                keys={['qrCodes', 'shortLinks', 'scans', 'storage', 'users']}
              />
            ) : (
              <Skeleton variant="rectangular" height={120} />
            )}
            <Box sx={{ mt: 1.5 }}>
              <ScanForecast customerId={project?.customerId} />
            </Box>
          </SectionCard>
        </Grid>
      </Grid>
      {customerStatus && (
        <SectionCard title={translate('app.usage.customer_title')} testId="start-customer-usage">
          <UsageList status={customerStatus} />
        </SectionCard>
      )}
      {status && (
        <ProjectLimitsCard key={JSON.stringify(status.total)} projectId={pid} status={status} />
      )}
      <Grid container spacing={2} data-testid="start-latest">
        <Grid size={{ xs: 12, md: 6 }}>
          <LatestList
            title={translate('app.start.latest_qr_codes')}
            resource="qr-codes"
            pid={pid}
            pathOf={(id) => qrCodePath(pid, id)}
            overview={`/projects/${pid}/qr-codes`}
            testId="start-latest-qr-codes"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <LatestList
            title={translate('app.start.latest_short_links')}
            resource="short-links"
            pid={pid}
            pathOf={(id) => shortLinkPaths.tab(pid, id)}
            overview={shortLinkPaths.overview(pid)}
            testId="start-latest-short-links"
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
