// /projects/:pid/short-links/create (shortLinkAdd): uri (a free random one to start with), name,
// description and the Action it leads to.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import {
  Create,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useInput,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { shortLinkInputSchema, type ShortLink } from '../../shared/schemas/shortLink';
import { zodValidate } from '../validation';
import { ActionSelect } from '../qr-codes/QrCodeLinks';
import { ShortLinkUriInput } from './ShortLinkUriInput';
import { shortLinkPaths } from './shortLinkPaths';
import {
  LINK_NOTICES,
  useResultNotify,
  type LinkDoingWord,
  type LinkDoneWord,
  type LinkTypeWord,
} from '../useNotifications';

/**
 * The shared schema's rules, with the uri's pattern error spelled out ("the format is invalid"
 * alone does not say which characters are allowed).
 */
export function uriAwareValidate(schema: Parameters<typeof zodValidate>[0]) {
  const validate = zodValidate(schema);
  return (values: Record<string, unknown>) => {
    const errors = validate(values);
    const uri = errors.uri;
    if (uri && 'message' in uri && uri.message === 'errors.api.regex') {
      errors.uri = { message: 'app.short_links.uri_invalid', args: {} };
    }
    return errors;
  };
}

export const validateShortLink = uriAwareValidate(shortLinkInputSchema);

function ActionInput({ projectId }: { projectId: string }) {
  const { field } = useInput<string | null>({ source: 'actionId' });
  return (
    <ActionSelect
      projectId={projectId}
      value={field.value ?? null}
      onChange={(actionId) => field.onChange(actionId)}
      testId="short-link-action-select"
    />
  );
}

export function ShortLinkCreate() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const redirect = useRedirect();
  const { success, failure } = useResultNotify<LinkTypeWord, LinkDoneWord, LinkDoingWord>(
    LINK_NOTICES,
  );
  return (
    <Create
      resource="short-links"
      transform={(data: Record<string, unknown>) => ({
        uri: typeof data.uri === 'string' ? data.uri.trim() : data.uri,
        name: data.name,
        description: data.description || null,
        actionId: data.actionId ?? null,
      })}
      mutationOptions={{
        meta: { projectId: pid },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (data: ShortLink) => {
          success('short_link', 'created');
          redirect(shortLinkPaths.tab(pid, data.id));
        },
        onError: (error: unknown) => failure('short_link', 'creating', error, true),
      }}
    >
      <SimpleForm
        validate={validateShortLink}
        mode="onChange"
        defaultValues={{ uri: '', name: '', description: '', actionId: null }}
        toolbar={
          <Toolbar>
            <SaveButton data-testid="short-link-save" alwaysEnable />
          </Toolbar>
        }
      >
        <Box sx={{ width: '100%', maxWidth: 640 }}>
          <ShortLinkUriInput projectId={pid} isPrefilled />
          <TextInput
            source="name"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'short-link-name-input' } }}
          />
          <TextInput source="description" fullWidth multiline minRows={2} />
          <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
            {translate('app.short_links.action_title')}
          </Typography>
          <ActionInput projectId={pid} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.short_links.action_help')}
          </Typography>
        </Box>
      </SimpleForm>
    </Create>
  );
}
