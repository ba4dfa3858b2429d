// A media field of SPEC §3/§4 ({ mediaId, remove, source }) for any resource: the file is checked in
// the browser (type, size, storage left), uploaded to the file API with a progress bar, and the
// field gets the new id. View and delete follow SPEC §4's three cases: a new file, a stored source,
// a pending removal.
import { useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import OpenIcon from '@mui/icons-material/OpenInNew';
import UndoIcon from '@mui/icons-material/Undo';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { MEDIA_RULES, type MediaKind } from '../../shared/media';
import { takePickedFile } from './pickedFile';
import { FilePickButton } from './FilePickButton';
import { useCurrentProjectId } from '../useCurrentProject';
import { uploadErrorMessage, uploadMedia } from '../providers/uploadMedia';
import { useRemainingStorage } from './useRemainingStorage';

export interface MediaSource {
  name: string;
  versions: { original: string };
}

/** A file uploaded while the form is open; `replaces` is the id it replaced (to drop it again). */
export interface NewMediaFile {
  name: string;
  url: string;
  mimeType: string;
  replaces: string | null;
}

export interface MediaFieldValue {
  mediaId: string | null;
  remove: boolean;
  source?: MediaSource | null;
  file?: NewMediaFile | null;
}

export const EMPTY_MEDIA_VALUE: MediaFieldValue = {
  mediaId: null,
  remove: false,
  source: null,
  file: null,
};

export type MediaCase = 'new' | 'stored' | 'removing' | 'empty';

/** Which of SPEC §4's cases a value is in. */
export function mediaCase(value: MediaFieldValue | null | undefined): MediaCase {
  if (value?.file) return 'new';
  if (value?.source && value.remove) return 'removing';
  if (value?.source) return 'stored';
  return 'empty';
}

/** The wire form `{ mediaId, remove }` of a media value (docs/api-content.md). */
export function toMediaField(value: MediaFieldValue | null | undefined): {
  mediaId: string | null;
  remove: boolean;
} {
  return { mediaId: value?.mediaId ?? null, remove: value?.remove ?? false };
}

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; name: string }
  | { status: 'error'; key: string; args: Record<string, unknown> };

export interface MediaInputProps {
  source: string;
  kind: MediaKind;
  label?: string;
  /** How to preview the file: an <img>, an <audio> player, or just its name. */
  preview?: 'image' | 'audio' | 'none';
  projectId?: string;
  helperText?: string;
}

