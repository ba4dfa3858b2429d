// Name, email address, password and its confirmation of a new account (first admin, sign-up),
// labelled from the page's own translation section.
import { PasswordInput, TextInput } from 'react-admin';

export function NewAccountInputs({ labels }: { labels: 'app.first_admin' | 'app.register' }) {
  return (
    <>
      <TextInput source="name" label={`${labels}.name`} autoComplete="name" fullWidth />
      <TextInput
        source="email"
        type="email"
        label={`${labels}.email`}
        autoComplete="username"
        fullWidth
      />
      <PasswordInput
        source="password"
        label={`${labels}.password`}
        autoComplete="new-password"
        fullWidth
      />
      <PasswordInput
        source="passwordConfirmation"
        label={`${labels}.password_confirmation`}
        autoComplete="new-password"
        fullWidth
      />
    </>
  );
}
