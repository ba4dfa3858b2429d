// /settings/security: password change (PUT /self/password; the server's field errors show at the
// fields) and two-step sign-in.
import { Form, PasswordInput, useDataProvider } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { passwordChangeSchema } from '../../shared/schemas/auth';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { NewPasswordInputs } from '../forms/NewPasswordInputs';
import { PageCard } from '../forms/PageCard';
import { SaveToolbar } from '../forms/SaveToolbar';
import { submitForm } from '../forms/submitForm';
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
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { success, failure } = useResultNotify();

  const submit = (values: Record<string, unknown>) =>
    submitForm(
      async () => {
        await dataProvider.changePassword(passwordChangeSchema.parse(values));
        success('password', 'saved');
      },
      (error) => failure('password', 'saving', error),
    );

  return (
    <PageCard title="app.settings.security_title" sx={{ mt: 2, maxWidth: 640 }}>
      <Form onSubmit={submit} validate={validate} mode="onChange" defaultValues={EMPTY}>
        <PasswordInput
          source="currentPassword"
          label="app.settings.current_password"
          autoComplete="current-password"
          fullWidth
        />
        <NewPasswordInputs labels="app.settings" />
        <ResetAfterSave />
        <SaveToolbar label="app.settings.save" alwaysEnable />
      </Form>
      <TwoFactorSection />
    </PageCard>
  );
}
