// /settings/profile: name and language (PUT /self), then self is refetched and the language switched.
import { Card, CardContent, Typography } from '@mui/material';
import {
  Form,
  Loading,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  Toolbar,
  useDataProvider,
  useGetIdentity,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { selfUpdateSchema } from '../../shared/schemas/auth';
import { LANGUAGES } from '../../shared/enums';
import { getSelf } from '../providers/authProvider';
import { ApiHttpError } from '../providers/http';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { zodValidate } from '../validation';
import { useResultNotify } from '../useNotifications';

const validate = zodValidate(selfUpdateSchema);

export function ProfilePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { identity, isPending, refetch } = useGetIdentity();
  const [, setLocale] = useLocaleState();
  const { success, failure } = useResultNotify();
  if (isPending || !identity) return <Loading />;

  const submit = async (values: Record<string, unknown>) => {
    const parsed = selfUpdateSchema.parse(values);
    try {
      await dataProvider.updateSelf(parsed);
      const self = await getSelf(true);
      await refetch();
      setLocale(self.localization.language);
      success('profile', 'saved');
    } catch (error) {
      if (error instanceof ApiHttpError && error.status === 422) return error.body.errors;
      failure('profile', 'saving', error);
    }
    return undefined;
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('app.settings.profile_title')} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate('app.settings.profile_title')}
        </Typography>
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
          <Toolbar sx={{ px: 0 }}>
            <SaveButton label="app.settings.save" />
          </Toolbar>
        </Form>
      </CardContent>
    </Card>
  );
}
