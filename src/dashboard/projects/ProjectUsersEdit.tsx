// /projects/:id/users/edit: link users of the project's customer, set "can manage", unlink.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Loading,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectUser } from '../../shared/schemas/project';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { useResultNotify } from '../useNotifications';
import { ProjectTabs } from './ProjectTabs';

type ProjectUserRecord = ProjectUser & RaRecord;

export function ProjectUsersEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const { success, failure } = useResultNotify();
  const { data: project } = useGetOne<{ id: string; name: string; customerId: string }>(
    'projects',
    { id },
  );
  const linked = useGetList<ProjectUserRecord>('project-users', {
    pagination: { page: 1, perPage: 500 },
    meta: { projectId: id },
  });
  const candidates = useGetList<ProjectUserRecord>(
    'users',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'name', order: 'ASC' },
      meta: { customerId: project?.customerId },
    },
    { enabled: !!project?.customerId },
  );
  const [userId, setUserId] = useState('');
  const [canManage, setCanManage] = useState(false);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['project-users'] });
    refresh();
  };
  const run = async (
    action: () => Promise<void>,
    done: 'linked' | 'unlinked' | 'updated',
    doing: 'linking' | 'unlinking' | 'updating',
  ) => {
    try {
      await action();
      success('user', done);
      await reload();
    } catch (error) {
      failure('user', doing, error);
    }
  };

  if (!project || linked.isPending) return <Loading />;
  const linkedIds = new Set((linked.data ?? []).map((user) => user.id));
  const available = (candidates.data ?? []).filter((user) => !linkedIds.has(user.id));

  return (
    <>
      <ProjectTabs id={id} />
      <Title title={translate('app.projects.users_title', { name: project.name })} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('app.projects.users_title', { name: project.name })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <TextField
              select
              size="small"
              label={translate('app.projects.select_user')}
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
              fullWidth={false}
              sx={{ width: { xs: '100%', sm: 320 } }}
              slotProps={{ htmlInput: { 'data-testid': 'project-link-user-select' } }}
            >
              {available.map((user) => (
                <MenuItem key={user.id} value={user.id}>
                  {user.name} ({user.email})
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={canManage}
                  onChange={(event) => setCanManage(event.target.checked)}
                />
              }
              label={translate('app.projects.can_manage')}
            />
            <MuiButton
              variant="contained"
              disabled={!userId}
              data-testid="project-link-user"
              onClick={() =>
                run(
                  async () => {
                    await dataProvider.linkProjectUser(id, { id: userId, canManage });
                    setUserId('');
                    setCanManage(false);
                  },
                  'linked',
                  'linking',
                )
              }
            >
              {translate('app.projects.link_user')}
            </MuiButton>
          </Box>
          <Typography variant="subtitle1">{translate('app.projects.linked_users')}</Typography>
          {linked.data?.length ? (
            <MuiList data-testid="project-linked-users">
              {linked.data.map((user) => (
                <ListItem
                  key={user.id}
                  divider
                  secondaryAction={
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      <FormControlLabel
                        control={
                          <Switch
                            checked={user.canManage}
                            disabled={user.role === 'admin'}
                            onChange={(event) =>
                              run(
                                () =>
                                  dataProvider.updateProjectUser(id, {
                                    id: String(user.id),
                                    canManage: event.target.checked,
                                  }),
                                'updated',
                                'updating',
                              )
                            }
                          />
                        }
                        label={translate('app.projects.can_manage')}
                      />
                      {user.role !== 'admin' && (
                        <Tooltip title={translate('app.projects.unlink')}>
                          <IconButton
                            aria-label={translate('app.projects.unlink')}
                            data-testid="project-unlink-user"
                            onClick={() =>
                              run(
                                () => dataProvider.unlinkProjectUser(id, user.id),
                                'unlinked',
                                'unlinking',
                              )
                            }
                          >
                            <LinkOffIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  }
                >
                  <ListItemText
                    primary={user.name}
                    secondary={`${user.email} · ${translate(`app.roles.${user.role}`)}`}
                    sx={{ pr: 24 }}
                  />
                </ListItem>
              ))}
            </MuiList>
          ) : (
            <Typography color="text.secondary">
              {translate('app.projects.no_linked_users')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
}
