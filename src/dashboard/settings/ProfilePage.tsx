// /settings/profile: name and language (PUT /self), then self is refetched and the language switched.
import {
  Form,
  Loading,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetIdentity,
  useLocaleState,
} from 'react-admin';
import { selfUpdateSchema } from '../../shared/schemas/auth';
import { LANGUAGES } from '../../shared/enums';
import { getSelf } from '../providers/authProvider';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { PageCard } from '../forms/PageCard';
import { SaveToolbar } from '../forms/SaveToolbar';
import { submitForm } from '../forms/submitForm';
import { zodValidate } from '../validation';
import { useResultNotify } from '../useNotifications';

const validate = zodValidate(selfUpdateSchema);

export function ProfilePage() {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { identity, isPending, refetch } = useGetIdentity();
  const [, setLocale] = useLocaleState();
  const { success, failure } = useResultNotify();
  if (isPending || !identity) return <Loading />;

  const submit = async (values: Record<string, unknown>) => {
    const parsed = selfUpdateSchema.parse(values);
    return submitForm(
      async () => {
        await dataProvider.updateSelf(parsed);
        const self = await getSelf(true);
        await refetch();
        setLocale(self.localization.language);
        success('profile', 'saved');
      },
      (error) => failure('profile', 'saving', error),
    );
  };

  return (
    <PageCard title="app.settings.profile_title" sx={{ mt: 2, maxWidth: 640 }}>
      <Form
        onSubmit={submit}
        validate={validate}
        mode="onChange"
        defaultValues={{
          name: identity.fullName,
          email: identity.email,
          localization: {
            language:
              (identity.localization as { language?: string } | undefined)?.language ?? 'nl',
          },
        }}
      >
        <TextInput source="name" label="app.settings.name" fullWidth />
        <TextInput source="email" label="app.settings.email" fullWidth disabled />
        <SelectInput
          source="localization.language"
          label="app.settings.language"
          choices={LANGUAGES.map((id) => ({ id, name: `app.languages.${id}` }))}
          fullWidth
        />
        <SaveToolbar label="app.settings.save" />
      </Form>
    </PageCard>
  );
}
