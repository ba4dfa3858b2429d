// Name, email address, password and its confirmation of a new account (first admin, sign-up),
// labelled from the page's own translation section.
import { TextInput } from 'react-admin';
import { NewPasswordInputs } from '../forms/NewPasswordInputs';

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
      <NewPasswordInputs labels={labels} />
    </>
  );
}
