// /projects/:pid/qr-code/:id/details/edit: name, description, tags, the scan URL, the design, and
// test and download; duplicate and trash at the top.
import { Divider, Typography } from '@mui/material';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { qrCodeInputSchema } from '../../shared/schemas/qrCode';
import { zodValidate } from '../validation';
import { QrDesignInput, normaliseDesign } from '../design/QrDesignInput';
import { TemplatePicker } from '../qr-code-templates/TemplatePicker';
import { ProjectItemEdit } from './ProjectItemEdit';
import { QrDownloadPanel } from './QrDownloadPanel';
import { ScanUrl } from './ScanUrl';
import { useQrNotify } from '../useNotifications';
import { itemNotices } from '../common/ItemStepButton';
import type { QrCodeRecord } from './types';

const validateQrCode = zodValidate(
  qrCodeInputSchema.pick({ name: true, description: true, design: true }),
);

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

function Design({ pid, scanUrl }: { pid: string; scanUrl: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" gutterBottom>
        {translate('app.qr_codes.design')}
      </Typography>
      <TemplatePicker projectId={pid} />
      <QrDesignInput data={scanUrl} projectId={pid} />
    </>
  );
}

export function QrCodeEdit({ pid, id }: { pid: string; id: string }) {
  const notices = itemNotices(useQrNotify(), 'qr_code');
  return (
    <ProjectItemEdit<QrCodeRecord>
      resource="qr-codes"
      pid={pid}
      id={id}
      transform={(data) => ({
        name: data.name,
        description: data.description ?? null,
        templateId: data.templateId ?? null,
        design: normaliseDesign(data.design),
      })}
      validate={validateQrCode}
      notices={notices}
      saveTestId="qr-save"
      fields={() => (
        <TextInput
          source="name"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'qr-name' } }}
        />
      )}
      cardTop={(record) => <ScanUrl url={record.scanUrl} />}
      cardBottom={() => <LiveDownloadPanel />}
      below={(record) => <Design pid={pid} scanUrl={record.scanUrl} />}
    />
  );
}
