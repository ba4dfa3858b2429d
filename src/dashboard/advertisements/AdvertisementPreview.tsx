// A phone-sized live preview of the interstitial a scan shows (src/server/scan/adPage.ts): label,
// image, text, click-through button, countdown and Continue, in the scan pages' own words.
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { MediaFieldValue } from '../media/MediaInput';
import { imageUrlOf } from './adForm';

export interface AdvertisementPreviewProps {
  name: string;
  text: string | null;
  imageUrl: string | null;
  link: string | null;
  displayTimeMs: number | null;
}

/** Whole seconds the visitor waits, as the scan page counts them. */
export const secondsOf = (displayTimeMs: number | null | undefined) =>
  Math.max(0, Math.ceil((Number(displayTimeMs) || 0) / 1000));

export function AdvertisementPreview({
  name,
  text,
  imageUrl,
  link,
  displayTimeMs,
}: AdvertisementPreviewProps) {
  const translate = useTranslate();
  const seconds = secondsOf(displayTimeMs);
  const [before, after = ''] = translate('scan.advertisement.countdown').split('{seconds}');
  const empty = !text && !imageUrl;
  return (
    <Box
      data-testid="ad-preview"
      aria-label={translate('app.advertisements.preview')}
      sx={{
        width: 300,
        height: 560,
        flexShrink: 0,
        border: 10,
        borderColor: 'grey.900',
        borderRadius: 6,
        overflow: 'auto',
        bgcolor: 'grey.100',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Paper elevation={2} sx={{ p: 2.5, textAlign: 'center', color: '#111827', bgcolor: '#fff' }}>
        <Typography
          variant="overline"
          sx={{ color: '#6b7280', letterSpacing: '.08em', display: 'block', mb: 1 }}
        >
          {translate('scan.advertisement.label')}
        </Typography>
        {imageUrl && (
          <Box
            component="img"
            src={imageUrl}
            alt={name}
            sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'contain', mb: 2 }}
            data-testid="ad-preview-image"
          />
        )}
        {text && (
          <Typography
            sx={{ whiteSpace: 'pre-line', mb: 1, overflowWrap: 'anywhere' }}
            data-testid="ad-preview-text"
          >
            {text}
          </Typography>
        )}
        {empty && (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic', mb: 1 }}>
            {translate('app.advertisements.preview_empty')}
          </Typography>
        )}
        {link && (
          <Button
            fullWidth
            variant="contained"
            color="secondary"
            sx={{ mt: 1, textTransform: 'none', fontWeight: 600 }}
            tabIndex={-1}
          >
            {translate('scan.advertisement.visit')}
          </Button>
        )}
        <Typography variant="body2" sx={{ color: '#4b5563', mt: 2 }}>
          {before}
          <strong data-testid="ad-preview-seconds">{seconds}</strong>
          {after}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={35}
          aria-hidden
          sx={{ mt: 1, borderRadius: 1 }}
        />
        <Button
          fullWidth
          variant="contained"
          sx={{ mt: 1.5, textTransform: 'none', fontWeight: 600 }}
          tabIndex={-1}
          data-testid="ad-preview-continue"
        >
          {translate('scan.advertisement.continue')}
        </Button>
      </Paper>
    </Box>
  );
}

/** The preview of the form's current values. */
export function FormAdvertisementPreview() {
  const [name, text, image, link, displayTimeMs] = useWatch({
    name: ['name', 'text', 'image', 'link', 'displayTimeMs'],
  }) as [string, string, MediaFieldValue, string, number | null];
  return (
    <AdvertisementPreview
      name={name ?? ''}
      text={text?.trim() ? text : null}
      imageUrl={imageUrlOf(image)}
      link={link?.trim() ? link : null}
      displayTimeMs={displayTimeMs}
    />
  );
}
