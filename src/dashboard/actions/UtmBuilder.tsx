// The UTM builder under a link field (issue 16): five tag fields that write into the link's query
// string and are read back from it, so the link and the fields never disagree; a project's named
// presets fill the fields in one choice, and the current tags can be saved as a preset.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Collapse, MenuItem, Stack, TextField, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useDataProvider, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { apiErrorKey } from '../../shared/errors';
import { issueToApiError } from '../../shared/validation';
import {
  buildUtm,
  EMPTY_UTM,
  hasUtm,
  parseUtm,
  UTM_FIELDS,
  utmPresetSchema,
  type UtmField,
  type UtmPreset,
  type UtmTags,
} from '../../shared/utm';
import { projectIdFromPath } from '../navigation';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ApiHttpError } from '../providers/http';

const T = 'app.actions.utm';

/** The project's presets, asked for once the builder is opened. */
function usePresets(projectId: string, isOpen: boolean) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['projects', projectId, 'utm-presets'];
  const query = useQuery({
    queryKey,
    queryFn: async () => (await dataProvider.getUtmPresets(projectId)).data,
    enabled: Boolean(projectId) && isOpen,
  });
  const save = useMutation({
    mutationFn: async (presets: UtmPreset[]) =>
      (await dataProvider.saveUtmPresets(projectId, presets)).data,
    onSuccess: (presets) => queryClient.setQueryData(queryKey, presets),
  });
  return { presets: query.data ?? [], save };
}

/** The message key and bounds of a preset the shared schema refuses. */
function presetError(preset: UtmPreset): { key: string; args: object } | null {
  const parsed = utmPresetSchema.safeParse(preset);
  if (parsed.success) return null;
  const error = issueToApiError(parsed.error.issues[0]);
  return { key: apiErrorKey(error.code), args: error.meta ?? {} };
}

export function UtmBuilder({ source = 'data.link' }: { source?: string }) {
  const translate = useTranslate();
  const name = useWrappedSource(source);
  const { setValue } = useFormContext();
  const link = (useWatch({ name }) as string | undefined) ?? '';
  const pid = projectIdFromPath(useLocation().pathname) ?? '';
  const parsed = parseUtm(link);
  const [isOpen, setOpen] = useState(() => hasUtm(parsed));
  const { presets, save } = usePresets(pid, isOpen);
  // What is typed, so a space typed between two words survives until the next letter; the link
  // holds the trimmed value, and a link changed elsewhere wins over a draft it no longer matches.
  const [draft, setDraft] = useState<UtmTags>(EMPTY_UTM);
  const shown = (field: UtmField) =>
    draft[field].trim() === parsed[field] ? draft[field] : parsed[field];
  const [presetName, setPresetName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const panelId = useId();

  const write = (tags: Partial<UtmTags>) =>
    setValue(name, buildUtm(link, tags), { shouldDirty: true, shouldValidate: true });

  const change = (field: UtmField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    write({ [field]: value });
  };

  const apply = (presetName: string) => {
    const preset = presets.find((candidate) => candidate.name === presetName);
    if (!preset) return;
    setDraft({ ...preset.tags });
    write(preset.tags);
  };

  const saveAsPreset = async () => {
    const tags = Object.fromEntries(UTM_FIELDS.map((field) => [field, parsed[field]])) as UtmTags;
    const preset = { name: presetName.trim(), tags };
    const invalid = presetError(preset);
    if (invalid) {
      setNameError(translate(invalid.key, invalid.args));
      return;
    }
    // A preset saved under a name that exists replaces it: the list keeps one per name.
    const others = presets.filter(
      (candidate) => candidate.name.toLowerCase() !== preset.name.toLowerCase(),
    );
    try {
      await save.mutateAsync([...others, preset]);
      setNameError(null);
      setPresetName('');
    } catch (error) {
      const refusal = error instanceof ApiHttpError ? error.body.apiErrors[0] : undefined;
      setNameError(
        translate(refusal ? apiErrorKey(refusal.code) : 'ra.notification.http_error', {
          ...refusal?.meta,
        }),
      );
    }
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="utm-builder">
      <Button
        size="small"
        startIcon={<TuneIcon />}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="utm-toggle"
      >
        {translate(`${T}.toggle`)}
      </Button>
      <Collapse in={isOpen} id={panelId}>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.hint`)}
          </Typography>
          {presets.length > 0 && (
            <TextField
              select
              size="small"
              label={translate(`${T}.apply_preset`)}
              value=""
              onChange={(event) => apply(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'utm-preset-select' } }}
            >
              {presets.map((preset) => (
                <MenuItem key={preset.name} value={preset.name}>
                  {preset.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
            {UTM_FIELDS.map((field) => (
              <TextField
                key={field}
                size="small"
                fullWidth
                label={translate(`${T}.fields.${field}`)}
                value={shown(field)}
                onChange={(event) => change(field, event.target.value)}
                slotProps={{ htmlInput: { 'data-testid': `utm-${field}` } }}
              />
            ))}
          </Stack>
          {pid && (
            <Stack direction="row" spacing={1.5} alignItems="flex-start">
              <TextField
                size="small"
                label={translate(`${T}.preset_name`)}
                value={presetName}
                onChange={(event) => {
                  setPresetName(event.target.value);
                  setNameError(null);
                }}
                error={Boolean(nameError)}
                helperText={nameError ?? ' '}
                slotProps={{ htmlInput: { 'data-testid': 'utm-preset-name' } }}
              />
              <Button
                variant="outlined"
                onClick={() => void saveAsPreset()}
                disabled={save.isPending}
                data-testid="utm-preset-save"
              >
                {translate(`${T}.save_preset`)}
              </Button>
            </Stack>
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}
