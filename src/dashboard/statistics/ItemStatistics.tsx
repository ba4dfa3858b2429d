// Statistics of a project or one of its items (QR code, short link, Action): a date range, totals,
// scans and unique visitors over time, and breakdowns. Shared by every "statistics" screen.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Link,
  Typography,
} from '@mui/material';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { abbreviateCount } from '../../shared/rules';
import type { BreakdownDimension } from '../../shared/statsAggregation';
import { ApiHttpError } from '../providers/http';
import { BreakdownCard } from './BreakdownCard';
import { countryLabel } from './format';
import {
  customRange,
  localDateInput,
  presetRange,
  RANGE_PRESETS,
  type DateRange,
  type RangePreset,
} from './ranges';
import { useLiveScans, useTimeseries } from './useTimeseries';
import { StatisticsExtras } from './StatisticsExtras';
import { RULE_DEVICES } from '../../shared/schemas/rules';

// Charts are heavy; they load when the first chart is shown (STYLE: heavy parts load lazily).
const TimeseriesChart = lazy(() =>
  import('./TimeseriesChart').then((module) => ({ default: module.TimeseriesChart })),
);

// The world map carries its map data (about 100 KB): it loads with the first country breakdown.
const CountryMap = lazy(() =>
  import('./CountryMap').then((module) => ({ default: module.CountryMap })),
);

export interface ItemStatisticsProps {
  projectId: string;
  /** A QR code, short link or Action of the project; the whole project when absent. */
  itemId?: string;
}

const DEFAULT_PRESET = '30d' satisfies RangePreset;

type BreakdownMetaKey = 'byDevice' | 'byOs' | 'byBrowser' | 'byCountry' | 'byReferrer';
const BREAKDOWNS: { dimension: BreakdownDimension; metaKey: BreakdownMetaKey }[] = [
  { dimension: 'device', metaKey: 'byDevice' },
  { dimension: 'os', metaKey: 'byOs' },
  { dimension: 'browser', metaKey: 'byBrowser' },
  { dimension: 'country', metaKey: 'byCountry' },
  { dimension: 'referrer', metaKey: 'byReferrer' },
];

/** The device types the statistics name (one list, shared with the rules' device condition). */
const DEVICES: readonly string[] = RULE_DEVICES;

/** The totals at the top: the label's word, the answer's field and the test id. */
const TOTALS = [
  ['total_scans', 'total', 'total'],
  ['unique_visitors', 'uniqueVisitors', 'unique'],
  ['bots', 'bots', 'bots'],
] as const;

