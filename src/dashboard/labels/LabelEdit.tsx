// /projects/:pid/tag/:id/details/edit (labelDetailsEdit): rename, recolour or delete a tag.
import { Link, useParams } from 'react-router-dom';
import { Box, Button as MuiButton, Stack, Typography } from '@mui/material';
import ShortLinkIcon from '@mui/icons-material/Link';
import {
  DeleteWithConfirmButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ProjectRecordEdit } from '../common/ProjectRecordEdit';
import type { Label } from '../../shared/schemas/label';
import { useLinkNotify } from '../useNotifications';
import { LabelInputs, validateLabel } from './LabelInputs';
import { labelPaths } from './labelPaths';

function Usage({ pid }: { pid: string }) {
  const record = useRecordContext<Label>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography color="text.secondary" data-testid="label-item-count">
        {translate('app.labels.used_by', { smart_count: record.itemCount })}
      </Typography>
      <Box>
        <MuiButton
          component={Link}
          // The short link overview reads its filter from the URL.
          to={`/projects/${pid}/short-links?filter=${encodeURIComponent(JSON.stringify({ labelId: record.id }))}`}
          startIcon={<ShortLinkIcon />}
          size="small"
        >
          {translate('app.labels.show_short_links')}
        </MuiButton>
      </Box>
    </Stack>
  );
}

function EditToolbar({ pid }: { pid: string }) {
  const record = useRecordContext<Label>();
  const { success, failure } = useLinkNotify();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton data-testid="label-save" />
      {record && (
        <DeleteWithConfirmButton
          record={record}
          resource="labels"
          confirmTitle="app.labels.delete_title"
          confirmContent="app.labels.delete_content"
          translateOptions={{ name: record.name, smart_count: record.itemCount }}
          mutationOptions={{
            meta: { projectId: pid },
            onSuccess: () => success('label', 'deleted'),
            onError: (error: unknown) => failure('label', 'deleting', error),
          }}
          redirect={labelPaths.overview(pid)}
          data-testid="label-delete"
        />
      )}
    </Toolbar>
  );
}

export function LabelEdit() {
  const { pid = '', id = '' } = useParams();
  const { success, failure } = useLinkNotify();
  return (
    <ProjectRecordEdit
      resource="labels"
      pid={pid}
      id={id}
      transform={(data) => ({
        name: data.name,
        color: data.color ?? null,
      })}
      onSaved={() => success('label', 'saved')}
      onSaveError={(error) => failure('label', 'saving', error, true)}
    >
      <SimpleForm validate={validateLabel} mode="onChange" toolbar={<EditToolbar pid={pid} />}>
        <LabelInputs />
        <Usage pid={pid} />
      </SimpleForm>
    </ProjectRecordEdit>
  );
}
