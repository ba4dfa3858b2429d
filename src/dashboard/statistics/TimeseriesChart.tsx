// The scans-over-time chart; its own module so @mui/x-charts loads only when a chart is shown.
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { Granularity } from '../../shared/rules';
import { abbreviateCount } from '../../shared/rules';
import type { TimeseriesPoint } from '../../shared/statsAggregation';
import { bucketLabel } from './format';

export interface TimeseriesChartProps {
  points: TimeseriesPoint[];
  granularity: Granularity;
  /** The project's time zone: buckets start at its midnights. */
  timeZone?: string;
  locale: string;
  scansLabel: string;
  uniqueLabel: string;
}

export function TimeseriesChart({
  points,
  granularity,
  timeZone,
  locale,
  scansLabel,
  uniqueLabel,
}: TimeseriesChartProps) {
  const theme = useTheme();
  const labels = points.map((point) => bucketLabel(point.bucket, granularity, locale, timeZone));
  const max = Math.max(1, ...points.map((point) => point.scans));
  return (
    <BarChart
      height={300}
      xAxis={[
        {
          scaleType: 'band',
          data: labels,
          tickLabelStyle: { fontSize: 12 },
        },
      ]}
      yAxis={[
        {
          // Counts are whole numbers: no 0.5 ticks on a quiet chart.
          tickNumber: Math.min(5, max),
          valueFormatter: (value: number) => abbreviateCount(value, locale),
          width: 48,
        },
      ]}
      series={[
        {
          data: points.map((point) => point.scans),
          label: scansLabel,
          color: theme.palette.primary.main,
        },
        {
          data: points.map((point) => point.uniqueVisitors),
          label: uniqueLabel,
          // The secondary colour is near-black in dark mode, and even its light shade has only
          // 2:1 against the card; a light grey keeps the 3:1 graphics need (WCAG 1.4.11).
          color:
            theme.palette.mode === 'dark' ? theme.palette.grey[400] : theme.palette.secondary.main,
        },
      ]}
      grid={{ horizontal: true }}
      margin={{ top: 16, right: 8, bottom: 8, left: 8 }}
    />
  );
}
