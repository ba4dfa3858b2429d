// /settings/users/accounts (issue 9, part 1): the customer's users with role, linked projects,
// last sign-in and two-factor state; change a role, link projects, deactivate or delete. Nobody
// acts on their own account here, and the server's guards (last customer admin, user limit)
// speak through their own messages.
import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Select,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { Loading, useTranslate } from 'react-admin';
import type { Account } from '../../../shared/schemas/invitation';
import type { Role } from '../../../shared/enums';
import { PageCard } from '../../forms/PageCard';
import { useCustomerProjects, usePeopleApi, usePeopleDate, usePeopleList } from './peopleHooks';
import { PeopleTable, PersonActions, ProjectChips } from './PeopleTable';
import { SeatsNote } from './SeatsNote';

const CUSTOMER_ROLES: Role[] = ['user', 'customeradmin'];

function ProjectsDialog({
  account,
  customerId,
  onClose,
  onSave,
}: {
  account: Account;
  customerId: string;
  onClose: () => void;
  onSave: (projectIds: string[]) => void;
}) {
  const translate = useTranslate();
  const projects = useCustomerProjects(customerId);
  const [chosen, setChosen] = useState(() => new Set(account.projects.map((p) => p.id)));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.people.projects_title', { name: account.name })}</DialogTitle>
      <DialogContent>
        {projects === null ? (
          <Loading />
        ) : projects.length === 0 ? (
          <Typography>{translate('app.people.no_projects')}</Typography>
        ) : (
          <FormGroup>
            {projects.map((project) => (
              <FormControlLabel
                key={project.id}
                control={
                  <Checkbox checked={chosen.has(project.id)} onChange={() => toggle(project.id)} />
                }
                label={project.name}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => onSave([...chosen])}
          data-testid="account-projects-save"
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function twoFactorLabel(value: boolean | null): string {
  if (value === null) return 'app.people.two_factor_unknown';
  return value ? 'app.people.two_factor_on' : 'app.people.two_factor_off';
}

export function AccountsPage() {
  const translate = useTranslate();
  const { customerId, selfId, rows: accounts, seats, act } = usePeopleList('getAccounts');
  const peopleApi = usePeopleApi();
  const [editing, setEditing] = useState<Account | null>(null);
  const dateText = usePeopleDate();

  return (
    <PageCard title="app.people.accounts_title">
      {seats && <SeatsNote seats={seats} />}
      {accounts === null ? (
        <Loading />
      ) : (
        <PeopleTable
          label="app.people.accounts_title"
          columns={['name', 'role', 'projects', 'last_sign_in', 'two_factor', 'status', 'actions']}
        >
          {accounts.map((account) => {
            const isSelf = account.id === selfId;
            return (
              <TableRow key={account.id} data-testid={`account-row-${account.email}`}>
                <TableCell>
                  <Typography variant="body2" component="div">
                    {account.name}
                    {isSelf && (
                      <Chip size="small" sx={{ ml: 1 }} label={translate('app.people.you')} />
                    )}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {account.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Select
                    size="small"
                    value={account.role}
                    disabled={isSelf}
                    onChange={(event) =>
                      void act(
                        () => peopleApi.setUserRole(account.id, event.target.value as Role),
                        'app.people.role_changed',
                      )
                    }
                    inputProps={{
                      'aria-label': translate('app.people.role_of', { name: account.name }),
                    }}
                  >
                    {CUSTOMER_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {translate(`app.roles.${role}`)}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
                <TableCell>
                  <ProjectChips projects={account.projects}>
                    <Button
                      size="small"
                      onClick={() => setEditing(account)}
                      aria-label={translate('app.people.edit_projects_of', {
                        name: account.name,
                      })}
                    >
                      {translate('app.people.edit_projects')}
                    </Button>
                  </ProjectChips>
                </TableCell>
                <TableCell>{dateText(account.lastSignInAt)}</TableCell>
                <TableCell>{translate(twoFactorLabel(account.twoFactorEnabled))}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={account.active ? 'success' : 'default'}
                    label={translate(
                      account.active ? 'app.people.active' : 'app.people.deactivated',
                    )}
                  />
                </TableCell>
                <TableCell>
                  {!isSelf && (
                    <PersonActions
                      subject={{ name: account.name }}
                      act={act}
                      actions={[
                        {
                          name: account.active ? 'deactivate' : 'activate',
                          icon: account.active ? <BlockIcon /> : <CheckIcon />,
                          run: () => peopleApi.setUserActive(account.id, !account.active),
                          done: account.active
                            ? 'app.people.deactivated_done'
                            : 'app.people.activated_done',
                          testId: `account-toggle-${account.email}`,
                        },
                        {
                          name: 'delete',
                          icon: <DeleteIcon />,
                          run: () => peopleApi.deleteUser(account.id),
                          done: 'app.people.deleted_done',
                          testId: `account-delete-${account.email}`,
                          color: 'error',
                        },
                      ]}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </PeopleTable>
      )}
      <Box>
        {editing && (
          <ProjectsDialog
            account={editing}
            customerId={customerId}
            onClose={() => setEditing(null)}
            onSave={(projectIds) => {
              const account = editing;
              setEditing(null);
              void act(
                () => peopleApi.setUserProjects(account.id, projectIds),
                'app.people.projects_saved',
              );
            }}
          />
        )}
      </Box>
    </PageCard>
  );
}
