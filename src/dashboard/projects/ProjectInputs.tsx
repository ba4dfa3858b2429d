// Inputs shared by ProjectCreate and ProjectEdit.
import { BooleanInput, RadioButtonGroupInput, TextInput } from 'react-admin';

export const ACCESS_CHOICES = [
  { id: '0', name: 'app.projects.access_private' },
  { id: '1', name: 'app.projects.access_public' },
];

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
    </>
  );
}
