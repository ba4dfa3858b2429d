// Print settings of a download: size in millimetres, PNG's DPI, PDF bleed with crop marks and
// CMYK, the module size this gives, and "download anyway" for a design the gate refuses.
import { Alert, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ScanCheck } from '../../shared/scannability';

export interface PrintSettings {
  /** Width and height of the printed code in mm (10 mm at least). */
  size: number;
  dpi: number;
  bleed: boolean;
  cmyk: boolean;
}

export const DEFAULT_PRINT: PrintSettings = { size: 40, dpi: 300, bleed: false, cmyk: false };
const MIN_SIZE_MM = 10;

export function PrintSettingsInput({
  value,
  onChange,
  force,
  onForceChange,
  check,
}: {
  value: PrintSettings;
  onChange: (value: PrintSettings) => void;
  force: boolean;
  onForceChange: (force: boolean) => void;
  check: ScanCheck | null;
}) {
  const translate = useTranslate();
  const sizeError = !(value.size >= MIN_SIZE_MM && value.size <= 1000);
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }} data-testid="qr-print-settings">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          type="number"
          label={translate('app.qr_print.size')}
          value={value.size}
          error={sizeError}
          helperText={sizeError ? translate('app.qr_print.size_range', { min: MIN_SIZE_MM }) : ' '}
          slotProps={{ htmlInput: { min: MIN_SIZE_MM, max: 1000, 'data-testid': 'qr-print-size' } }}
          onChange={(event) => onChange({ ...value, size: Number(event.target.value) })}
          sx={{ width: 150 }}
        />
        <TextField
          size="small"
          type="number"
          label={translate('app.qr_print.dpi')}
          value={value.dpi}
          helperText=" "
          slotProps={{ htmlInput: { min: 72, max: 1200, 'data-testid': 'qr-print-dpi' } }}
          onChange={(event) => onChange({ ...value, dpi: Number(event.target.value) })}
          sx={{ width: 120 }}
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.bleed}
              onChange={(event) => onChange({ ...value, bleed: event.target.checked })}
            />
          }
          label={translate('app.qr_print.bleed')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={value.cmyk}
              onChange={(event) => onChange({ ...value, cmyk: event.target.checked })}
            />
          }
          label={translate('app.qr_print.cmyk')}
        />
      </Stack>
      {check && (
        <Alert severity={check.moduleTooSmall ? 'warning' : 'info'} data-testid="qr-print-module">
          {translate('app.qr_print.module_size', {
            size: value.size,
            module: check.moduleMm,
            distance: check.maxDistanceCm,
          })}
        </Alert>
      )}
      {check && !check.ok && (
        <Alert severity="error" data-testid="qr-print-refused">
          {check.failures.map((failure) => translate(`app.qr_print.failures.${failure}`)).join(' ')}
          <FormControlLabel
            sx={{ display: 'flex', mt: 1 }}
            control={
              <Checkbox
                checked={force}
                data-testid="qr-print-force"
                onChange={(event) => onForceChange(event.target.checked)}
              />
            }
            label={translate('app.qr_print.force')}
          />
        </Alert>
      )}
    </Stack>
  );
}
