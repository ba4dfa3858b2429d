// /register (no-nav, no login): self sign-up. Step one makes the customer and its customer admin
// (POST /register); step two takes the six-digit code from the mail (POST /register/verify),
// which signs the new customer admin in.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import {
  Form,
  FormDataConsumer,
  RadioButtonGroupInput,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { registerSchema, registerVerifySchema } from '../../shared/schemas/signup';
import { NoNavLayout } from '../layout/NoNavLayout';
import { submitForm } from '../forms/submitForm';
import { useAuthCalls } from '../providers/authProvider';
import { useResultNotify } from '../useNotifications';
import { zodValidate } from '../validation';
import { NewAccountInputs } from './NewAccountInputs';
import { useEnterSession } from './signIn';
import { useAuthOptions } from './useAuthOptions';

const validateRegister = zodValidate(registerSchema);
const validateCode = zodValidate(registerVerifySchema.pick({ code: true }));
const CUSTOMER_TYPE_CHOICES = [
  { id: 'consumer', name: 'app.register.consumer' },
  { id: 'business', name: 'app.register.business' },
];

export function RegisterPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const enterSession = useEnterSession();
  const options = useAuthOptions();
  const auth = useAuthCalls();
  const { failure } = useResultNotify();
  const [email, setEmail] = useState<string | null>(null);

  const onFailure = (error: unknown) => failure('user', 'saving', error);

  const register = (values: Record<string, unknown>) =>
    submitForm(async () => setEmail((await auth.register(values)).email), onFailure);

  const verify = (values: Record<string, unknown>) =>
    submitForm(async () => {
      const self = await auth.verifyRegistration(email ?? '', String(values.code ?? ''));
      await enterSession(self, { replace: true });
    }, onFailure);

  const resend = async () => {
    await auth.resendVerification(email ?? '').catch(() => undefined);
    notify('app.register.resent', { type: 'info' });
  };

  if (options && !options.signupOpen) {
    return (
      <NoNavLayout title={translate('app.register.title')}>
        <Alert severity="info">{translate('errors.api.signup_closed')}</Alert>
        <Link component={RouterLink} to="/login" sx={{ mt: 2, display: 'block' }}>
          {translate('app.login.back_to_login')}
        </Link>
      </NoNavLayout>
    );
  }

  if (email) {
    return (
      <NoNavLayout title={translate('app.register.verify_title')}>
        <Typography sx={{ mb: 2 }} data-testid="register-verify-intro">
          {translate('app.register.verify_intro', { email })}
        </Typography>
        <Form onSubmit={verify} validate={validateCode} mode="onSubmit">
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <TextInput
              source="code"
              label="app.register.code"
              autoComplete="one-time-code"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'register-code' } }}
            />
            <Button type="submit" variant="contained" size="large" data-testid="register-verify">
              {translate('app.register.verify_submit')}
            </Button>
            <Button onClick={resend} sx={{ mt: 1 }}>
              {translate('app.register.resend')}
            </Button>
          </Box>
        </Form>
      </NoNavLayout>
    );
  }

  return (
    <NoNavLayout title={translate('app.register.title')}>
      <Typography sx={{ mb: 2 }}>{translate('app.register.intro')}</Typography>
      <Form
        onSubmit={register}
        validate={validateRegister}
        mode="onSubmit"
        reValidateMode="onChange"
        defaultValues={{ customerType: 'consumer' }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <RadioButtonGroupInput
            source="customerType"
            label="app.register.customer_type"
            choices={CUSTOMER_TYPE_CHOICES}
          />
          <FormDataConsumer>
            {({ formData }) =>
              formData.customerType === 'business' && (
                <TextInput
                  source="companyName"
                  label="app.register.company_name"
                  autoComplete="organization"
                  fullWidth
                />
              )
            }
          </FormDataConsumer>
          <NewAccountInputs labels="app.register" />
          <Button type="submit" variant="contained" size="large" data-testid="register-submit">
            {translate('app.register.submit')}
          </Button>
          <Link component={RouterLink} to="/login" sx={{ mt: 2, alignSelf: 'center' }}>
            {translate('app.register.have_account')}
          </Link>
        </Box>
      </Form>
    </NoNavLayout>
  );
}
