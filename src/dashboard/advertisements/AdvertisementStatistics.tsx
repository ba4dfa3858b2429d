// /projects/:pid/ad/:id/statistics and …/auditlogs. The analytics timeseries counts scans only, so
// an ad's views and click-throughs come from GET …/advertisements/{id}/stats.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  CardContent,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useDataProvider, useGetOne, useLocale, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { presetRange } from '../statistics/ranges';
import { QueryState } from '../common/QueryState';
import { ItemAuditLogsTab, ItemTabPage } from '../common/ItemTabPage';
import { AdvertisementTabs } from './AdvertisementTabs';

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
        <QueryState isPending={isPending} isError={isError} error="app.advertisements.load_error" />
        {data && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            {[
              { word: 'views', value: number.format(data.views), testId: 'views' },
              { word: 'unique_views', value: number.format(data.uniqueViews), testId: 'unique' },
              { word: 'clicks', value: number.format(data.clicks), testId: 'clicks' },
              {
                word: 'click_rate',
                value: data.views ? percent.format(data.clicks / data.views) : '–',
                testId: 'rate',
              },
            ].map(({ word, value, testId }) => (
              <Figure
                key={testId}
                label={translate(`app.advertisements.stats.${word}`)}
                value={value}
                testId={`ad-stats-${testId}`}
              />
            ))}
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
  return (
    <ItemTabPage title="app.advertisements.page_tabs.statistics" Tabs={AdvertisementTabs}>
      {(projectId, id) => <AdvertisementStatsCard projectId={projectId} id={id} />}
    </ItemTabPage>
  );
}

export function AdvertisementAuditLogs() {
  return (
    <ItemAuditLogsTab title="app.advertisements.page_tabs.auditlogs" Tabs={AdvertisementTabs} />
  );
}
