// The details tab QR codes and short links share (issue 8 part 5): duplicate and trash at the top,
// the fields on the left with the tags below them, a card on the right with the scan URL and the
// Action, and a save button. Each kind brings its own fields, card items and what it sends.
import type { ComponentType, ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
  type ValidateForm,
} from 'react-admin';
import { DestinationWarning } from '../actions/DestinationWarning';
import { LabelsInput } from '../labels/LabelsInput';
import { useRecordWithoutLabels, type RecordWithLabels } from '../labels/useRecordWithoutLabels';
import { ActionLabel } from './ActionLabel';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';

type ItemRecord = RecordWithLabels & {
  name: string;
  action: { id: string; name: string; objectType: string } | null;
};

export interface ProjectItemEditProps<T extends ItemRecord> {
  resource: 'qr-codes' | 'short-links';
  pid: string;
  id: string;
  /** Duplicate and trash of this kind. */
  Actions: ComponentType<{ pid: string; id: string; name: string }>;
  validate: ValidateForm;
  /** What the form sends: only its own fields, as tags save on their own (LabelsInput). */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  onSaved: () => void;
  onSaveError: (error: unknown) => void;
  saveTestId: string;
  /** The fields above the tags. */
  fields: (record: T) => ReactNode;
  /** What the card shows above the Action (the scan URL). */
  cardTop: (record: T) => ReactNode;
  /** What the card shows below the Action (download, scans). */
  cardBottom: (record: T) => ReactNode;
  /** What follows the two columns (the design). */
  below?: (record: T) => ReactNode;
}

function TopActions({
  pid,
  Actions,
}: {
  pid: string;
  Actions: ProjectItemEditProps<ItemRecord>['Actions'];
}) {
  const record = useRecordContext<ItemRecord>();
  if (!record) return null;
  return <Actions pid={pid} id={String(record.id)} name={record.name} />;
}

function Details<T extends ItemRecord>({
  resource,
  pid,
  labels,
  fields,
  cardTop,
  cardBottom,
  below,
}: Pick<
  ProjectItemEditProps<T>,
  'resource' | 'pid' | 'fields' | 'cardTop' | 'cardBottom' | 'below'
> & {
  labels: NonNullable<T['labels']>;
}) {
  const record = useRecordContext<T>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box>
          {fields(record)}
          <TextInput source="description" fullWidth multiline minRows={2} />
          <Box sx={{ mt: 1 }}>
            <LabelsInput
              itemType={resource === 'qr-codes' ? 'qr_code' : 'short_link'}
              itemId={String(record.id)}
              projectId={pid}
              labels={labels}
            />
          </Box>
        </Box>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {cardTop(record)}
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate(`resources.${resource}.fields.action`)}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <ActionLabel action={record.action} />
                </Box>
              </Box>
              <DestinationWarning projectId={pid} actionId={record.action?.id} />
              {cardBottom(record)}
            </Stack>
          </CardContent>
        </Card>
      </Box>
      {below?.(record)}
    </Box>
  );
}

/**
 * The form's record leaves the tags out: they save on their own (LabelsInput), and the refetch
 * after a tag change must not reset what is being typed in the form.
 */
function ItemForm<T extends ItemRecord>(
  props: Omit<ProjectItemEditProps<T>, 'id' | 'Actions' | 'transform' | 'onSaved' | 'onSaveError'>,
) {
  const { record, formRecord } = useRecordWithoutLabels<T>();
  if (!record || !formRecord) return null;
  return (
    <SimpleForm
      record={formRecord}
      validate={props.validate}
      mode="onChange"
      toolbar={
        <Toolbar>
          <SaveButton data-testid={props.saveTestId} />
        </Toolbar>
      }
    >
      <Details<T> {...props} labels={record.labels ?? []} />
    </SimpleForm>
  );
}

export function ProjectItemEdit<T extends ItemRecord>(props: ProjectItemEditProps<T>) {
  return (
    // The item's page (QrCodePage, ShortLinkPage) sets the title for every tab.
    <ProjectRecordEdit
      {...props}
      title={false}
      actions={<TopActions pid={props.pid} Actions={props.Actions} />}
    >
      <ItemForm<T> {...props} />
    </ProjectRecordEdit>
  );
}
