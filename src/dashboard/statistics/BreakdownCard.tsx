// One breakdown (devices, OS, browsers, countries, referrers): the largest few with their share,
// the rest summed as "other".
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { abbreviateCount } from '../../shared/rules';
import type { BreakdownEntry } from '../../shared/statsAggregation';

export const BREAKDOWN_ROWS = 6;

export interface BreakdownCardProps {
  title: string;
  entries: BreakdownEntry[];
  total: number;
  labelOf: (key: string) => string;
  otherLabel: string;
  locale: string;
  testId: string;
}

export function BreakdownCard({
  title,
  entries,
  total,
  labelOf,
  otherLabel,
  locale,
  testId,
}: BreakdownCardProps) {
  const shown = entries.slice(0, BREAKDOWN_ROWS);
  const rest = entries.slice(BREAKDOWN_ROWS).reduce((sum, entry) => sum + entry.scans, 0);
  const rows = shown.map((entry) => ({
    key: entry.key,
    label: labelOf(entry.key),
    scans: entry.scans,
  }));
  if (rest > 0) rows.push({ key: '__other', label: otherLabel, scans: rest });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {rows.map((row) => {
            const share = total > 0 ? row.scans / total : 0;
            return (
              <Box component="li" key={row.key}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                  <Typography variant="body2" noWrap title={row.label}>
                    {row.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                    <span title={row.scans.toLocaleString(locale)}>
                      {abbreviateCount(row.scans, locale)}
                    </span>
                    {' · '}
                    {percent.format(share)}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(share * 100)}
                  aria-label={row.label}
                  sx={{ height: 6, borderRadius: 3 }}
                />
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
