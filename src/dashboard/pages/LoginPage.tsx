// /login (no-nav, no login): email and password, then, for an account with two-step sign-in, the
// code from the authenticator app or a recovery code. A wrong pair, a wrong code or too many
// attempts shows the API's message (errors.api.*). A server without any user sends the visitor
// to /setup (the first administrator); open sign-up shows a link to /register.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { loginSchema } from '../../shared/schemas/auth';
import { twoFactorLoginSchema } from '../../shared/schemas/twoFactor';
import { apiErrorKey } from '../../shared/errors';
import { NoNavLayout } from '../layout/NoNavLayout';
import { TwoFactorRequired } from '../providers/authProvider';
import { zodValidate } from '../validation';
import { useAuthOptions } from './useAuthOptions';

const validatePassword = zodValidate(loginSchema);
const validateSecondStep = zodValidate(twoFactorLoginSchema);

type Step = 'password' | 'app' | 'recovery';

/** The second step asks for one code: the authenticator app's, or a recovery code instead. */
const SECOND_STEPS = {
  app: {
    intro: 'app.two_factor.login_intro',
    source: 'code',
    label: 'app.two_factor.code',
    autoComplete: 'one-time-code',
    htmlInput: { inputMode: 'numeric', 'data-testid': 'login-code', maxLength: 7 },
    switchTo: 'recovery',
    switchLabel: 'app.two_factor.use_recovery',
  },
  recovery: {
    intro: 'app.two_factor.login_recovery_intro',
    source: 'recoveryCode',
    label: 'app.two_factor.recovery_code',
    autoComplete: 'off',
    htmlInput: { 'data-testid': 'login-recovery-code' },
    switchTo: 'app',
    switchLabel: 'app.two_factor.use_app',
  },
} as const;

function errorCode(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
  )
    return error.code;
  return 'internal';
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useAuthOptions();
  const [step, setStep] = useState<Step>('password');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (options?.firstAdminNeeded) navigate('/setup', { replace: true });
  }, [options, navigate]);

  const submit = async (values: Record<string, unknown>) => {
    setSubmitting(true);
    setError(null);
    try {
      // A failed auth check from before the login is cached; it would log the new session out.
      queryClient.removeQueries({ queryKey: ['auth'] });
      if (step === 'password') await login({ email: values.email, password: values.password });
      else if (step === 'app') await login({ code: values.code });
      else await login({ recoveryCode: values.recoveryCode });
    } catch (cause) {
      if (cause instanceof TwoFactorRequired) {
        setStep('app');
        return;
      }
      const code = errorCode(cause);
      if (code === 'two_factor_login_expired') setStep('password');
      setError(code === 'network_error' ? 'app.notification.network_error' : apiErrorKey(code));
    } finally {
      setSubmitting(false);
    }
  };

  const submitButton = (label: string) => (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={submitting}
      data-testid="login-submit"
      sx={{ mt: 1 }}
    >
      {submitting ? <CircularProgress size={22} color="inherit" /> : translate(label)}
    </Button>
  );
  const errorAlert = error && (
    <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
      {translate(error)}
    </Alert>
  );

  if (step !== 'password') {
    const secondStep = SECOND_STEPS[step];
    return (
      <NoNavLayout title={translate('app.two_factor.login_title')}>
        <Form
          key={step}
          onSubmit={submit}
          validate={validateSecondStep}
          mode="onSubmit"
          reValidateMode="onChange"
        >
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {errorAlert}
            <Typography sx={{ mb: 2 }}>{translate(secondStep.intro)}</Typography>
            <TextInput
              source={secondStep.source}
              label={secondStep.label}
              autoComplete={secondStep.autoComplete}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: secondStep.htmlInput }}
            />
            {submitButton('app.two_factor.verify')}
            <Button
              onClick={() => {
                setError(null);
                setStep(secondStep.switchTo);
              }}
              data-testid="login-switch-factor"
              sx={{ mt: 2, alignSelf: 'center' }}
            >
              {translate(secondStep.switchLabel)}
            </Button>
          </Box>
        </Form>
      </NoNavLayout>
    );
  }

  return (
    <NoNavLayout title={translate('app.login.title')}>
      <Form onSubmit={submit} validate={validatePassword} mode="onChange" reValidateMode="onChange">
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {errorAlert}
          <TextInput
            source="email"
            type="email"
            label="app.login.email"
            autoComplete="username"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          />
          <PasswordInput
            source="password"
            label="app.login.password"
            autoComplete="current-password"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          />
          {submitButton('app.login.submit')}
          <Link component={RouterLink} to="/password/forget" sx={{ mt: 2, alignSelf: 'center' }}>
            {translate('app.login.forgot')}
          </Link>
          {options?.signupOpen && (
            <Link
              component={RouterLink}
              to="/register"
              sx={{ mt: 1, alignSelf: 'center' }}
              data-testid="login-register"
            >
              {translate('app.register.link')}
            </Link>
          )}
        </Box>
      </Form>
    </NoNavLayout>
  );
}
