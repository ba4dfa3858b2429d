// An image of a theme (the logo or the background picture): upload through the file API with a
// progress bar, preview, and remove. The stored logo is deleted with its own call and permission
// (ThemeLogoDelete); an upload not saved yet is simply dropped again.
import { useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MEDIA_RULES } from '../../shared/media';
import { takePickedFile, uploadMedia, useRemainingStorage } from '../media';
import { FilePickButton } from '../media/FilePickButton';
import { uploadErrorMessage } from '../providers/uploadMedia';

type State =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'error'; key: string; args: Record<string, unknown> };

export interface ThemeImageInputProps {
  source: string;
  kind: 'logo' | 'image';
  label: string;
  projectId: string;
  /** The id saved in the theme, if any. */
  storedId?: string | null;
  /** Deletes the saved image on the server; without it the saved image cannot be removed here. */
  onDeleteStored?: () => Promise<void>;
  testId: string;
}

export function ThemeImageInput({
  source,
  kind,
  label,
  projectId,
  storedId = null,
  onDeleteStored,
  testId,
}: ThemeImageInputProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = (useWatch({ name: source }) as string | null | undefined) ?? null;
  const [state, setState] = useState<State>({ status: 'idle' });
  const { remaining } = useRemainingStorage(projectId);
  const rule = MEDIA_RULES[kind];
  const set = (next: string | null) =>
    setValue(source, next, { shouldDirty: true, shouldValidate: true });

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const { file, problem } = takePickedFile(event, kind, remaining) ?? {};
    if (problem) setState({ status: 'error', ...problem });
    if (!file) return;
    setState({ status: 'uploading', percent: 0 });
    const result = await uploadMedia({
      projectId,
      kind,
      file,
      onProgress: (percent) => setState({ status: 'uploading', percent }),
    }).promise;
    if (result.status === 'error') {
      setState({ status: 'error', ...uploadErrorMessage(result.error) });
      return;
    }
    setState({ status: 'idle' });
    set(result.media.id);
  };

  const isStored = value !== null && value === storedId;
  return (
    <Box sx={{ mb: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate(label)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {value && (
          <Box
            component="img"
            src={`/api/file/${value}`}
            alt=""
            sx={{
              maxHeight: 64,
              maxWidth: 160,
              borderRadius: 1,
              border: '1px solid',
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
            data-testid={`${testId}-preview`}
          />
        )}
        <FilePickButton
          kind={kind}
          testId={testId}
          disabled={state.status === 'uploading'}
          replaces={Boolean(value)}
          onPick={onPick}
        />
        {value && !isStored && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => set(storedId)}
            data-testid={`${testId}-drop`}
          >
            {translate('app.media.delete')}
          </Button>
        )}
        {isStored && onDeleteStored && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={async () => {
              await onDeleteStored();
            }}
            data-testid={`${testId}-delete`}
          >
            {translate('app.themes.delete_logo')}
          </Button>
        )}
      </Stack>
      {state.status === 'uploading' && (
        <LinearProgress variant="determinate" value={state.percent} sx={{ mt: 1, maxWidth: 320 }} />
      )}
      {state.status === 'error' ? (
        <FormHelperText error>{translate(state.key, state.args)}</FormHelperText>
      ) : (
        <FormHelperText>
          {translate('app.media.hint_types', {
            values: rule.extensions?.join(', ') ?? '',
            max: rule.maxKb,
          })}
        </FormHelperText>
      )}
    </Box>
  );
}
