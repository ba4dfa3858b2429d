// /settings/analytics (platform admins, SPEC §2): where the dashboard sends its page views —
// nowhere, Plausible, Matomo or an endpoint of the operator's own. Ids are stripped from every
// path and browsers that ask not to be tracked send nothing.
import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, Loading, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  PAGE_ANALYTICS_PROVIDERS,
  pageAnalyticsSchema,
  type PageAnalytics,
} from '../../shared/schemas/pageAnalytics';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { PageCard } from '../forms/PageCard';
import { SaveToolbar } from '../forms/SaveToolbar';
import { submitForm } from '../forms/submitForm';
import { useHasPermission } from '../useHasPermission';
import { useResultNotify } from '../useNotifications';
import { zodValidate } from '../validation';

const validate = zodValidate(pageAnalyticsSchema);
const PROVIDER_CHOICES = PAGE_ANALYTICS_PROVIDERS.map((id) => ({
  id,
  name: `app.page_analytics.providers.${id}`,
}));

function ProviderFields() {
  const provider = useWatch({ name: 'provider' }) as PageAnalytics['provider'] | undefined;
  if (!provider || provider === 'none') return null;
  return (
    <>
      {provider !== 'custom' && (
        <TextInput
          source="siteId"
          label={`app.page_analytics.site_id_${provider}`}
          helperText={`app.page_analytics.site_id_${provider}_help`}
          fullWidth
        />
      )}
      <TextInput
        source="url"
        label={`app.page_analytics.url_${provider}`}
        helperText={`app.page_analytics.url_${provider}_help`}
        type="url"
        fullWidth
      />
    </>
  );
}

export function AnalyticsSettingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const mayEdit = useHasPermission('AnalyticsSettings');
  const { success, failure } = useResultNotify();
  const noticeType = { key: 'app.page_analytics.notice_type' };
  const [settings, setSettings] = useState<PageAnalytics | null>(null);

  useEffect(() => {
    if (!mayEdit) return;
    dataProvider.getPageAnalytics().then(
      ({ data }) => setSettings(data),
      (error: unknown) => failure(noticeType, 'getting', error),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per visit
  }, [dataProvider, mayEdit]);

  if (!mayEdit)
    return <Alert severity="warning">{translate('app.page_analytics.no_access')}</Alert>;
  if (!settings) return <Loading />;

  const submit = async (values: Record<string, unknown>) => {
    const parsed = pageAnalyticsSchema.safeParse(values);
    if (!parsed.success) return undefined;
    return submitForm(
      async () => {
        const { data } = await dataProvider.savePageAnalytics(parsed.data);
        setSettings(data);
        success(noticeType, 'saved');
      },
      (error) => failure(noticeType, 'saving', error),
    );
  };

  return (
    <PageCard
      title="app.page_analytics.title"
      intro="app.page_analytics.intro"
      sx={{ mt: 2, maxWidth: 640 }}
    >
      <Form onSubmit={submit} validate={validate} mode="onChange" defaultValues={settings}>
        <SelectInput
          source="provider"
          label="app.page_analytics.provider"
          choices={PROVIDER_CHOICES}
          fullWidth
        />
        <ProviderFields />
        <SaveToolbar label="app.settings.save" alwaysEnable />
      </Form>
    </PageCard>
  );
}
