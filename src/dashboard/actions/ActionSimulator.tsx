// "What would this scanner see?" (issue 16): a made-up scan (country, device through a preset or
// custom user agent, language, moment, scan number) sent to the server's simulator, which runs
// the same decision as the scan path on the saved Action and answers the rule that fires and the
// exact response.
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { USER_AGENT_PRESETS, type UserAgentPreset } from '../../shared/userAgents';
import type { DashboardDataProvider, SimulationResult } from '../providers/dataProvider';
import { ApiHttpError } from '../providers/http';
import { apiErrorKey } from '../../shared/errors';
import { fromLocalDateTime } from './ActivityInputs';
import { useCountryChoices } from './ActionTypeInputs';

const T = 'app.actions.simulator';
const PRESETS = Object.keys(USER_AGENT_PRESETS) as UserAgentPreset[];

type Run =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: SimulationResult }
  | { status: 'error'; message: string };

const pad = (n: number) => String(n).padStart(2, '0');
function localNow(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function SimulationAnswer({ result }: { result: SimulationResult }) {
  const translate = useTranslate();
  // A redirect answers its URL; a page answers `page:{name}` (a kind's landing page or a gate).
  const page = result.location.startsWith('page:') ? result.location.slice('page:'.length) : null;
  const pageName = page
    ? translate(`${T}.pages.${page}`, { _: translate(`app.actions.types.${page}`, { _: page }) })
    : '';
  return (
    <Stack spacing={1} data-testid="simulator-result" aria-live="polite">
      <Typography data-testid="simulator-rule">
        {result.rule
          ? translate(`${T}.rule_fires`, { name: result.rule.name, n: result.rule.index + 1 })
          : translate(result.fallback ? `${T}.fallback_serves` : `${T}.no_rule`)}
      </Typography>
      {result.variant && (
        <Typography data-testid="simulator-variant">
          {translate(`${T}.variant`, { name: result.variant })}
        </Typography>
      )}
      <Typography data-testid="simulator-response">
        {!page
          ? translate(`${T}.redirect`, { status: result.status, location: result.location })
          : translate(`${T}.page`, { status: result.status, page: pageName })}
      </Typography>
      {!page && (
        <Typography
          component="code"
          data-testid="simulator-location"
          sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
        >
          {result.location}
        </Typography>
      )}
    </Stack>
  );
}

export function ActionSimulator({ projectId, id }: { projectId: string; id: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const countries = useCountryChoices();
  const [country, setCountry] = useState<string | null>(null);
  const [preset, setPreset] = useState<UserAgentPreset | 'custom'>('iphone');
  const [userAgent, setUserAgent] = useState<string>(USER_AGENT_PRESETS.iphone);
  const [language, setLanguage] = useState('');
  const [at, setAt] = useState(localNow);
  const [scanNumber, setScanNumber] = useState('1');
  const [run, setRun] = useState<Run>({ status: 'idle' });

  const choosePreset = (next: UserAgentPreset | 'custom') => {
    setPreset(next);
    if (next !== 'custom') setUserAgent(USER_AGENT_PRESETS[next]);
  };

  const simulate = async () => {
    setRun({ status: 'running' });
    try {
      const { data } = await dataProvider.simulateAction(projectId, id, {
        country,
        userAgent,
        language: language.trim(),
        at: fromLocalDateTime(at) ?? new Date().toISOString(),
        scanNumber: Number(scanNumber),
      });
      setRun({ status: 'done', result: data });
    } catch (error) {
      const refusal = error instanceof ApiHttpError ? error.body.apiErrors[0] : undefined;
      setRun({
        status: 'error',
        message: refusal
          ? `${refusal.source?.pointer ?? ''} ${translate(apiErrorKey(refusal.code), { ...refusal.meta })}`.trim()
          : translate('ra.notification.http_error'),
      });
    }
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={translate(`${T}.title`)}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${T}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${T}.hint`)}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Autocomplete
              options={countries}
              getOptionLabel={(option) => option.name}
              value={countries.find((option) => option.id === country) ?? null}
              onChange={(_event, option) => setCountry(option?.id ?? null)}
              sx={{ minWidth: 240 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate(`${T}.country`)}
                  inputProps={{ ...params.inputProps, 'data-testid': 'simulator-country' }}
                />
              )}
            />
            <TextField
              select
              label={translate(`${T}.device`)}
              value={preset}
              onChange={(event) => choosePreset(event.target.value as UserAgentPreset | 'custom')}
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'simulator-device' } }}
            >
              {[...PRESETS, 'custom' as const].map((option) => (
                <MenuItem key={option} value={option}>
                  {translate(`${T}.devices.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate(`${T}.language`)}
              placeholder="nl"
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'simulator-language', maxLength: 35 } }}
            />
          </Stack>
          <TextField
            label={translate(`${T}.user_agent`)}
            value={userAgent}
            onChange={(event) => {
              setUserAgent(event.target.value);
              setPreset('custom');
            }}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'simulator-user-agent' } }}
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              type="datetime-local"
              label={translate(`${T}.at`)}
              value={at}
              onChange={(event) => setAt(event.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'simulator-at' },
              }}
            />
            <TextField
              type="number"
              label={translate(`${T}.scan_number`)}
              value={scanNumber}
              onChange={(event) => setScanNumber(event.target.value)}
              slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'simulator-scan-number' } }}
            />
          </Stack>
          <Box>
            <Button
              variant="contained"
              onClick={() => void simulate()}
              disabled={run.status === 'running'}
              data-testid="simulator-run"
            >
              {translate(`${T}.run`)}
            </Button>
          </Box>
          {run.status === 'done' && <SimulationAnswer result={run.result} />}
          {run.status === 'error' && <Alert severity="error">{run.message}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}
