// Print settings of a download: size in millimetres, PNG's DPI, PDF bleed with crop marks and
// CMYK, the module size this gives, and "download anyway" for a design the gate refuses.
import { useState } from 'react';
import { Alert, Checkbox, FormControlLabel, Stack, TextField, type SxProps } from '@mui/material';
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

/** A download's print settings and its "download anyway", as PrintSettingsInput takes them. */
export interface PrintSettingsState {
  value: PrintSettings;
  onChange: (value: PrintSettings) => void;
  force: boolean;
  onForceChange: (force: boolean) => void;
}

export function usePrintSettings(): PrintSettingsState {
  const [value, onChange] = useState<PrintSettings>(DEFAULT_PRINT);
  const [force, onForceChange] = useState(false);
  return { value, onChange, force, onForceChange };
}

/** What a download sends: the print settings and whether to download anyway. */
export const printOptions = ({ value, force }: PrintSettingsState) => ({ ...value, force });

/** A checkbox with its label. */
export function LabeledCheckbox({
  label,
  checked,
  onChange,
  testId,
  sx,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
  sx?: SxProps;
}) {
  return (
    <FormControlLabel
      sx={sx}
      control={
        <Checkbox
          checked={checked}
          data-testid={testId}
          onChange={(event) => onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}

export function PrintSettingsInput({
  value,
  onChange,
  force,
  onForceChange,
  check,
}: PrintSettingsState & { check: ScanCheck | null }) {
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
        {(['bleed', 'cmyk'] as const).map((option) => (
          <LabeledCheckbox
            key={option}
            label={translate(`app.qr_print.${option}`)}
            checked={value[option]}
            onChange={(checked) => onChange({ ...value, [option]: checked })}
          />
        ))}
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
          <LabeledCheckbox
            sx={{ display: 'flex', mt: 1 }}
            label={translate('app.qr_print.force')}
            checked={force}
            testId="qr-print-force"
            onChange={onForceChange}
          />
        </Alert>
      )}
    </Stack>
  );
}
