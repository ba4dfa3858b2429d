// The details tab QR codes and short links share (issue 8 part 5): duplicate and trash at the top,
// the fields on the left with the tags below them, a card on the right with the scan URL and the
// Action, and a save button. Each kind brings its own fields, card items and what it sends.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useRecordContext,
  useRedirect,
  useTranslate,
  type ValidateForm,
} from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ItemStepButton, type ItemNotices } from '../common/ItemStepButton';
import { shortLinkPaths } from '../short-links/shortLinkPaths';
import { qrCodePath } from './QrCodeTabs';
import { DestinationWarning } from '../actions/DestinationWarning';
import { LabelsInput } from '../labels/LabelsInput';
import { useRecordWithoutLabels, type RecordWithLabels } from '../labels/useRecordWithoutLabels';
import { ActionLabel } from './ActionLabel';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';

/** What differs between the two kinds' duplicate and trash buttons. */
const KINDS = {
  'qr-codes': {
    keys: 'app.qr_codes',
    testIds: 'qr',
    itemPath: (pid: string, id: string) => qrCodePath(pid, id),
    listPath: (pid: string) => `/projects/${pid}/qr-codes`,
  },
  'short-links': {
    keys: 'app.short_links',
    testIds: 'short-link',
    itemPath: (pid: string, id: string) => shortLinkPaths.tab(pid, id),
    listPath: shortLinkPaths.overview,
  },
} as const;

type ItemRecord = RecordWithLabels & {
  name: string;
  action: { id: string; name: string; objectType: string } | null;
};

export interface ProjectItemEditProps<T extends ItemRecord> {
  resource: 'qr-codes' | 'short-links';
  pid: string;
  id: string;
  validate: ValidateForm;
  /** What the form sends: only its own fields, as tags save on their own (LabelsInput). */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  /** The kind's notices: saved, duplicated and trashed, or what failed. */
  notices: ItemNotices<'saved' | 'duplicated' | 'trashed', 'saving' | 'duplicating' | 'trashing'>;
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

/** Duplicate (then to the copy) and trash (then to the list), each after a confirmation. */
function TopActions({
  resource,
  pid,
  notices,
}: Pick<ProjectItemEditProps<ItemRecord>, 'resource' | 'pid' | 'notices'>) {
  const record = useRecordContext<ItemRecord>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const redirect = useRedirect();
  if (!record) return null;
  const { keys, testIds, itemPath, listPath } = KINDS[resource];
  const item = { keys, name: record.name, testIds, notices };
  const params = { id: record.id, meta: { projectId: pid } };
  return (
    <>
      <ItemStepButton
        item={item}
        step="duplicate"
        run={() => dataProvider.duplicate(resource, params)}
        then={({ data }) => redirect(itemPath(pid, String(data.id)))}
      />
      <ItemStepButton
        item={item}
        step="trash"
        run={() => dataProvider.trash(resource, params)}
        then={() => redirect(listPath(pid))}
      />
    </>
  );
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
  props: Omit<ProjectItemEditProps<T>, 'id' | 'transform' | 'notices'>,
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
      actions={<TopActions {...props} />}
      onSaved={() => props.notices.success('saved')}
      onSaveError={(error) => props.notices.failure('saving', error, true)}
    >
      <ItemForm<T> {...props} />
    </ProjectRecordEdit>
  );
}
