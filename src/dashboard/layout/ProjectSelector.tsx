// The top bar's project selector (SPEC §1): searches GET /projects?q= debounced by 500 ms and
// switches to the chosen project's home.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Autocomplete, TextField, CircularProgress } from '@mui/material';
import { useGetList, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { PROJECT_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { useCurrentProjectId } from '../useCurrentProject';

interface ProjectOption extends RaRecord {
  name: string;
}

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function ProjectSelector() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const projectId = useCurrentProjectId();
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const q = useDebouncedValue(typing ? input : '', PROJECT_SEARCH_DEBOUNCE_MS);

  const { data = [], isFetching } = useGetList<ProjectOption>(
    'projects',
    {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
      filter: q ? { q } : {},
    },
    {
      placeholderData: (previous) => previous,
      onError: () =>
        notify('app.notification.error', {
          type: 'error',
          messageArgs: {
            action: translate('app.notification.doing.getting'),
            type: translate('app.notification.types.projects'),
          },
        }),
    },
  );
  const { data: current } = useGetOne<ProjectOption>(
    'projects',
    { id: projectId ?? '' },
    { enabled: !!projectId, retry: false },
  );
  const options = useMemo(() => {
    if (current && !data.some((project) => project.id === current.id)) return [current, ...data];
    return data;
  }, [current, data]);
  const value = options.find((project) => project.id === projectId) ?? null;

  return (
    <Autocomplete<ProjectOption, false, false, false>
      size="small"
      sx={{ width: { xs: 140, sm: 260 }, mx: { xs: 0.5, sm: 1 } }}
      options={options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      noOptionsText={translate('app.appbar.no_projects_found')}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        setTyping(reason === 'input');
      }}
      onChange={(_event, project) => {
        if (project) navigate(`/projects/${project.id}/start`);
      }}
      data-testid="project-selector"
      renderInput={(params) => (
        <TextField
          {...params}
          variant="outlined"
          placeholder={translate('app.appbar.select_project')}
          aria-label={translate('app.appbar.project_selector')}
          slotProps={{
            htmlInput: {
              ...params.inputProps,
              'aria-label': translate('app.appbar.project_selector'),
              'data-testid': 'project-selector-input',
            },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
          sx={(theme) => ({
            '& .MuiInputBase-root': {
              color: 'inherit',
              backgroundColor:
                theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(255,255,255,0.15)',
            },
            '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.3)' },
            '& .MuiSvgIcon-root': { color: 'inherit' },
          })}
        />
      )}
    />
  );
}
