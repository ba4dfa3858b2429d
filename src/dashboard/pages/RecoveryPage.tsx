// /recovery?token=…: choose a new password (POST /recovery); an expired link says so.
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { z } from 'zod';
import { passwordSchema } from '../../shared/schemas/auth';
import { ApiHttpError } from '../providers/http';
import { useAuthCalls } from '../providers/authProvider';
import { zodValidate } from '../validation';
import { NoNavLayout } from '../layout/NoNavLayout';
import { useResultNotify } from '../useNotifications';

const schema = z
  .object({ password: passwordSchema, passwordConfirmation: z.string().min(1) })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: 'confirmed',
        params: { code: 'confirmed' },
      });
    }
  });
const validate = zodValidate(schema);

export function RecoveryPage() {
  const translate = useTranslate();
  const auth = useAuthCalls();
  const { failure } = useResultNotify();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'form' | 'done' | 'expired'>(token ? 'form' : 'expired');

  const submit = async (values: Record<string, unknown>) => {
    try {
      await auth.recoverPassword(token, values);
      setState('done');
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 422) {
        if (error.body.fieldErrors.token) {
          setState('expired');
          return undefined;
        }
        return error.body.errors;
      }
      failure('password', 'saving', error);
    }
    return undefined;
  };

  return (
    <NoNavLayout title={translate('app.recovery.title')}>
      {state === 'done' && <Alert severity="success">{translate('app.recovery.done')}</Alert>}
      {state === 'expired' && (
        <Alert severity="error" data-testid="recovery-expired">
          {translate('app.recovery.expired')}
        </Alert>
      )}
      {state === 'form' && (
        <Form onSubmit={submit} validate={validate} mode="onChange">
          <PasswordInput
            source="password"
            label="app.recovery.password"
            autoComplete="new-password"
            fullWidth
          />
          <PasswordInput
            source="passwordConfirmation"
            label="app.recovery.password_confirmation"
            autoComplete="new-password"
            fullWidth
          />
          <Button type="submit" variant="contained" fullWidth>
            {translate('app.recovery.submit')}
          </Button>
        </Form>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={state === 'expired' ? '/password/forget' : '/login'}>
          {translate(state === 'expired' ? 'app.login.forgot' : 'app.login.back_to_login')}
        </Link>
      </Box>
    </NoNavLayout>
  );
}
