// One paint of the design (dots, corners, background): a colour, or a linear/radial gradient
// with a rotation of at most 360° and two to five colour stops.
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslate } from 'react-admin';
import { GRADIENT_ANGLE_MAX } from '../../shared/constants';
import type { Gradient } from '../../shared/schemas/qrCode';

export interface Paint {
  color: string;
  gradient: Gradient | null;
}

const MAX_STOPS = 5;
const MIN_STOPS = 2;
const HEX = /^#[0-9a-fA-F]{6}$/;

interface ColorFieldProps {
  value: string;
  onChange: (color: string) => void;
  label: string;
  testId: string;
}

export function ColorField({ value, onChange, label, testId }: ColorFieldProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="input"
        type="color"
        value={value}
        aria-label={label}
        data-testid={`${testId}-picker`}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          width: 40,
          height: 40,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'transparent',
          cursor: 'pointer',
          flex: 'none',
        }}
      />
      <HexInput value={value} onChange={onChange} label={label} testId={testId} />
    </Stack>
  );
}

/** A hex text field that only reports complete colours (typing "#12" keeps the old colour). */
function HexInput({ value, onChange, label, testId }: ColorFieldProps) {
  const [text, setText] = useState(value);
  // Follow the picker (or a template) unless the text already means the same colour.
  useEffect(() => {
    setText((current) => (current.toLowerCase() === value.toLowerCase() ? current : value));
  }, [value]);
  const isValid = HEX.test(text.startsWith('#') ? text : `#${text}`);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={!isValid}
      sx={{ width: 130 }}
      slotProps={{ htmlInput: { 'data-testid': testId, maxLength: 7, spellCheck: false } }}
      onChange={(event) => {
        const next = event.target.value.trim();
        setText(next);
        const full = next.startsWith('#') ? next : `#${next}`;
        if (HEX.test(full)) onChange(full.toLowerCase());
      }}
      onBlur={() => setText(value)}
    />
  );
}

export function defaultGradient(color: string): Gradient {
  return {
    type: 'linear',
    rotation: 0,
    colorStops: [
      { offset: 0, color },
      { offset: 1, color: color.toLowerCase() === '#000000' ? '#4a4a4a' : '#000000' },
    ],
  };
}

export function PaintInput({
  value,
  onChange,
  testId,
}: {
  value: Paint;
  onChange: (paint: Paint) => void;
  testId: string;
}) {
  const translate = useTranslate();
  const gradient = value.gradient;
  const setGradient = (next: Gradient | null) => onChange({ ...value, gradient: next });
  const setStop = (index: number, stop: Partial<Gradient['colorStops'][number]>) => {
    if (!gradient) return;
    setGradient({
      ...gradient,
      colorStops: gradient.colorStops.map((s, i) => (i === index ? { ...s, ...stop } : s)),
    });
  };
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={
          <Switch
            checked={!!gradient}
            onChange={(event) =>
              setGradient(event.target.checked ? defaultGradient(value.color) : null)
            }
            slotProps={{ input: { 'data-testid': `${testId}-gradient-toggle` } as object }}
          />
        }
        label={translate('app.qr_design.use_gradient')}
      />
      {!gradient ? (
        <ColorField
          value={value.color}
          label={translate('app.qr_design.color')}
          testId={`${testId}-color`}
          onChange={(color) => onChange({ ...value, color })}
        />
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={translate('app.qr_design.gradient_type')}
              value={gradient.type}
              sx={{ minWidth: 140 }}
              onChange={(event) =>
                setGradient({
                  ...gradient,
                  type: event.target.value === 'radial' ? 'radial' : 'linear',
                })
              }
            >
              <MenuItem value="linear">{translate('app.qr_design.gradient_linear')}</MenuItem>
              <MenuItem value="radial">{translate('app.qr_design.gradient_radial')}</MenuItem>
            </TextField>
            {gradient.type === 'linear' && (
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography variant="caption" color="text.secondary">
                  {translate('app.qr_design.rotation', { degrees: gradient.rotation })}
                </Typography>
                <Slider
                  size="small"
                  min={0}
                  max={GRADIENT_ANGLE_MAX}
                  value={gradient.rotation}
                  valueLabelDisplay="auto"
                  aria-label={translate('app.qr_design.rotation', { degrees: gradient.rotation })}
                  onChange={(_, rotation) =>
                    setGradient({
                      ...gradient,
                      rotation: Array.isArray(rotation) ? rotation[0] : rotation,
                    })
                  }
                />
              </Box>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {translate('app.qr_design.stops')}
          </Typography>
          {gradient.colorStops.map((stop, index) => (
            <Stack
              key={index}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <ColorField
                value={stop.color}
                label={translate('app.qr_design.stop_color', { n: index + 1 })}
                testId={`${testId}-stop-${index}`}
                onChange={(color) => setStop(index, { color })}
              />
              <Box sx={{ flex: 1, minWidth: 120 }}>
                <Slider
                  size="small"
                  min={0}
                  max={100}
                  value={Math.round(stop.offset * 100)}
                  valueLabelDisplay="auto"
                  valueLabelFormat={(v) => `${v}%`}
                  aria-label={translate('app.qr_design.stop_offset', { n: index + 1 })}
                  onChange={(_, offset) =>
                    setStop(index, { offset: (Array.isArray(offset) ? offset[0] : offset) / 100 })
                  }
                />
              </Box>
              <IconButton
                size="small"
                disabled={gradient.colorStops.length <= MIN_STOPS}
                aria-label={translate('app.qr_design.remove_stop')}
                onClick={() =>
                  setGradient({
                    ...gradient,
                    colorStops: gradient.colorStops.filter((_, i) => i !== index),
                  })
                }
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              disabled={gradient.colorStops.length >= MAX_STOPS}
              onClick={() =>
                setGradient({
                  ...gradient,
                  colorStops: [
                    ...gradient.colorStops,
                    { offset: 1, color: gradient.colorStops[gradient.colorStops.length - 1].color },
                  ],
                })
              }
            >
              {translate('app.qr_design.add_stop')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
