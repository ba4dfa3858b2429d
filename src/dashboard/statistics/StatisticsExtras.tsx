// Below the chart and breakdowns: the project's top QR codes and short links, the weekday × hour
// heat map (in the project's time zone), and CSV downloads of every chart and of the raw scans.
import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useTranslate } from 'react-admin';
import { STATISTICS_CHARTS, type StatisticsChart } from '../../shared/schemas/analytics';
import type { Statistics, TopItem } from '../../shared/statsAggregation';
import { API_BASE } from '../../shared/constants';
import type { StatisticsParams } from '../providers/dataProvider';

const CHART_TITLES: Record<StatisticsChart, string> = {
  timeseries: 'app.statistics.scans_over_time',
  device: 'app.statistics.breakdowns.device',
  os: 'app.statistics.breakdowns.os',
  browser: 'app.statistics.breakdowns.browser',
  country: 'app.statistics.breakdowns.country',
  referrer: 'app.statistics.breakdowns.referrer',
  variant: 'app.statistics.breakdowns.variant',
  heatmap: 'app.statistics.heatmap',
  top: 'app.statistics.top_qr_codes',
};

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function downloadUrl(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  return `${API_BASE}${path}?${search.toString()}`;
}

export function StatisticsExtras({
  statistics,
  query,
  locale,
}: {
  statistics: Statistics;
  query: StatisticsParams;
  locale: string;
}): ReactNode {
  const translate = useTranslate();
  const theme = useTheme();
  const { meta } = statistics;
  const max = Math.max(1, ...meta.heatmap.flat());
  // The A/B versions' CSV only where a split served scans.
  const charts = STATISTICS_CHARTS.filter(
    (chart) => chart !== 'variant' || meta.byVariant.length > 0,
  );
  const params = {
    projectId: query.projectId,
    itemId: query.itemId,
    from: query.from,
    to: query.to,
  };
  const top = (title: string, items: TopItem[], testId: string) =>
    items.length > 0 ? (
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" data-testid={testId}>
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {items.map((item) => (
              <Stack key={item.itemId} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{item.name ?? item.itemId}</Typography>
                <Typography variant="body2">{item.scans.toLocaleString(locale)}</Typography>
              </Stack>
            ))}
          </CardContent>
        </Card>
      </Grid>
    ) : null;
  return (
    <>
      <Grid container spacing={2}>
        {top(translate('app.statistics.top_qr_codes'), meta.topQrCodes, 'stats-top-qr-codes')}
        {top(
          translate('app.statistics.top_short_links'),
          meta.topShortLinks,
          'stats-top-short-links',
        )}
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate('app.statistics.heatmap')}
          </Typography>
          <Box
            data-testid="stats-heatmap"
            sx={{ display: 'grid', gridTemplateColumns: '3em repeat(24, 1fr)', gap: '2px', mt: 1 }}
          >
            <span />
            {HOURS.map((hour) => (
              <Typography key={hour} variant="caption" color="text.secondary" align="center">
                {hour % 3 === 0 ? hour : ''}
              </Typography>
            ))}
            {meta.heatmap.map((row, day) => [
              <Typography key={`d${day}`} variant="caption" color="text.secondary">
                {translate(`app.statistics.weekdays.${day}`)}
              </Typography>,
              ...row.map((count, hour) => (
                <Box
                  key={`${day}-${hour}`}
                  title={count.toLocaleString(locale)}
                  sx={{
                    height: 16,
                    borderRadius: 0.5,
                    bgcolor: alpha(theme.palette.primary.main, 0.08 + 0.92 * (count / max)),
                  }}
                />
              )),
            ])}
          </Box>
        </CardContent>
      </Card>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {charts.map((chart) => (
          <Button
            key={chart}
            size="small"
            startIcon={<DownloadIcon />}
            href={downloadUrl('/analytics/export', { ...params, chart })}
            data-testid={`stats-export-${chart}`}
          >
            {translate('app.statistics.export_csv')} · {translate(CHART_TITLES[chart])}
          </Button>
        ))}
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          href={downloadUrl('/analytics/scans.csv', params)}
          data-testid="stats-export-raw"
        >
          {translate('app.statistics.export_raw')}
        </Button>
      </Stack>
    </>
  );
}
