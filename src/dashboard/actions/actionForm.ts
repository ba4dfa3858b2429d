// What the Action form starts from, how it is validated (the shared schema, eagerly) and what it
// sends (docs/api-content.md: `{ name, objectType, data, activity }`, media as `{ mediaId, remove }`).
import DOMPurify from 'dompurify';
import { ALWAYS_ACTIVE, type Activity } from '../../shared/activity';
import type { ActionType } from '../../shared/enums';
import {
  actionInputSchema,
  activitySchema,
  END_BEFORE_START_MESSAGE_KEY,
  isActionType,
} from '../../shared/schemas/action';
import { sanitizeRichText } from '../../shared/richText';
import { zodValidate } from '../validation';
import { EMPTY_MEDIA_VALUE, type MediaFieldValue } from '../media/MediaInput';

type Data = Record<string, unknown>;

const media = (): MediaFieldValue => ({ ...EMPTY_MEDIA_VALUE });

/** Empty data of each kind, so every input starts controlled. */
export function defaultDataFor(type: ActionType): Data {
  switch (type) {
    case 'link':
      return { link: '' };
    case 'file':
      return { media: media() };
    case 'contact':
      return {
        avatar: media(),
        name: '',
        emailAddresses: [],
        phoneNumbers: [],
        company: { name: '', position: '' },
        address: { street: '', city: '', zipCode: '', country: null },
        website: { personal: '', linkedIn: '' },
      };
    case 'textArea':
      return { text: '' };
    case 'appLink':
      return {
        applicationName: '',
        developerName: '',
        applicationLogo: media(),
        title: '',
        description: '',
        website: '',
        appStore: '',
        playStore: '',
      };
    case 'email':
      return { address: '', subject: '', body: '', cc: [], bcc: [] };
    case 'phoneNumber':
      return { phoneNumber: '' };
    case 'sms':
      return { phoneNumber: '', body: '' };
    case 'whatsapp':
      return { number: '', text: '' };
    case 'sound':
      return { sound: media(), cover: media(), title: '', subtitle: '', description: '' };
  }
}

export const DEFAULT_ACTION_TYPE: ActionType = 'link';

export interface ActionFormValues {
  id?: string;
  name: string;
  objectType: ActionType;
  data: Data;
  activity: Activity;
}

export function newActionValues(type: ActionType = DEFAULT_ACTION_TYPE): ActionFormValues {
  return { name: '', objectType: type, data: defaultDataFor(type), activity: { ...ALWAYS_ACTIVE } };
}

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A loaded Action as the form holds it: missing fields filled, each media field with `file: null`,
 * and a textArea's HTML sanitised before it reaches the editor (SPEC §3 "sanitised on load").
 */
export function toFormValues(record: Data): Data & ActionFormValues {
  const type = isActionType(record.objectType) ? record.objectType : DEFAULT_ACTION_TYPE;
  const defaults = defaultDataFor(type);
  const loaded = isRecord(record.data) ? record.data : {};
  const data: Data = { ...defaults };
  for (const [key, value] of Object.entries(loaded)) {
    const fallback = defaults[key];
    if (isRecord(fallback) && 'mediaId' in fallback) {
      data[key] = isRecord(value) ? { ...EMPTY_MEDIA_VALUE, ...value, file: null } : fallback;
    } else if (isRecord(fallback)) {
      data[key] = { ...fallback, ...(isRecord(value) ? value : {}) };
    } else {
      data[key] = value ?? fallback;
    }
  }
  if (type === 'textArea') {
    data.text = sanitizeRichText(typeof data.text === 'string' ? data.text : '', DOMPurify);
  }
  const activity = isRecord(record.activity)
    ? ({ ...ALWAYS_ACTIVE, ...record.activity } as Activity)
    : { ...ALWAYS_ACTIVE };
  return {
    ...record,
    name: typeof record.name === 'string' ? record.name : '',
    objectType: type,
    data,
    activity,
  };
}

const schemaValidate = zodValidate(actionInputSchema);

type ErrorTree = { [key: string]: ErrorTree | { message: string; args: Record<string, unknown> } };

function isLeaf(node: unknown): node is { message: string; args: Record<string, unknown> } {
  return isRecord(node) && typeof node.message === 'string';
}

/** Errors whose meta names their own message key (end before start) use that key. */
function applyMessageKeys(tree: ErrorTree): void {
  for (const node of Object.values(tree)) {
    if (isLeaf(node)) {
      if (typeof node.args.messageKey === 'string') node.message = node.args.messageKey;
    } else if (isRecord(node)) {
      applyMessageKeys(node as ErrorTree);
    }
  }
}

/** The form-level validate: the shared schema, with `errors.api.{code}` messages at the fields. */
export function validateAction(values: Record<string, unknown>) {
  const errors = schemaValidate(values) as ErrorTree;
  applyMessageKeys(errors);
  return errors;
}

/** Whether the activity's end lies before its start (SPEC §5 "Activity period"). */
export function endsBeforeStart(activity: unknown): boolean {
  const result = activitySchema.safeParse(activity);
  if (result.success) return false;
  return result.error.issues.some(
    (issue) =>
      issue.code === 'custom' &&
      (issue.params as { code?: string } | undefined)?.code === 'date_after_or_equal',
  );
}

export { END_BEFORE_START_MESSAGE_KEY };

/** What is sent: the schema's output (media reduced to `{ mediaId, remove }`, '' to null). */
export function toActionInput(values: Record<string, unknown>): Record<string, unknown> {
  const activity = isRecord(values.activity) ? { ...values.activity } : { ...ALWAYS_ACTIVE };
  if (activity.mode !== 'interval') activity.interval = null;
  const input = {
    name: values.name,
    objectType: values.objectType,
    data: values.data,
    activity,
  };
  const parsed = actionInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Let the server answer with its 422 at the fields; still never send local-only media state.
  const data = isRecord(values.data) ? { ...values.data } : {};
  for (const [key, value] of Object.entries(data)) {
    if (isRecord(value) && 'mediaId' in value && 'remove' in value) {
      data[key] = { mediaId: value.mediaId ?? null, remove: value.remove === true };
    }
  }
  return { ...input, data };
}
