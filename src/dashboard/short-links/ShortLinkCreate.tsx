// /projects/:pid/short-links/create (shortLinkAdd): uri (a free random one to start with), name,
// description and where it leads: a pasted destination URL (as every link shortener offers; the
// server makes its link Action in the same request) or an existing QR link.
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { SaveButton, SimpleForm, TextInput, Toolbar, useInput, useTranslate } from 'react-admin';
import { linkDataSchema } from '../../shared/schemas/action';
import { shortLinkInputSchema, type ShortLink } from '../../shared/schemas/shortLink';
import { zodValidate } from '../validation';
import { ActionSelect } from '../qr-codes/QrCodeLinks';
import { UtmBuilder } from '../actions/UtmBuilder';
import { ShortLinkUriInput } from './ShortLinkUriInput';
import { shortLinkPaths } from './shortLinkPaths';
import { useLinkNotify } from '../useNotifications';
import { ProjectRecordCreate } from '../common/ProjectRecordCreate';
import { itemNotices } from '../common/ItemStepButton';

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

const validateDestination = zodValidate(linkDataSchema);

/** The short link's rules plus the destination: a valid web address, or an existing QR link. */
export function validateNewShortLink(values: Record<string, unknown>) {
  const errors = validateShortLink(values);
  const destination = typeof values.destination === 'string' ? values.destination.trim() : '';
  if (destination) {
    const link = validateDestination({ link: destination }).link;
    if (link) errors.destination = link;
    else if (values.actionId)
      errors.destination = { message: 'app.short_links.destination_or_action', args: {} };
  }
  return errors;
}

/** The request body: a destination becomes the new link Action, made with the short link. */
export function newShortLinkBody(data: Record<string, unknown>) {
  const destination = typeof data.destination === 'string' ? data.destination.trim() : '';
  const name = typeof data.name === 'string' ? data.name.trim() : data.name;
  return {
    uri: typeof data.uri === 'string' ? data.uri.trim() : data.uri,
    name,
    description: data.description || null,
    actionId: destination ? null : (data.actionId ?? null),
    ...(destination ? { action: { name, objectType: 'link', data: { link: destination } } } : {}),
  };
}

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
  const notices = itemNotices(useLinkNotify(), 'short_link');
  return (
    <ProjectRecordCreate<ShortLink>
      resource="short-links"
      pid={pid}
      transform={newShortLinkBody}
      notices={notices}
      pathOf={(data) => shortLinkPaths.tab(pid, data.id)}
    >
      <SimpleForm
        validate={validateNewShortLink}
        mode="onChange"
        defaultValues={{ uri: '', name: '', description: '', destination: '', actionId: null }}
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
          <TextInput
            source="destination"
            label="app.short_links.destination"
            helperText="app.short_links.destination_help"
            type="url"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'short-link-destination' } }}
          />
          <UtmBuilder source="destination" />
          <ActionInput projectId={pid} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.short_links.action_help')}
          </Typography>
        </Box>
      </SimpleForm>
    </ProjectRecordCreate>
  );
}
