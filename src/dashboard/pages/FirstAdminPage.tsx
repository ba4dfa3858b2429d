// /setup (no-nav, no login): shown once, on a server without any user, instead of an empty
// login; creates the first platform administrator (POST /setup/first-admin) and signs them in.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { firstAdminSchema } from '../../shared/schemas/signup';
import { NoNavLayout } from '../layout/NoNavLayout';
import { ApiHttpError } from '../providers/http';
import { submitForm } from '../forms/submitForm';
import { useAuthCalls } from '../providers/authProvider';
import { useResultNotify } from '../useNotifications';
import { zodValidate } from '../validation';
import { NewAccountInputs } from './NewAccountInputs';
import { useEnterSession } from './signIn';
import { useAuthOptions } from './useAuthOptions';

const validate = zodValidate(firstAdminSchema);

export function FirstAdminPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const enterSession = useEnterSession();
  const options = useAuthOptions();
  const auth = useAuthCalls();
  const { failure } = useResultNotify();

  useEffect(() => {
    if (options && !options.firstAdminNeeded) navigate('/login', { replace: true });
  }, [options, navigate]);

  const submit = (values: Record<string, unknown>) =>
    submitForm(
      async () => {
        const self = await auth.createFirstAdmin(values);
        await enterSession(self, { replace: true });
      },
      (error) => {
        // Someone else set the server up meanwhile: their account is there to sign in with.
        if (error instanceof ApiHttpError && error.code === 'first_admin_exists')
          navigate('/login', { replace: true });
        else failure('user', 'saving', error);
      },
    );

  return (
    <NoNavLayout title={translate('app.first_admin.title')}>
      <Typography sx={{ mb: 2 }}>{translate('app.first_admin.intro')}</Typography>
      <Form onSubmit={submit} validate={validate} mode="onChange">
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <NewAccountInputs labels="app.first_admin" />
          <Button type="submit" variant="contained" size="large" data-testid="first-admin-submit">
            {translate('app.first_admin.submit')}
          </Button>
        </Box>
      </Form>
    </NoNavLayout>
  );
}
