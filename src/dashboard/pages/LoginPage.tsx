// /login (no-nav, no login): email and password; a wrong pair or too many attempts shows the
// API's message (errors.api.incorrect_email_password / too_many_attempts).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { loginSchema } from '../../shared/schemas/auth';
import { apiErrorKey } from '../../shared/errors';
import { NoNavLayout } from '../layout/NoNavLayout';
import { zodValidate } from '../validation';

const validate = zodValidate(loginSchema);

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
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setSubmitting(true);
    setError(null);
    try {
      // A failed auth check from before the login is cached; it would log the new session out.
      queryClient.removeQueries({ queryKey: ['auth'] });
      await login({ email: values.email, password: values.password });
    } catch (cause) {
      const code = errorCode(cause);
      setError(code === 'network_error' ? 'app.notification.network_error' : apiErrorKey(code));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <NoNavLayout title={translate('app.login.title')}>
      <Form onSubmit={submit} validate={validate} mode="onChange" reValidateMode="onChange">
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
              {translate(error)}
            </Alert>
          )}
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitting}
            data-testid="login-submit"
            sx={{ mt: 1 }}
          >
            {submitting ? (
              <CircularProgress size={22} color="inherit" />
            ) : (
              translate('app.login.submit')
            )}
          </Button>
          <Link component={RouterLink} to="/password/forget" sx={{ mt: 2, alignSelf: 'center' }}>
            {translate('app.login.forgot')}
          </Link>
        </Box>
      </Form>
    </NoNavLayout>
  );
}
