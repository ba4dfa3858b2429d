// The QR design editor on qr-code-styling, with a live preview and SPEC's scannability warnings.
// Loaded lazily (LazyQrDesigner): qr-code-styling and the controls are only needed here.
import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  MenuItem,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import {
  CORNER_DOT_TYPES,
  CORNER_SQUARE_TYPES,
  DOT_TYPES,
  type QrDesign,
} from '../../shared/schemas/qrCode';
import { ERROR_CORRECTION_LEVELS } from '../../shared/enums';
import { PaintInput, type Paint } from './PaintInput';
import { QrPreview } from './QrPreview';
import { ScannabilityWarnings } from './ScannabilityWarnings';
import { LogoInput } from './LogoInput';

export interface QrDesignerProps {
  value: QrDesign;
  onChange: (design: QrDesign) => void;
  /** The text the preview encodes: the scan URL, or a stand-in of the same length. */
  data: string;
  /** Where an uploaded logo is stored (the file API counts it toward this project). */
  projectId: string | null;
}

type Section = 'dots' | 'corners' | 'background' | 'logo' | 'options';

/** One folding part of the editor, titled by its translation `app.qr_design.<id>`. */
function Part({
  id,
  open,
  onToggle,
  children,
}: {
  id: Section;
  /** The part that is open now (one at a time), if any. */
  open: Section | false;
  onToggle: (id: Section) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Accordion
      expanded={open === id}
      onChange={() => onToggle(id)}
      disableGutters
      data-testid={`qr-design-section-${id}`}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 500 }}>{translate(`app.qr_design.${id}`)}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

function TypeSelect<T extends string>({
  label,
  value,
  options,
  translationPrefix,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  translationPrefix: string;
  onChange: (value: T) => void;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 200 }}
      data-testid={testId}
      onChange={(event) => {
        const next = options.find((option) => option === event.target.value);
        if (next) onChange(next);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`${translationPrefix}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A part drawn in a shape of its own (the dots, either kind of corner): its shape over its paint. */
function ShapeAndPaint<P extends Paint & { type: string }>({
  label,
  value,
  options,
  translationPrefix,
  testId,
  onChange,
}: {
  label: string;
  value: P;
  options: readonly P['type'][];
  translationPrefix: string;
  /** The paint's test id; the shape list's adds `-type`. */
  testId: string;
  onChange: (part: P) => void;
}) {
  return (
    <>
      <TypeSelect
        label={label}
        value={value.type}
        options={options}
        translationPrefix={translationPrefix}
        testId={`${testId}-type`}
        onChange={(type) => onChange({ ...value, type })}
      />
      <PaintInput
        value={value}
        testId={testId}
        onChange={(paint) => onChange({ ...value, ...paint })}
      />
    </>
  );
}

export default function QrDesigner({ value, onChange, data, projectId }: QrDesignerProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState<Section | false>('dots');
  const toggle = (id: Section) => setOpen((current) => (current === id ? false : id));
  const set = <K extends keyof QrDesign>(key: K, part: QrDesign[K]) =>
    onChange({ ...value, [key]: part });

  return (
    <Box
      data-testid="qr-designer"
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
        alignItems: 'start',
      }}
    >
      <Box>
        <Part id="dots" open={open} onToggle={toggle}>
          <Stack spacing={2}>
            <ShapeAndPaint
              label={translate('app.qr_design.dot_type')}
              value={value.dots}
              options={DOT_TYPES}
              translationPrefix="app.qr_design.dot_types"
              testId="qr-design-dots"
              onChange={(part) => set('dots', part)}
            />
          </Stack>
        </Part>
        <Part id="corners" open={open} onToggle={toggle}>
          <Stack spacing={2}>
            <Typography variant="subtitle2">{translate('app.qr_design.corners_square')}</Typography>
            <ShapeAndPaint
              label={translate('app.qr_design.corner_square_type')}
              value={value.cornersSquare}
              options={CORNER_SQUARE_TYPES}
              translationPrefix="app.qr_design.corner_types"
              testId="qr-design-corners-square"
              onChange={(part) => set('cornersSquare', part)}
            />
            <Typography variant="subtitle2" sx={{ pt: 1 }}>
              {translate('app.qr_design.corners_dot')}
            </Typography>
            <ShapeAndPaint
              label={translate('app.qr_design.corner_dot_type')}
              value={value.cornersDot}
              options={CORNER_DOT_TYPES}
              translationPrefix="app.qr_design.corner_types"
              testId="qr-design-corners-dot"
              onChange={(part) => set('cornersDot', part)}
            />
          </Stack>
        </Part>
        <Part id="background" open={open} onToggle={toggle}>
          <PaintInput
            value={value.background}
            testId="qr-design-background"
            onChange={(paint) => set('background', paint)}
          />
        </Part>
        <Part id="logo" open={open} onToggle={toggle}>
          <LogoInput
            value={value.logo}
            level={value.errorCorrectionLevel}
            projectId={projectId}
            onChange={(logo) => set('logo', logo)}
          />
        </Part>
        <Part id="options" open={open} onToggle={toggle}>
          <Stack spacing={2}>
            <TextField
              select
              size="small"
              label={translate('app.qr_design.error_correction')}
              value={value.errorCorrectionLevel}
              helperText={translate('app.qr_design.error_correction_help')}
              data-testid="qr-design-error-correction"
              onChange={(event) => {
                const level = ERROR_CORRECTION_LEVELS.find((l) => l === event.target.value);
                if (level) set('errorCorrectionLevel', level);
              }}
            >
              {ERROR_CORRECTION_LEVELS.map((level) => (
                <MenuItem key={level} value={level}>
                  {translate(`app.qr_design.error_correction_levels.${level}`)}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('app.qr_design.quiet_zone', { modules: value.quietZone })}
              </Typography>
              <Slider
                size="small"
                min={0}
                max={10}
                step={1}
                marks
                value={value.quietZone}
                valueLabelDisplay="auto"
                data-testid="qr-design-quiet-zone"
                aria-label={translate('app.qr_design.quiet_zone', { modules: value.quietZone })}
                onChange={(_, zone) => set('quietZone', Array.isArray(zone) ? zone[0] : zone)}
              />
              <Typography variant="caption" color="text.secondary">
                {translate('app.qr_design.quiet_zone_help')}
              </Typography>
            </Box>
          </Stack>
        </Part>
      </Box>
      <Stack spacing={2} sx={{ alignItems: 'center', position: { md: 'sticky' }, top: { md: 72 } }}>
        <Box
          sx={{
            p: 1.5,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <QrPreview data={data} design={value} size={260} />
        </Box>
        <ScannabilityWarnings design={value} />
      </Stack>
    </Box>
  );
}
