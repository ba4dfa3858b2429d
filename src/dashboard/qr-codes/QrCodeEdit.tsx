// /projects/:pid/qr-code/:id/details/edit: name, description, tags, the scan URL, the design, and
// test and download; duplicate and trash at the top.
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import {
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { qrCodeInputSchema } from '../../shared/schemas/qrCode';
import type { LabelSummary } from '../../shared/schemas/label';
import { LabelsInput } from '../labels/LabelsInput';
import { useRecordWithoutLabels } from '../labels/useRecordWithoutLabels';
import { zodValidate } from '../validation';
import { QrDesignInput, normaliseDesign } from '../design/QrDesignInput';
import { TemplatePicker } from '../qr-code-templates/TemplatePicker';
import { ActionLabel } from './ActionLabel';
import { DestinationWarning } from '../actions/DestinationWarning';
import { QrCodeActions } from './QrCodeActions';
import { QrDownloadPanel } from './QrDownloadPanel';
import { ScanUrl } from './ScanUrl';
import { useQrNotify } from '../useNotifications';
import type { QrCodeRecord } from './types';

const validateQrCode = zodValidate(
  qrCodeInputSchema.pick({ name: true, description: true, design: true }),
);

function TopActions({ pid }: { pid: string }) {
  const record = useRecordContext<QrCodeRecord>();
  if (!record) return null;
  return (
    <TopToolbar>
      <QrCodeActions pid={pid} id={record.id} name={record.name} />
    </TopToolbar>
  );
}

/** Download and test what the form shows now, saved or not. */
function LiveDownloadPanel() {
  const record = useRecordContext<QrCodeRecord>();
  const design = useWatch({ name: 'design' }) as unknown;
  const name = useWatch({ name: 'name' }) as string | undefined;
  const { isDirty } = useFormState();
  if (!record) return null;
  return (
    <QrDownloadPanel
      stored={{ projectId: record.projectId, id: String(record.id), unsaved: isDirty }}
      name={name || record.name}
      text={record.scanUrl}
      design={normaliseDesign(design)}
    />
  );
}

function Details({ pid, labels }: { pid: string; labels: LabelSummary[] }) {
  const record = useRecordContext<QrCodeRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box>
          <TextInput
            source="name"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'qr-name' } }}
          />
          <TextInput source="description" fullWidth multiline minRows={2} />
          <Box sx={{ mt: 1 }}>
            <LabelsInput itemType="qr_code" itemId={record.id} projectId={pid} labels={labels} />
          </Box>
        </Box>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <ScanUrl url={record.scanUrl} />
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate('resources.qr-codes.fields.action')}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <ActionLabel action={record.action} />
                </Box>
              </Box>
              <DestinationWarning projectId={pid} actionId={record.action?.id} />
              <LiveDownloadPanel />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" gutterBottom>
        {translate('app.qr_codes.design')}
      </Typography>
      <TemplatePicker projectId={pid} />
      <QrDesignInput data={record.scanUrl} projectId={pid} />
    </Box>
  );
}

/**
 * The form's record leaves the tags out: they save on their own (LabelsInput), and the refetch
 * after a tag change must not reset what is being typed in the form.
 */
function QrCodeForm({ pid }: { pid: string }) {
  const { record, formRecord } = useRecordWithoutLabels<QrCodeRecord>();
  if (!record || !formRecord) return null;
  return (
    <SimpleForm
      record={formRecord}
      validate={validateQrCode}
      mode="onChange"
      toolbar={
        <Toolbar>
          <SaveButton data-testid="qr-save" />
        </Toolbar>
      }
    >
      <Details pid={pid} labels={record.labels ?? []} />
    </SimpleForm>
  );
}

export function QrCodeEdit({ pid, id }: { pid: string; id: string }) {
  const { success, failure } = useQrNotify();
  const meta = { projectId: pid };
  return (
    <Edit
      resource="qr-codes"
      id={id}
      // QrCodePage sets the page title for every tab.
      title={false}
      redirect={false}
      mutationMode="pessimistic"
      queryOptions={{ meta }}
      actions={<TopActions pid={pid} />}
      // Tags save on their own (LabelsInput); the form sends only its fields.
      transform={(data: Record<string, unknown>) => ({
        name: data.name,
        description: data.description ?? null,
        templateId: data.templateId ?? null,
        design: normaliseDesign(data.design),
      })}
      mutationOptions={{
        meta,
        onSuccess: () => success('qr_code', 'saved'),
        onError: (error: unknown) => failure('qr_code', 'saving', error, true),
      }}
    >
      <QrCodeForm pid={pid} />
    </Edit>
  );
}
