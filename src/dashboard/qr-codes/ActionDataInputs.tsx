// The main fields of a new Action, per kind, inside the wizard's form (source "actionData"). The
// simple kinds are complete here; the rich ones (contact, text, app, file, sound) get their
// essentials, and the full Action editor is one click away once the code exists.
import { Alert, Stack } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import type { ActionType } from '../../shared/enums';
import { MediaInput } from '../media/MediaInput';

type Data = Record<string, unknown>;

const media = () => ({ mediaId: null, remove: false, source: null, file: null });

/** Empty data of each kind, so every input starts controlled. */
export function emptyActionData(type: ActionType): Data {
  switch (type) {
    case 'link':
      return { link: '' };
    case 'file':
      return { media: media() };
    case 'contact':
      return { name: '' };
    case 'textArea':
      return { text: '' };
    case 'appLink':
      return { applicationName: '', title: '', website: '', appStore: '', playStore: '' };
    case 'email':
      return { address: '', subject: '', body: '' };
    case 'phoneNumber':
      return { phoneNumber: '' };
    case 'sms':
      return { phoneNumber: '', body: '' };
    case 'whatsapp':
      return { number: '', text: '' };
    case 'sound':
      return { sound: media(), title: '' };
  }
}

/** Kinds whose editor has more than the wizard shows. */
export const RICH_ACTION_TYPES: readonly ActionType[] = [
  'file',
  'contact',
  'textArea',
  'appLink',
  'sound',
];

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Plain text typed in the wizard as the rich text the text-area Action stores: one paragraph per line. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** What is sent for the Action's data (the server's schema fills the rest with its defaults). */
export function toActionData(type: ActionType, values: Data): Data {
  if (type === 'textArea') {
    return { text: plainTextToHtml(typeof values.text === 'string' ? values.text : '') };
  }
  const data: Data = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'object' && value !== null && 'mediaId' in value) {
      const field = value as { mediaId?: unknown; remove?: unknown };
      data[key] = { mediaId: field.mediaId ?? null, remove: field.remove === true };
    } else {
      data[key] = typeof value === 'string' && value.trim() === '' ? null : value;
    }
  }
  return data;
}

const field = (name: string) => `app.qr_wizard.fields.${name}`;

function Input({
  source,
  label,
  type,
  multiline,
  placeholder,
}: {
  source: string;
  label: string;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
}) {
  return (
    <TextInput
      source={`actionData.${source}`}
      label={field(label)}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      placeholder={placeholder}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `wizard-action-${source}` } }}
    />
  );
}

export function ActionDataInputs({ type }: { type: ActionType }) {
  const translate = useTranslate();
  const inputs = (() => {
    switch (type) {
      case 'link':
        return <Input source="link" label="link" type="url" placeholder="https://" />;
      case 'email':
        return (
          <>
            <Input source="address" label="email_address" type="email" />
            <Input source="subject" label="subject" />
            <Input source="body" label="body" multiline />
          </>
        );
      case 'phoneNumber':
        return <Input source="phoneNumber" label="phone_number" type="tel" />;
      case 'sms':
        return (
          <>
            <Input source="phoneNumber" label="phone_number" type="tel" />
            <Input source="body" label="message" multiline />
          </>
        );
      case 'whatsapp':
        return (
          <>
            <Input source="number" label="whatsapp_number" type="tel" />
            <Input source="text" label="message" multiline />
          </>
        );
      case 'contact':
        return <Input source="name" label="contact_name" />;
      case 'textArea':
        return <Input source="text" label="text" multiline />;
      case 'appLink':
        return (
          <>
            <Input source="applicationName" label="application_name" />
            <Input source="title" label="title" />
            <Input source="website" label="website" type="url" />
            <Input
              source="appStore"
              label="app_store"
              type="url"
              placeholder="https://apps.apple.com/"
            />
            <Input
              source="playStore"
              label="play_store"
              type="url"
              placeholder="https://play.google.com/store/apps/"
            />
          </>
        );
      case 'file':
        return <MediaInput source="actionData.media" kind="file" label={field('file')} />;
      case 'sound':
        return (
          <>
            <MediaInput
              source="actionData.sound"
              kind="sound"
              preview="audio"
              label={field('sound')}
            />
            <Input source="title" label="title" />
          </>
        );
    }
  })();
  return (
    <Stack spacing={0} data-testid={`wizard-action-fields-${type}`}>
      {inputs}
      {RICH_ACTION_TYPES.includes(type) && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('app.qr_wizard.rich_action_note')}
        </Alert>
      )}
    </Stack>
  );
}