export function MediaInput({
  source,
  kind,
  label,
  preview = 'none',
  projectId: projectIdProp,
  helperText,
}: MediaInputProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const currentProjectId = useCurrentProjectId();
  const projectId = projectIdProp ?? currentProjectId;
  const { remaining } = useRemainingStorage(projectId);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const {
    id,
    field,
    fieldState,
    formState: { isSubmitted },
    isRequired,
  } = useInput({ source });
  const value = (field.value ?? EMPTY_MEDIA_VALUE) as MediaFieldValue;
  const current = mediaCase(value);
  const testId = `media-input-${source.replace(/\./g, '-')}`;
  const rule = MEDIA_RULES[kind];

  const setValue = (next: MediaFieldValue) => {
    field.onChange(next);
    field.onBlur();
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const { file, problem } = takePickedFile(event, kind, remaining) ?? {};
    if (problem) setUpload({ status: 'error', ...problem });
    if (!file || !projectId) return;
    setUpload({ status: 'uploading', percent: 0, name: file.name });
    const handle = uploadMedia({
      projectId,
      kind,
      file,
      onProgress: (percent) =>
        setUpload((state) => (state.status === 'uploading' ? { ...state, percent } : state)),
    });
    const result = await handle.promise;
    if (result.status === 'error') {
      setUpload({ status: 'error', ...uploadErrorMessage(result.error) });
      return;
    }
    setUpload({ status: 'idle' });
    setValue({
      mediaId: result.media.id,
      remove: false,
      source: value.source ?? null,
      file: {
        name: result.media.name,
        url: result.media.versions.original,
        mimeType: result.media.mimeType,
        replaces: value.file ? value.file.replaces : value.mediaId,
      },
    });
  };

  const viewUrl =
    current === 'new'
      ? value.file?.url
      : current === 'stored'
        ? value.source?.versions.original
        : null;
  const fileName = current === 'new' ? value.file?.name : value.source?.name;
  const showFieldError = fieldState.invalid && (fieldState.isTouched || isSubmitted);

  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid={testId} data-media-case={current}>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        color={showFieldError || upload.status === 'error' ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mb: 0.5 }}
      >
        <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <FilePickButton
          kind={kind}
          inputId={id}
          testId={testId}
          buttonTestId={`${testId}-choose`}
          disabled={upload.status === 'uploading' || !projectId}
          replaces={current !== 'empty'}
          onPick={onPick}
        />
        {fileName && (
          <Typography
            variant="body2"
            sx={{
              textDecoration: current === 'removing' ? 'line-through' : undefined,
              wordBreak: 'break-all',
            }}
            data-testid={`${testId}-name`}
          >
            {fileName}
            {current === 'new' && ` (${translate('app.media.new_file')})`}
          </Typography>
        )}
        {viewUrl && (
          <Button
            size="small"
            startIcon={<OpenIcon />}
            href={viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`${testId}-view`}
          >
            {translate('app.media.view')}
          </Button>
        )}
        {current === 'new' && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() =>
              setValue({
                mediaId: value.file?.replaces ?? null,
                remove: false,
                source: value.source ?? null,
                file: null,
              })
            }
            data-testid={`${testId}-delete`}
          >
            {translate('app.media.delete')}
          </Button>
        )}
        {current === 'stored' && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => setValue({ ...value, remove: true })}
            data-testid={`${testId}-delete`}
          >
            {translate('app.media.delete')}
          </Button>
        )}
        {current === 'removing' && (
          <>
            <Typography variant="body2" color="warning.main" data-testid={`${testId}-pending`}>
              {translate('app.media.removal_pending')}
            </Typography>
            <Button
              size="small"
              startIcon={<UndoIcon />}
              onClick={() => setValue({ ...value, remove: false })}
              data-testid={`${testId}-undo`}
            >
              {translate('app.media.undo')}
            </Button>
          </>
        )}
      </Stack>
      {upload.status === 'uploading' && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={upload.percent}
            data-testid="media-upload-progress"
            aria-label={translate('app.media.uploading', { name: upload.name })}
          />
          <Typography variant="caption" color="text.secondary">
            {translate('app.media.uploading', { name: upload.name })} {upload.percent}%
          </Typography>
        </Box>
      )}
      {viewUrl && preview === 'image' && (
        <Box
          component="img"
          src={viewUrl}
          alt={fileName ?? ''}
          sx={{ mt: 1, maxWidth: 160, maxHeight: 160, display: 'block', borderRadius: 1 }}
          data-testid={`${testId}-preview`}
        />
      )}
      {viewUrl && preview === 'audio' && (
        <Box
          component="audio"
          controls
          src={viewUrl}
          sx={{ mt: 1, display: 'block', maxWidth: '100%' }}
          data-testid={`${testId}-preview`}
        />
      )}
      {upload.status === 'error' ? (
        <FormHelperText error data-testid={`${testId}-error`}>
          {translate(upload.key, upload.args)}
        </FormHelperText>
      ) : showFieldError ? (
        <FormHelperText error data-testid={`${testId}-error`}>
          <InputHelperText error={fieldState.error?.message} helperText={false} />
        </FormHelperText>
      ) : (
        <FormHelperText>
          {helperText ??
            translate(rule.extensions ? 'app.media.hint_types' : 'app.media.hint_size', {
              values: rule.extensions?.join(', ') ?? '',
              max: rule.maxKb,
            })}
        </FormHelperText>
      )}
    </Box>
  );
}
