// The logo in the middle of the code: upload (through the file API, kind "logo"), size, margin,
// and whether the dots behind it are left out.
import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Slider,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import type { ErrorCorrectionLevel, QrDesign } from '../../shared/schemas/qrCode';
import { maxLogoShare, MIN_LOGO_SHARE } from '../../shared/qrStyling';
import { UNLIMITED } from '../../shared/constants';
import { apiErrorKey } from '../../shared/errors';
import { AVATAR_EXTENSIONS, checkUpload } from '../../shared/media';
import { logoUrl } from './qrStyling';
import { uploadErrorMessage, uploadMedia } from '../providers/uploadMedia';

type Logo = QrDesign['logo'];

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'error'; key: string; args: Record<string, unknown> };

const ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function LogoInput({
  value,
  onChange,
  projectId,
  level,
}: {
  value: Logo;
  onChange: (logo: Logo) => void;
  projectId: string | null;
  /** The error correction level: it decides how large a logo the code can carry. */
  level: ErrorCorrectionLevel;
}) {
  const translate = useTranslate();
  // The share of the code's width the logo really covers (never above the level's maximum).
  const shown = Math.min(value.size, maxLogoShare(level));
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const url = logoUrl(value.mediaId);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file || !projectId) return;
    // Type and size here; the server checks them again, and the storage left.
    const problem = checkUpload('logo', file.name, file.size, {
      project: UNLIMITED,
      customer: UNLIMITED,
    });
    if (problem) {
      const args: Record<string, unknown> = { ...(problem.meta ?? {}) };
      if (Array.isArray(args.values)) args.values = args.values.join(', ');
      setUpload({ status: 'error', key: apiErrorKey(problem.code), args });
      return;
    }
    setUpload({ status: 'uploading', progress: 0 });
    const result = await uploadMedia({
      projectId,
      kind: 'logo',
      file,
      onProgress: (percent) => setUpload({ status: 'uploading', progress: percent / 100 }),
    }).promise;
    if (result.status === 'done') {
      setUpload({ status: 'idle' });
      onChange({ ...value, mediaId: result.media.id });
    } else {
      setUpload({ status: 'error', ...uploadErrorMessage(result.error) });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {url && (
          <Box
            component="img"
            src={url}
            alt={translate('app.qr_design.logo')}
            sx={{
              width: 56,
              height: 56,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        )}
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={!projectId || upload.status === 'uploading'}
          onClick={() => input.current?.click()}
          data-testid="qr-logo-upload"
        >
          {translate(url ? 'app.qr_design.logo_replace' : 'app.qr_design.logo_upload')}
        </Button>
        {url && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => onChange({ ...value, mediaId: null })}
            data-testid="qr-logo-remove"
          >
            {translate('app.qr_design.logo_remove')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="qr-logo-input"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate('app.qr_design.logo_hint')}
      </Typography>
      {upload.status === 'uploading' && (
        <LinearProgress variant="determinate" value={Math.round(upload.progress * 100)} />
      )}
      {upload.status === 'error' && (
        <Alert severity="error" data-testid="qr-logo-error">
          {translate(upload.key, upload.args)}
        </Alert>
      )}
      <Box>
        <Typography variant="caption" color="text.secondary">
          {translate('app.qr_design.logo_size', { percent: Math.round(shown * 100) })}
        </Typography>
        <Slider
          size="small"
          min={Math.round(MIN_LOGO_SHARE * 100)}
          max={Math.round(maxLogoShare(level) * 100)}
          value={Math.round(shown * 100)}
          data-testid="qr-logo-size"
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => `${v}%`}
          aria-label={translate('app.qr_design.logo_size', {
            percent: Math.round(shown * 100),
          })}
          onChange={(_, size) =>
            onChange({ ...value, size: (Array.isArray(size) ? size[0] : size) / 100 })
          }
        />
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {translate('app.qr_design.logo_margin', { px: value.margin })}
        </Typography>
        <Slider
          size="small"
          min={0}
          max={20}
          value={value.margin}
          valueLabelDisplay="auto"
          aria-label={translate('app.qr_design.logo_margin', { px: value.margin })}
          onChange={(_, margin) =>
            onChange({ ...value, margin: Array.isArray(margin) ? margin[0] : margin })
          }
        />
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={value.hideBackgroundDots}
            onChange={(event) => onChange({ ...value, hideBackgroundDots: event.target.checked })}
          />
        }
        label={translate('app.qr_design.hide_background_dots')}
      />
    </Stack>
  );
}