export function ItemStatistics({ projectId, itemId }: ItemStatisticsProps) {
  const translate = useTranslate();
  const [locale = 'nl'] = useLocaleState();
  // Days are the project's days: presets count back from today where the project is.
  const { data: project } = useGetOne<{ id: string; timeZone?: string }>('projects', {
    id: projectId,
  });
  const timeZone = project?.timeZone;
  const [preset, setPreset] = useState<RangePreset>(DEFAULT_PRESET);
  // A preset's range is fixed when it is chosen: "now" must not change the query on every render.
  const [range, setRange] = useState<DateRange>(() => presetRange(DEFAULT_PRESET, timeZone));
  const [custom, setCustom] = useState(() => ({
    from: localDateInput(timeZone ?? 'UTC', 29),
    to: localDateInput(timeZone ?? 'UTC'),
  }));
  // The project (and its zone) arrived after the first render: count the preset's days there.
  useEffect(() => {
    if (!timeZone || preset === 'custom') return;
    const next = presetRange(preset, timeZone);
    setRange((current) => (current.from === next.from ? current : next));
    // Only a new zone moves the range; a chosen preset sets its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
  const customIsValid = customRange(custom.from, custom.to) !== null;
  const query = useTimeseries({ projectId, itemId, ...range });
  const result = query.data;

  const choosePreset = (next: RangePreset | null) => {
    if (!next) return;
    setPreset(next);
    if (next === 'custom') {
      const chosen = customRange(custom.from, custom.to);
      if (chosen) setRange(chosen);
    } else {
      setRange(presetRange(next, timeZone));
    }
  };
  const changeCustom = (field: 'from' | 'to', value: string) => {
    const next = { ...custom, [field]: value };
    setCustom(next);
    const chosen = customRange(next.from, next.to);
    if (chosen) setRange(chosen);
  };

  const labelOf = (dimension: BreakdownDimension) => (key: string) => {
    if (dimension === 'device') {
      return DEVICES.includes(key) ? translate(`app.statistics.devices.${key}`) : key;
    }
    if (key === 'unknown') {
      return translate(
        dimension === 'referrer' ? 'app.statistics.direct' : 'app.statistics.unknown',
      );
    }
    return dimension === 'country' ? countryLabel(key, locale) : key;
  };

  return (
    <Box data-testid="item-statistics" sx={{ display: 'grid', gap: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}
      >
        <ToggleButtonGroup
          value={preset}
          exclusive
          size="small"
          color="primary"
          onChange={(_event, value: RangePreset | null) => choosePreset(value)}
          aria-label={translate('app.statistics.range_label')}
          sx={{ flexWrap: 'wrap' }}
        >
          {RANGE_PRESETS.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`stats-range-${value}`}>
              {translate(`app.statistics.ranges.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {preset === 'custom' && (
          <Stack direction="row" spacing={1.5}>
            <TextField
              type="date"
              size="small"
              label={translate('app.statistics.from')}
              value={custom.from}
              onChange={(event) => changeCustom('from', event.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'stats-from' },
              }}
            />
            <TextField
              type="date"
              size="small"
              label={translate('app.statistics.to')}
              value={custom.to}
              onChange={(event) => changeCustom('to', event.target.value)}
              error={!customIsValid}
              helperText={customIsValid ? undefined : translate('app.statistics.invalid_range')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'stats-to' } }}
            />
          </Stack>
        )}
      </Stack>

      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>

      {query.isError ? (
        <Alert severity="error" data-testid="stats-error">
          {translate(errorKey(query.error), { _: translate('app.statistics.error') })}
        </Alert>
      ) : null}

      <Grid container spacing={2}>
        {TOTALS.map(([word, field, testId]) => (
          <Grid key={field} size={{ xs: 6, md: 3 }}>
            <Total
              label={translate(`app.statistics.${word}`)}
              value={result?.meta[field]}
              locale={locale}
              testId={`stats-${testId}`}
            />
          </Grid>
        ))}
        {!itemId ? (
          <Grid size={{ xs: 6, md: 3 }}>
            <LiveTotal projectId={projectId} locale={locale} />
          </Grid>
        ) : null}
      </Grid>
      {result ? (
        <Typography variant="body2" color="text.secondary" data-testid="stats-change">
          {result.meta.change === null
            ? translate('app.statistics.change_none')
            : translate('app.statistics.change', {
                change: `${result.meta.change > 0 ? '+' : ''}${result.meta.change.toLocaleString(locale)}`,
              })}
        </Typography>
      ) : null}

      {result && result.meta.total === 0 ? (
        <Card variant="outlined" data-testid="stats-empty">
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <InsightsIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="p" gutterBottom>
              {translate('app.statistics.empty_title')}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.statistics.empty_message')}
            </Typography>
          </CardContent>
        </Card>
      ) : null}

      {result && result.meta.total > 0 ? (
        <>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {translate('app.statistics.scans_over_time')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`app.statistics.granularity.${result.meta.granularity}`)}
                {' · '}
                {translate('app.statistics.tz_note', { zone: result.meta.timeZone })}
              </Typography>
              <Box data-testid="stats-chart" sx={{ mt: 1 }}>
                <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                  <TimeseriesChart
                    points={result.data}
                    granularity={result.meta.granularity}
                    timeZone={result.meta.timeZone}
                    locale={locale}
                    scansLabel={translate('app.statistics.total_scans')}
                    uniqueLabel={translate('app.statistics.unique_visitors')}
                  />
                </Suspense>
              </Box>
            </CardContent>
          </Card>
          <Grid container spacing={2}>
            {BREAKDOWNS.map(({ dimension, metaKey }) => (
              <Grid key={dimension} size={{ xs: 12, md: 6, lg: 4 }}>
                <BreakdownCard
                  title={translate(`app.statistics.breakdowns.${dimension}`)}
                  entries={result.meta[metaKey]}
                  total={result.meta.total}
                  labelOf={labelOf(dimension)}
                  otherLabel={translate('app.statistics.other')}
                  locale={locale}
                  testId={`stats-breakdown-${dimension}`}
                />
              </Grid>
            ))}
            {result.meta.byVariant.length > 0 ? (
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <BreakdownCard
                  title={translate('app.statistics.breakdowns.variant')}
                  entries={result.meta.byVariant}
                  total={result.meta.total}
                  labelOf={(key) => key}
                  otherLabel={translate('app.statistics.other')}
                  locale={locale}
                  testId="stats-breakdown-variant"
                />
              </Grid>
            ) : null}
          </Grid>
          {result.meta.byCountry.some((entry) => entry.key !== 'unknown') ? (
            <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
              <CountryMap
                entries={result.meta.byCountry}
                title={translate('app.statistics.map_title')}
                description={translate('app.statistics.map_description')}
                labelOf={labelOf('country')}
                tooltipOf={(country, scans) =>
                  translate('app.statistics.map_tooltip', { country, scans })
                }
                noScansLabel={translate('app.statistics.map_none')}
                locale={locale}
              />
            </Suspense>
          ) : null}
          <StatisticsExtras
            statistics={result}
            query={{ projectId, itemId, ...range }}
            locale={locale}
          />
          {/* DB-IP's CC BY 4.0 licence asks for this link wherever its results are shown. */}
          <Typography variant="caption" color="text.secondary">
            <Link href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
              {translate('app.statistics.geo_credit')}
            </Link>
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

function Total({
  label,
  value,
  locale,
  testId,
}: {
  label: string;
  value: number | undefined;
  locale: string;
  testId: string;
}): ReactNode {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        {value === undefined ? (
          <Skeleton width={64} height={40} />
        ) : (
          <Typography
            variant="h4"
            component="p"
            data-testid={testId}
            title={value.toLocaleString(locale)}
          >
            {abbreviateCount(value, locale)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Counted scans of the last 15 minutes, polled every 5 s (from the server's memory). */
function LiveTotal({ projectId, locale }: { projectId: string; locale: string }): ReactNode {
  const translate = useTranslate();
  const live = useLiveScans(projectId);
  const value = live.data?.reduce((sum, minute) => sum + minute.scans, 0);
  return (
    <Total
      label={translate('app.statistics.live')}
      value={value}
      locale={locale}
      testId="stats-live"
    />
  );
}

function errorKey(error: unknown): string {
  return error instanceof ApiHttpError ? error.message : 'app.statistics.error';
}
