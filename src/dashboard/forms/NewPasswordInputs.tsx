// A new password and its confirmation (sign-up, invitation, recovery, password change), labelled
// from the screen's own translation section.
import { PasswordInput } from 'react-admin';

export function NewPasswordInputs({
  labels,
  testIds,
}: {
  /** Section of `{labels}.password` and `{labels}.password_confirmation`. */
  labels: string;
  /** data-testid of each input, where the end-to-end tests look for them. */
  testIds?: { password: string; confirmation: string };
}) {
  return (
    <>
      <PasswordInput
        source="password"
        label={`${labels}.password`}
        autoComplete="new-password"
        fullWidth
        slotProps={testIds && { htmlInput: { 'data-testid': testIds.password } }}
      />
      <PasswordInput
        source="passwordConfirmation"
        label={`${labels}.password_confirmation`}
        autoComplete="new-password"
        fullWidth
        slotProps={testIds && { htmlInput: { 'data-testid': testIds.confirmation } }}
      />
    </>
  );
}
