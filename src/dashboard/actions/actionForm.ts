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

/** A rule's, variant's or fallback's target: a full Action payload of any kind. */
export interface TargetFormValues {
  objectType: ActionType;
  data: Data;
}

/**
 * Protection as the form holds it: `password` is left out (keep the stored one), a text (set it)
 * or null (remove it); `hasPassword` says whether one is stored and is never sent.
 */
export interface ProtectionFormValues {
  password?: string | null;
  hasPassword: boolean;
  scanCap: number | null;
  expiresAt: string | null;
  ageGate: boolean;
}

export interface ActionFormValues {
  id?: string;
  name: string;
  objectType: ActionType;
  data: Data;
  activity: Activity;
  rules: { name: string; conditions: Data[]; target: TargetFormValues }[];
  split: { name: string | null; percent: number; target: TargetFormValues }[] | null;
  protection: ProtectionFormValues;
  fallback: TargetFormValues | null;
}

const NO_PROTECTION_VALUES: ProtectionFormValues = {
  hasPassword: false,
  scanCap: null,
  expiresAt: null,
  ageGate: false,
};

export function newTarget(type: ActionType = DEFAULT_ACTION_TYPE): TargetFormValues {
  return { objectType: type, data: defaultDataFor(type) };
}

export function newActionValues(type: ActionType = DEFAULT_ACTION_TYPE): ActionFormValues {
  return {
    name: '',
    objectType: type,
    data: defaultDataFor(type),
    activity: { ...ALWAYS_ACTIVE },
    rules: [],
    split: null,
    protection: { ...NO_PROTECTION_VALUES },
    fallback: null,
  };
}

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored target as the form holds it: the same filling as the Action's own content. */
export function toTargetFormValues(target: unknown): TargetFormValues {
  const record = isRecord(target) ? target : {};
  const { objectType, data } = contentFormValues(record);
  return { objectType, data };
}

function contentFormValues(record: Data): TargetFormValues {
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
  return { objectType: type, data };
}

/**
 * A loaded Action as the form holds it: missing fields filled, each media field with `file: null`,
 * and a textArea's HTML sanitised before it reaches the editor (SPEC §3 "sanitised on load"); the
 * targets of its rules, split and fallback filled the same way.
 */
export function toFormValues(record: Data): Data & ActionFormValues {
  const { objectType: type, data } = contentFormValues(record);
  const rules = Array.isArray(record.rules) ? record.rules.filter(isRecord) : [];
  const split = Array.isArray(record.split) ? record.split.filter(isRecord) : null;
  const protection = isRecord(record.protection) ? record.protection : {};
  const activity = isRecord(record.activity)
    ? ({ ...ALWAYS_ACTIVE, ...record.activity } as Activity)
    : { ...ALWAYS_ACTIVE };
  return {
    ...record,
    name: typeof record.name === 'string' ? record.name : '',
    objectType: type,
    data,
    activity,
    rules: rules.map((rule) => ({
      name: typeof rule.name === 'string' ? rule.name : '',
      conditions: Array.isArray(rule.conditions) ? rule.conditions.filter(isRecord) : [],
      target: toTargetFormValues(rule.target),
    })),
    split: split
      ? split.map((variant) => ({
          name: typeof variant.name === 'string' ? variant.name : null,
          percent: typeof variant.percent === 'number' ? variant.percent : 0,
          target: toTargetFormValues(variant.target),
        }))
      : null,
    protection: {
      hasPassword: protection.hasPassword === true,
      scanCap: typeof protection.scanCap === 'number' ? protection.scanCap : null,
      expiresAt: typeof protection.expiresAt === 'string' ? protection.expiresAt : null,
      ageGate: protection.ageGate === true,
    },
    fallback: isRecord(record.fallback) ? toTargetFormValues(record.fallback) : null,
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
  const protection = isRecord(values.protection) ? { ...values.protection } : {};
  // The stored password stays unless one was typed (set) or removed (null).
  delete protection.hasPassword;
  if (protection.password === undefined || protection.password === '') delete protection.password;
  const input = {
    name: values.name,
    objectType: values.objectType,
    data: values.data,
    activity,
    rules: Array.isArray(values.rules) ? values.rules : [],
    split: Array.isArray(values.split) && values.split.length ? values.split : null,
    protection,
    fallback: isRecord(values.fallback) ? values.fallback : null,
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
