// /settings/security: password change (PUT /self/password; the server's field errors show at the
// fields) and two-step sign-in.
import { Card, CardContent, Typography } from '@mui/material';
import {
  Form,
  PasswordInput,
  SaveButton,
  Title,
  Toolbar,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { passwordChangeSchema } from '../../shared/schemas/auth';
import { ApiHttpError } from '../providers/http';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { zodValidate } from '../validation';
import { useResultNotify } from '../useNotifications';
import { TwoFactorSection } from './TwoFactorSection';

const validate = zodValidate(passwordChangeSchema);
const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

function ResetAfterSave() {
  // Cleared after a successful change so the old and new password do not linger in the page.
  const { formState, reset } = useFormContext();
  if (formState.isSubmitSuccessful && formState.isDirty && !Object.keys(formState.errors).length) {
    setTimeout(() => reset(EMPTY), 0);
  }
  return null;
}

export function SecurityPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { success, failure } = useResultNotify();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.changePassword(passwordChangeSchema.parse(values));
      success('password', 'saved');
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 422) return error.body.errors;
      failure('password', 'saving', error);
    }
    return undefined;
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('app.settings.security_title')} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('app.settings.security_title')}
        </Typography>
        <Form onSubmit={submit} validate={validate} mode="onChange" defaultValues={EMPTY}>
          <PasswordInput
            source="currentPassword"
            label="app.settings.current_password"
            autoComplete="current-password"
            fullWidth
          />
          <PasswordInput
            source="password"
            label="app.settings.password"
            autoComplete="new-password"
            fullWidth
          />
          <PasswordInput
            source="passwordConfirmation"
            label="app.settings.password_confirmation"
            autoComplete="new-password"
            fullWidth
          />
          <ResetAfterSave />
          <Toolbar sx={{ px: 0 }}>
            <SaveButton label="app.settings.save" alwaysEnable />
          </Toolbar>
        </Form>
        <TwoFactorSection />
      </CardContent>
    </Card>
  );
}
