// Inputs shared by ProjectCreate and ProjectEdit.
import { useMemo } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { timeZoneNames } from '../../shared/timeZone';

export const ACCESS_CHOICES = [
  { id: '0', name: 'app.projects.access_private' },
  { id: '1', name: 'app.projects.access_public' },
];

/** The IANA zones as choices, searchable by any part ("amster", "new_york", "tokyo"). */
function TimeZoneInput() {
  const translate = useTranslate();
  const choices = useMemo(() => timeZoneNames().map((zone) => ({ id: zone, name: zone })), []);
  return (
    <AutocompleteInput
      source="timeZone"
      choices={choices}
      translateChoice={false}
      fullWidth
      helperText="app.projects.time_zone_help"
      noOptionsText={translate('ra.navigation.no_results')}
      TextFieldProps={{ placeholder: translate('app.projects.time_zone_search') }}
      data-testid="project-time-zone"
    />
  );
}

export function ProjectInputs() {
  return (
    <>
      <TextInput
        source="name"
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'project-name' } }}
      />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <RadioButtonGroupInput source="access" choices={ACCESS_CHOICES} />
      <BooleanInput source="tracking" />
      <TimeZoneInput />
    </>
  );
}
