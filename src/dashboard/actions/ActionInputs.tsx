// The Action editor shared by create and edit: name, the ten kind tabs (SPEC §2 "The Action
// editor"), the fields of the chosen kind, the activity, and the smart code's rules (issue 16).
import { Box, Divider } from '@mui/material';
import { TextInput } from 'react-admin';
import { ActionTargetInputs } from './ActionTargetInputs';
import { SmartInputs } from './SmartInputs';
import { ActivityInputs } from './ActivityInputs';

export function ActionInputs() {
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="name" fullWidth data-testid="action-name" />
      <ActionTargetInputs source="" />
      <Divider sx={{ my: 2 }} />
      <ActivityInputs />
      <Divider sx={{ my: 2 }} />
      <SmartInputs />
    </Box>
  );
}
