// "Apply a template" in a QR code form: copies the template's design into the form (the QR code
// keeps its own copy; later changes to the template do not move printed codes).
import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { normaliseDesign } from '../design/QrDesignInput';
import type { QrCodeTemplateRecord } from '../qr-codes/types';

export function TemplatePicker({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const templateId = useWatch({ name: 'templateId' }) as string | null | undefined;
  const { data = [], isPending } = useGetList<QrCodeTemplateRecord>('qr-code-templates', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    meta: { projectId },
  });
  if (!isPending && data.length === 0) return null;
  const known = data.some((template) => template.id === templateId);
  return (
    <TextField
      select
      size="small"
      label={translate('app.qr_codes.template')}
      value={known ? templateId : ''}
      helperText={translate('app.qr_codes.template_help')}
      sx={{ minWidth: 260, mb: 2 }}
      data-testid="qr-template-select"
      onChange={(event) => {
        const template = data.find((t) => t.id === event.target.value);
        if (!template) return;
        setValue('design', normaliseDesign(template.design), { shouldDirty: true });
        setValue('templateId', template.id, { shouldDirty: true });
      }}
    >
      {data.map((template) => (
        <MenuItem key={template.id} value={template.id} data-testid={`qr-template-${template.id}`}>
          {template.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
