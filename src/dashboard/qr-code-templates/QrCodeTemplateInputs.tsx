// The fields of a template, shared by create and edit: a name (at least 3 characters) and a design.
import { Box } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { qrCodeTemplateInputSchema } from '../../shared/schemas/qrCode';
import { zodValidate } from '../validation';
import { QrDesignInput } from '../design/QrDesignInput';

export const validateTemplate = zodValidate(qrCodeTemplateInputSchema);

/** Templates have no code of their own: the preview encodes a sample of a scan URL's length. */
export const templatePreviewText = () => `${window.location.origin}/s/XXXXXXXX`;

export function QrCodeTemplateInputs({ pid }: { pid: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput
        source="name"
        fullWidth
        sx={{ maxWidth: 480 }}
        helperText={translate('app.qr_templates.name_help')}
        slotProps={{ htmlInput: { 'data-testid': 'template-name' } }}
      />
      <QrDesignInput data={templatePreviewText()} projectId={pid} />
    </Box>
  );
}
