// /register/{token} (issue 9, part 3; no-nav, no login): the invited person sees the organisation
// and their address, chooses a name and a password, and is signed in on their linked projects.
// An expired link says whom to ask for a new one; a used or revoked one says it cannot be used.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, TextField, Typography } from '@mui/material';
import { Form, Loading, TextInput, useTranslate } from 'react-admin';
import { registerTokenSchema, type InvitationPreview } from '../../shared/schemas/invitation';
import { ApiHttpError } from '../providers/http';
import { NewPasswordInputs } from '../forms/NewPasswordInputs';
import { useAuthCalls } from '../providers/authProvider';
import { NoNavLayout } from '../layout/NoNavLayout';
import { zodValidate } from '../validation';
import { FooterLink } from './FooterLink';
import { useEnterSession } from './signIn';

const validate = zodValidate(registerTokenSchema);
const FORM_FIELDS = new Set(['name', 'password', 'passwordConfirmation']);

interface Inviter {
  customerName?: string;
  inviterName?: string | null;
  inviterEmail?: string | null;
}

type State =
  | { kind: 'loading' }
  | { kind: 'form'; preview: InvitationPreview }
  | { kind: 'expired'; inviter: Inviter }
  | { kind: 'used' }
  | { kind: 'failed'; message: string };

/** What a refused link means for the person holding it. */
function stateOfError(error: unknown): State | null {
  if (!(error instanceof ApiHttpError)) return null;
  const first = error.body.apiErrors[0];
  if (first?.code === 'hash_expired')
    return { kind: 'expired', inviter: (first.meta ?? {}) as Inviter };
  if (first?.code === 'duplicated_token') return { kind: 'used' };
  if (error.status === 422 || error.status === 0) return null;
  return { kind: 'failed', message: `errors.api.${first?.code ?? 'internal'}` };
}

function ExpiredNotice({ inviter }: { inviter: Inviter }) {
  const translate = useTranslate();
  const mailto = inviter.inviterEmail
    ? `mailto:${inviter.inviterEmail}?subject=${encodeURIComponent(
        translate('app.register_token.ask_subject', { customer: inviter.customerName ?? '' }),
      )}`
    : null;
  return (
    <Alert severity="warning" data-testid="register-token-expired">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('app.register_token.expired')}
      </Typography>
      {mailto ? (
        <Button href={mailto} variant="outlined" size="small">
          {translate('app.register_token.ask_inviter', {
            name: inviter.inviterName ?? inviter.inviterEmail ?? '',
          })}
        </Button>
      ) : (
        <Typography variant="body2">{translate('app.register_token.ask_admin')}</Typography>
      )}
    </Alert>
  );
}

export function RegisterTokenPage() {
  const translate = useTranslate();
  const enterSession = useEnterSession();
  const { token = '' } = useParams();
  const auth = useAuthCalls();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    auth.getInvitation(token).then(
      (preview) => live && setState({ kind: 'form', preview }),
      (error: unknown) =>
        live &&
        setState(
          stateOfError(error) ?? { kind: 'failed', message: 'app.notification.network_error' },
        ),
    );
    return () => {
      live = false;
    };
  }, [auth, token]);

  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      const self = await auth.acceptInvitation(token, values);
      await enterSession(self, { replace: false });
    } catch (error) {
      const next = stateOfError(error);
      if (next) {
        if (next.kind === 'failed') setProblem(next.message);
        else setState(next);
        return undefined;
      }
      if (error instanceof ApiHttpError && error.status === 422) {
        // A refusal of a field this form has shows there; any other (the address got an
        // account meanwhile) above the form.
        const onForm = Object.keys(error.body.fieldErrors).some((field) => FORM_FIELDS.has(field));
        if (onForm) return error.body.errors;
        setProblem(`errors.api.${error.code}`);
        return undefined;
      }
      setProblem('app.notification.network_error');
    }
    return undefined;
  };

  return (
    <NoNavLayout title={translate('app.register_token.title')}>
      {state.kind === 'loading' && <Loading />}
      {state.kind === 'expired' && <ExpiredNotice inviter={state.inviter} />}
      {state.kind === 'used' && (
        <Alert severity="error" data-testid="register-token-used">
          {translate('app.register_token.used')}
        </Alert>
      )}
      {state.kind === 'failed' && <Alert severity="error">{translate(state.message)}</Alert>}
      {state.kind === 'form' && (
        <>
          <Typography sx={{ mb: 2 }} data-testid="register-token-intro">
            {translate('app.register_token.intro', { customer: state.preview.customerName })}
          </Typography>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {translate(problem)}
            </Alert>
          )}
          <Form onSubmit={submit} validate={validate} mode="onChange" reValidateMode="onChange">
            <TextField
              label={translate('app.register_token.email')}
              value={state.preview.email}
              fullWidth
              disabled
              margin="dense"
              slotProps={{ htmlInput: { 'data-testid': 'register-token-email' } }}
            />
            <TextInput
              source="name"
              label="app.register_token.name"
              autoComplete="name"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'register-token-name' } }}
            />
            <NewPasswordInputs
              labels="app.register_token"
              testIds={{
                password: 'register-token-password',
                confirmation: 'register-token-confirmation',
              }}
            />
            <Button type="submit" variant="contained" fullWidth data-testid="register-token-submit">
              {translate('app.register_token.submit')}
            </Button>
          </Form>
        </>
      )}
      <FooterLink to="/login" label="app.login.back_to_login" />
    </NoNavLayout>
  );
}
