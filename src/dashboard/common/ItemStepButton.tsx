// One confirmed step on an item — duplicate, trash, delete, restore, empty the trash — with what
// every such button shares: its texts follow the keys' convention (`{keys}.{step}` labels the
// button, `{keys}.{step}_title` and `{keys}.{step}_content` ask to confirm), its icon and colour
// follow the step, and its notice uses the step's words ("… successfully duplicated", "… while
// duplicating …").
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { ConfirmActionButton } from './ConfirmActionButton';

const STEPS = {
  duplicate: { done: 'duplicated', doing: 'duplicating', Icon: ContentCopyIcon, color: 'primary' },
  trash: { done: 'trashed', doing: 'trashing', Icon: DeleteIcon, color: 'error' },
  delete: { done: 'deleted', doing: 'deleting', Icon: DeleteIcon, color: 'error' },
  restore: { done: 'restored', doing: 'restoring', Icon: RestoreIcon, color: 'primary' },
  empty: { done: 'emptied', doing: 'emptying', Icon: DeleteForeverIcon, color: 'error' },
} as const;

export type ItemStep = keyof typeof STEPS;

/** A screen's notices with the item's type filled in (see itemNotices). */
export interface ItemNotices<Done, Doing> {
  success: (done: Done) => void;
  failure: (doing: Doing, error: unknown, inForm?: boolean) => void;
}

/** The notices of a screen's notify hook (useQrNotify, useLinkNotify, …) for one item type. */
export function itemNotices<T, Done, Doing>(
  notify: {
    success: (type: T, done: Done) => void;
    failure: (type: T, doing: Doing, error?: unknown, inForm?: boolean) => void;
  },
  type: T,
): ItemNotices<Done, Doing> {
  return {
    success: (done) => notify.success(type, done),
    failure: (doing, error, inForm) => notify.failure(type, doing, error, inForm),
  };
}

/** What the steps on one item share. */
export interface StepItem<Done, Doing> {
  /** The prefix of the steps' keys (`app.qr_codes`). */
  keys: string;
  /** The item's name, for the confirmation's title. */
  name?: string;
  /** The prefix of the buttons' test ids: `{testIds}-{step}`. */
  testIds: string;
  notices: ItemNotices<Done, Doing>;
}

export interface ItemStepButtonProps<S extends ItemStep, R> {
  item: StepItem<(typeof STEPS)[S]['done'], (typeof STEPS)[S]['doing']>;
  step: S;
  /** The button's label key, where it is not `{keys}.{step}` (react-admin's "Delete"). */
  label?: string;
  /** The icon, where it is not the step's own. */
  icon?: ReactElement;
  /** The test id, where it is not `{testIds}-{step}`. */
  testId?: string;
  run: () => Promise<R>;
  /** What follows a step that worked, after its notice (leave for the copy, refresh the list). */
  then: (result: R) => unknown;
}

export function ItemStepButton<S extends ItemStep, R>({
  item: { keys, name, testIds, notices },
  step,
  label,
  icon,
  testId = `${testIds}-${step}`,
  run,
  then,
}: ItemStepButtonProps<S, R>) {
  const translate = useTranslate();
  const { done, doing, Icon, color } = STEPS[step];
  return (
    <ConfirmActionButton
      label={translate(label ?? `${keys}.${step}`)}
      icon={icon ?? <Icon />}
      color={color}
      title={`${keys}.${step}_title`}
      content={`${keys}.${step}_content`}
      titleArgs={name === undefined ? undefined : { name }}
      testId={testId}
      onConfirm={async () => {
        const result = await run();
        notices.success(done);
        await then(result);
      }}
      onFailure={(error) => notices.failure(doing, error)}
    />
  );
}
