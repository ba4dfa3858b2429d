// Usage against limits (SPEC §4): one bar per counter, coloured by limitLevel; -1 is unlimited.
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { USAGE_KEYS, type UsageKey } from '../../shared/enums';
import { abbreviateCount, formatStorage, limitLevel, type LimitStatus } from '../../shared/rules';
import { UNLIMITED } from '../../shared/constants';

const COLOR = { info: 'primary', warning: 'warning', error: 'error' } as const;

function format(key: UsageKey, value: number, locale: string): string {
  if (key === 'storage') return formatStorage(value, locale);
  if (key === 'scans') return abbreviateCount(value, locale);
  return value.toLocaleString(locale);
}

export function UsageList({
  status,
  keys = USAGE_KEYS,
}: {
  status: LimitStatus;
  keys?: readonly UsageKey[];
}) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Stack spacing={1.5} data-testid="usage-list">
      {keys.map((key) => {
        const used = status.used[key] ?? 0;
        const total = status.total[key] ?? UNLIMITED;
        const level = limitLevel(used, total);
        const unlimited = total === UNLIMITED;
        const value = Math.min(100, total > 0 ? (used / total) * 100 : 100);
        return (
          <Box key={key} data-testid={`usage-${key}`} data-level={level}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="body2">{translate(`app.usage.${key}`)}</Typography>
              <Typography
                variant="body2"
                color={level === 'info' ? 'text.secondary' : `${level}.main`}
              >
                {translate('app.usage.of', {
                  used: format(key, used, locale),
                  total: unlimited ? translate('app.usage.unlimited') : format(key, total, locale),
                })}
              </Typography>
            </Box>
            {/* "0 of unlimited" has nothing to fill: no bar rather than an empty or full one. */}
            {!unlimited && (
              <LinearProgress
                variant="determinate"
                value={value}
                color={COLOR[level]}
                aria-label={translate(`app.usage.${key}`)}
              />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
