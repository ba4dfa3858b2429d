// /password/forget: asks for a reset link (POST /password/forget answers 204 for any address).
import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { z } from 'zod';
import { emailSchema } from '../../shared/schemas/common';
import { useAuthCalls } from '../providers/authProvider';
import { zodValidate } from '../validation';
import { NoNavLayout } from '../layout/NoNavLayout';
import { useResultNotify } from '../useNotifications';
import { FooterLink } from './FooterLink';

const validate = zodValidate(z.object({ email: emailSchema }));

export function PasswordForgetPage() {
  const translate = useTranslate();
  const auth = useAuthCalls();
  const { failure } = useResultNotify();
  const [sent, setSent] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    try {
      await auth.forgetPassword(String(values.email ?? ''));
      setSent(true);
    } catch (error) {
      failure('data', 'saving', error);
    }
  };
  return (
    <NoNavLayout title={translate('app.password_forget.title')}>
      {sent ? (
        <Alert severity="success" data-testid="password-forget-sent">
          {translate('app.password_forget.sent')}
        </Alert>
      ) : (
        <Form onSubmit={submit} validate={validate} mode="onChange">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.password_forget.intro')}
          </Typography>
          <TextInput
            source="email"
            type="email"
            label="app.login.email"
            autoComplete="email"
            fullWidth
          />
          <Button type="submit" variant="contained" fullWidth data-testid="password-forget-submit">
            {translate('app.password_forget.submit')}
          </Button>
        </Form>
      )}
      <FooterLink to="/login" label="app.login.back_to_login" />
    </NoNavLayout>
  );
}
