// Two-step sign-in on the Security page (issue 9, part 5): turn it on by scanning a QR code of
// the otpauth URL and confirming one code, see the ten recovery codes once, turn it off with the
// password or a code; a customer admin can require it for the whole organisation.
import { useCallback, useEffect, useState } from 'react';
import QRCode from 'qrcode';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControlLabel,
  List,
  ListItem,
  Switch,
  Typography,
} from '@mui/material';
import {
  Form,
  PasswordInput,
  TextInput,
  useGetIdentity,
  useNotify,
  useTranslate,
  useDataProvider,
} from 'react-admin';
import type { TwoFactorSetup, TwoFactorState } from '../../shared/schemas/twoFactor';
import { twoFactorConfirmSchema, twoFactorDisableSchema } from '../../shared/schemas/twoFactor';
import { ApiHttpError } from '../providers/http';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { getSelf } from '../providers/authProvider';
import { zodValidate } from '../validation';

const validateConfirm = zodValidate(twoFactorConfirmSchema);
const validateDisable = zodValidate(twoFactorDisableSchema);

type Step =
  | { status: 'idle' }
  | { status: 'scanning'; setup: TwoFactorSetup; qrDataUrl: string }
  | { status: 'codes'; recoveryCodes: string[] };

/** A 422's field errors for the form; anything else is shown as a notice. */
function fieldErrorsOr(error: unknown, notify: (message: string) => void) {
  if (error instanceof ApiHttpError && error.status === 422) return error.body.errors;
  notify(error instanceof ApiHttpError ? error.message : 'errors.api.internal');
  return undefined;
}

export function TwoFactorSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [state, setState] = useState<TwoFactorState | null>(null);
  const [step, setStep] = useState<Step>({ status: 'idle' });
  const showError = useCallback((message: string) => notify(message, { type: 'error' }), [notify]);

  const load = useCallback(async () => {
    setState(await dataProvider.getTwoFactor());
    // Self carries the same state; the login redirect and menus read it from there.
    await getSelf(true).catch(() => undefined);
  }, [dataProvider]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const start = async () => {
    try {
      const setup = await dataProvider.startTwoFactor();
      const qrDataUrl = await QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 220 });
      setStep({ status: 'scanning', setup, qrDataUrl });
    } catch (error) {
      fieldErrorsOr(error, showError);
    }
  };

  const confirm = async (values: Record<string, unknown>) => {
    try {
      const { recoveryCodes } = await dataProvider.confirmTwoFactor(
        twoFactorConfirmSchema.parse(values),
      );
      setStep({ status: 'codes', recoveryCodes });
      notify('app.two_factor.enabled', { type: 'success' });
      await load();
    } catch (error) {
      return fieldErrorsOr(error, showError);
    }
    return undefined;
  };

  const turnOff = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.disableTwoFactor(twoFactorDisableSchema.parse(values));
      notify('app.two_factor.disabled', { type: 'success' });
      await load();
    } catch (error) {
      return fieldErrorsOr(error, showError);
    }
    return undefined;
  };

  if (!state) return null;
  return (
    <Box data-testid="two-factor">
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.two_factor.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.two_factor.intro')}</Typography>
      {state.required && !state.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="two-factor-required">
          {translate('app.two_factor.required_by_customer')}
        </Alert>
      )}

      {step.status === 'codes' && (
        <Box data-testid="two-factor-recovery-codes">
          <Typography variant="subtitle1" component="h3">
            {translate('app.two_factor.recovery_title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{translate('app.two_factor.recovery_intro')}</Typography>
          <List dense sx={{ fontFamily: 'monospace', columns: 2 }}>
            {step.recoveryCodes.map((code) => (
              <ListItem key={code} data-testid="recovery-code">
                {code}
              </ListItem>
            ))}
          </List>
          <Button variant="contained" onClick={() => setStep({ status: 'idle' })}>
            {translate('app.two_factor.recovery_done')}
          </Button>
        </Box>
      )}

      {step.status === 'scanning' && (
        <Box>
          <Typography sx={{ mb: 1 }}>{translate('app.two_factor.scan')}</Typography>
          <img
            src={step.qrDataUrl}
            alt={translate('app.two_factor.qr_alt')}
            width={220}
            height={220}
            data-testid="two-factor-qr"
          />
          <Typography sx={{ mt: 1 }}>{translate('app.two_factor.manual')}</Typography>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            data-testid="two-factor-secret"
          >
            {step.setup.secret}
          </Typography>
          <Form onSubmit={confirm} validate={validateConfirm} mode="onSubmit">
            <TextInput
              source="code"
              label="app.two_factor.code"
              autoComplete="one-time-code"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'two-factor-code' } }}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" data-testid="two-factor-confirm">
                {translate('app.two_factor.confirm')}
              </Button>
              <Button onClick={() => setStep({ status: 'idle' })}>
                {translate('app.two_factor.cancel')}
              </Button>
            </Box>
          </Form>
        </Box>
      )}

      {step.status === 'idle' && !state.enabled && (
        <>
          <Typography sx={{ mb: 1 }} data-testid="two-factor-status">
            {translate('app.two_factor.status_off')}
          </Typography>
          <Button variant="contained" onClick={start} data-testid="two-factor-turn-on">
            {translate('app.two_factor.turn_on')}
          </Button>
        </>
      )}

      {step.status === 'idle' && state.enabled && (
        <>
          <Typography data-testid="two-factor-status">
            {translate('app.two_factor.status_on')}{' '}
            {translate('app.two_factor.recovery_left', { count: state.recoveryCodesLeft })}
          </Typography>
          <Typography sx={{ mt: 2 }}>{translate('app.two_factor.turn_off_intro')}</Typography>
          <Form onSubmit={turnOff} validate={validateDisable} mode="onSubmit">
            <PasswordInput
              source="password"
              label="app.two_factor.password"
              autoComplete="current-password"
              fullWidth
            />
            <Button
              type="submit"
              variant="outlined"
              color="error"
              data-testid="two-factor-turn-off"
            >
              {translate('app.two_factor.turn_off')}
            </Button>
          </Form>
        </>
      )}

      {identity?.role === 'customeradmin' && identity.customerId && (
        <TwoFactorPolicy
          customerId={String(identity.customerId)}
          required={state.required}
          onChange={load}
        />
      )}
    </Box>
  );
}

function TwoFactorPolicy({
  customerId,
  required,
  onChange,
}: {
  customerId: string;
  required: boolean;
  onChange: () => Promise<void>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const toggle = async (next: boolean) => {
    try {
      await dataProvider.setCustomerTwoFactor(customerId, next);
      notify('app.two_factor.policy_saved', { type: 'success' });
      await onChange();
    } catch (error) {
      notify(error instanceof ApiHttpError ? error.message : 'errors.api.internal', {
        type: 'error',
      });
    }
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('app.two_factor.policy_title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={required}
            onChange={(event) => void toggle(event.target.checked)}
            data-testid="two-factor-policy"
          />
        }
        label={translate('app.two_factor.policy_label')}
      />
    </Box>
  );
}
