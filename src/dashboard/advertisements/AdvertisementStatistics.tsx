// /projects/:pid/ad/:id/statistics and …/auditlogs. The analytics timeseries counts scans only, so
// an ad's views and click-throughs come from GET …/advertisements/{id}/stats.
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetOne, useLocale, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { presetRange } from '../statistics/ranges';
import { AdvertisementTabs } from './AdvertisementTabs';

const ItemAuditLogs = lazy(() =>
  import('../audit-logs/ItemAuditLogs').then((m) => ({ default: m.ItemAuditLogs })),
);

const RANGES = ['7', '30', 'all'] as const;
type Range = (typeof RANGES)[number];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 160 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function AdvertisementStatsCard({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [range, setRange] = useState<Range>('30');
  const dataProvider = useDataProvider<DashboardDataProvider>();
  // Days are the project's days, as on the other statistics: "7 days" is today where the
  // project is and the six days before it (the server reads the date in the project's zone).
  const { data: project } = useGetOne<{ id: string; timeZone?: string }>('projects', {
    id: projectId,
  });
  const timeZone = project?.timeZone;
  const { data, isPending, isError } = useQuery({
    queryKey: ['advertisements', projectId, id, 'stats', range, timeZone],
    enabled: range === 'all' || timeZone !== undefined,
    queryFn: async () => {
      const from = range === 'all' ? undefined : presetRange(`${range}d`, timeZone).from;
      return dataProvider.getAdvertisementStats(projectId, id, from);
    },
  });
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Card data-testid="ad-statistics">
      <CardContent>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          onChange={(_event, value: Range | null) => value && setRange(value)}
          sx={{ mb: 2 }}
        >
          {RANGES.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`ad-stats-range-${value}`}>
              {translate(`app.advertisements.stats.range_${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {isPending && <LinearProgress />}
        {isError && <Alert severity="error">{translate('app.advertisements.load_error')}</Alert>}
        {data && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Figure
              label={translate('app.advertisements.stats.views')}
              value={number.format(data.views)}
              testId="ad-stats-views"
            />
            <Figure
              label={translate('app.advertisements.stats.unique_views')}
              value={number.format(data.uniqueViews)}
              testId="ad-stats-unique"
            />
            <Figure
              label={translate('app.advertisements.stats.clicks')}
              value={number.format(data.clicks)}
              testId="ad-stats-clicks"
            />
            <Figure
              label={translate('app.advertisements.stats.click_rate')}
              value={data.views ? percent.format(data.clicks / data.views) : '–'}
              testId="ad-stats-rate"
            />
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('app.advertisements.stats.note')}
          {timeZone && ` · ${translate('app.statistics.tz_note', { zone: timeZone })}`}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function AdvertisementStatistics() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.advertisements.page_tabs.statistics')} />
      <AdvertisementTabs projectId={pid} id={id} />
      <AdvertisementStatsCard projectId={pid} id={id} />
    </>
  );
}

export function AdvertisementAuditLogs() {
  const { pid = '', id = '' } = useParams();
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.advertisements.page_tabs.auditlogs')} />
      <AdvertisementTabs projectId={pid} id={id} />
      <Card>
        <CardContent>
          <Suspense fallback={<LinearProgress />}>
            <ItemAuditLogs itemId={id} projectId={pid} />
          </Suspense>
        </CardContent>
      </Card>
    </>
  );
}
