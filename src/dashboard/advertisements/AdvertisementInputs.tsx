// The fields of an advertisement (create and edit), beside the live phone preview.
import { Box, Stack, Typography } from '@mui/material';
import { NumberInput, TextInput, useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  AD_DISPLAY_TIME_MAX_MS,
  AD_DISPLAY_TIME_MIN_MS,
  AD_TEXT_MAX,
} from '../../shared/schemas/advertisement';
import { MediaInput } from '../media/MediaInput';
import { FormAdvertisementPreview } from './AdvertisementPreview';

function DisplayTimeHelper() {
  const translate = useTranslate();
  const locale = useLocale();
  const displayTimeMs = useWatch({ name: 'displayTimeMs' }) as number | null;
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(
    (Number(displayTimeMs) || 0) / 1000,
  );
  return (
    <>
      {translate('app.advertisements.display_time_help', {
        seconds,
        min: AD_DISPLAY_TIME_MIN_MS,
        max: AD_DISPLAY_TIME_MAX_MS,
      })}
    </>
  );
}

export function AdvertisementInputs({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={4}
      sx={{ width: '100%', alignItems: { xs: 'stretch', md: 'flex-start' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0, maxWidth: 640 }}>
        <TextInput source="name" fullWidth />
        <TextInput
          source="text"
          multiline
          minRows={3}
          fullWidth
          helperText={translate('app.advertisements.text_help', { max: AD_TEXT_MAX })}
        />
        <MediaInput source="image" kind="image" preview="image" projectId={projectId} />
        <TextInput
          source="link"
          fullWidth
          helperText={translate('app.advertisements.link_help')}
          type="url"
        />
        <NumberInput
          source="displayTimeMs"
          step={500}
          min={AD_DISPLAY_TIME_MIN_MS}
          max={AD_DISPLAY_TIME_MAX_MS}
          helperText={<DisplayTimeHelper />}
          fullWidth
        />
      </Box>
      <Box sx={{ alignSelf: { xs: 'center', md: 'flex-start' } }}>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1, textAlign: 'center' }}>
          {translate('app.advertisements.preview')}
        </Typography>
        <FormAdvertisementPreview />
      </Box>
    </Stack>
  );
}
