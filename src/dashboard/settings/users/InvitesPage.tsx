// /settings/users/invites (issue 9, part 2): invite an address with a role, projects and the
// language of the mail; follow each invitation's state (pending, expired, accepted, revoked);
// resend a new link or revoke one.
import { useState } from 'react';
import { Box, Chip, TableCell, TableRow, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import {
  CheckboxGroupInput,
  Form,
  Loading,
  SaveButton,
  SelectInput,
  TextInput,
  useLocale,
  useNotify,
  useTranslate,
} from 'react-admin';
import { invitationInputSchema, type InvitationState } from '../../../shared/schemas/invitation';
import { LANGUAGES } from '../../../shared/enums';
import { PageCard } from '../../forms/PageCard';
import { submitForm } from '../../forms/submitForm';
import { zodValidate } from '../../validation';
import {
  refusalMessage,
  useCustomerProjects,
  usePeopleApi,
  usePeopleDate,
  usePeopleList,
} from './peopleHooks';
import { PeopleTable, PersonActions, ProjectChips } from './PeopleTable';
import { SeatsNote } from './SeatsNote';

const validate = zodValidate(invitationInputSchema);

const STATE_COLOR: Record<InvitationState, 'info' | 'warning' | 'success' | 'default'> = {
  pending: 'info',
  expired: 'warning',
  accepted: 'success',
  revoked: 'default',
};

function InviteForm({ customerId, onInvited }: { customerId: string; onInvited: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const projects = useCustomerProjects(customerId) ?? [];
  const peopleApi = usePeopleApi();
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    const parsed = invitationInputSchema.safeParse(values);
    if (!parsed.success) return undefined;
    return submitForm(
      async () => {
        await peopleApi.invite(customerId, parsed.data);
        notify('app.people.invited_done', {
          type: 'success',
          messageArgs: { email: parsed.data.email },
        });
        setFormKey((key) => key + 1);
        onInvited();
      },
      (error) => {
        notify(refusalMessage(error), { type: 'error' });
        // The invitation may be stored even so (its mail failed): the list shows it.
        onInvited();
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 560, mb: 3 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('app.people.invite_title')}
      </Typography>
      <Form
        key={`${customerId}-${formKey}`}
        onSubmit={submit}
        validate={validate}
        mode="onSubmit"
        defaultValues={{ role: 'user', projectIds: [], language: locale === 'en' ? 'en' : 'nl' }}
      >
        <TextInput
          source="email"
          type="email"
          label="app.people.email"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
        />
        <SelectInput
          source="role"
          label="app.people.role"
          choices={[
            { id: 'user', name: 'app.roles.user' },
            { id: 'customeradmin', name: 'app.roles.customeradmin' },
          ]}
          fullWidth
        />
        <SelectInput
          source="language"
          label="app.people.mail_language"
          choices={LANGUAGES.map((language) => ({
            id: language,
            name: `app.languages.${language}`,
          }))}
          fullWidth
        />
        {projects.length > 0 && (
          <CheckboxGroupInput
            source="projectIds"
            label="app.people.projects"
            choices={projects}
            translateChoice={false}
            row={false}
          />
        )}
        <SaveButton label="app.people.invite" icon={<SendIcon />} alwaysEnable />
      </Form>
    </Box>
  );
}

export function InvitesPage() {
  const translate = useTranslate();
  const { customerId, rows: invitations, seats, load, act } = usePeopleList('getInvitations');
  const peopleApi = usePeopleApi();
  const dateText = usePeopleDate();

  return (
    <PageCard title="app.people.invites_title">
      {seats && <SeatsNote seats={seats} />}
      <InviteForm customerId={customerId} onInvited={() => void load()} />
      {invitations === null ? (
        <Loading />
      ) : invitations.length === 0 ? (
        <Typography color="text.secondary">{translate('app.people.no_invites')}</Typography>
      ) : (
        <PeopleTable
          label="app.people.invites_title"
          columns={['email', 'role', 'projects', 'state', 'expires', 'invited_by', 'actions']}
        >
          {invitations.map((invitation) => {
            const open = invitation.state === 'pending' || invitation.state === 'expired';
            return (
              <TableRow key={invitation.id} data-testid={`invite-row-${invitation.email}`}>
                <TableCell>{invitation.email}</TableCell>
                <TableCell>{translate(`app.roles.${invitation.role}`)}</TableCell>
                <TableCell>
                  <ProjectChips projects={invitation.projects} />
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATE_COLOR[invitation.state]}
                    label={translate(`app.people.states.${invitation.state}`)}
                    data-testid="invite-state"
                  />
                </TableCell>
                <TableCell>{dateText(invitation.expiresAt)}</TableCell>
                <TableCell>{invitation.invitedBy ?? ''}</TableCell>
                <TableCell>
                  {open && (
                    <PersonActions
                      subject={{ email: invitation.email }}
                      act={act}
                      actions={[
                        {
                          name: 'resend',
                          icon: <SendIcon />,
                          run: () => peopleApi.resendInvitation(customerId, invitation.id),
                          done: 'app.people.resent_done',
                          testId: `invite-resend-${invitation.email}`,
                        },
                        {
                          name: 'revoke',
                          icon: <CancelIcon />,
                          run: () => peopleApi.revokeInvitation(customerId, invitation.id),
                          done: 'app.people.revoked_done',
                          testId: `invite-revoke-${invitation.email}`,
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
    </PageCard>
  );
}
