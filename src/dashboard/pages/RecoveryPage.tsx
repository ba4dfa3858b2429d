// /recovery?token=…: choose a new password (POST /recovery); an expired link says so.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { z } from 'zod';
import { passwordSchema } from '../../shared/schemas/auth';
import { NewPasswordInputs } from '../forms/NewPasswordInputs';
import { fieldErrorsOf } from '../forms/submitForm';
import { useAuthCalls } from '../providers/authProvider';
import { zodValidate } from '../validation';
import { NoNavLayout } from '../layout/NoNavLayout';
import { useResultNotify } from '../useNotifications';
import { FooterLink } from './FooterLink';

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
      const fieldErrors = fieldErrorsOf(error);
      // The token is no field of the form: its refusal means the link has expired.
      if (fieldErrors?.token) setState('expired');
      else if (fieldErrors) return fieldErrors;
      else failure('password', 'saving', error);
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
          <NewPasswordInputs labels="app.recovery" />
          <Button type="submit" variant="contained" fullWidth>
            {translate('app.recovery.submit')}
          </Button>
        </Form>
      )}
      {state === 'expired' ? (
        <FooterLink to="/password/forget" label="app.login.forgot" />
      ) : (
        <FooterLink to="/login" label="app.login.back_to_login" />
      )}
    </NoNavLayout>
  );
}
