// The QR code wizard (SPEC §1: choose type, set up QR code, test and download) as a discriminated
// union: each state carries exactly what its step needs, and only the events below move it.
import type { ActionType } from '../../shared/enums';
import type { QrCodeRecord } from './types';

/** Step 1's answer: a new Action of a kind, an existing Action, or none (inactive, printable). */
export type ActionChoice =
  | { kind: 'new'; objectType: ActionType }
  | { kind: 'existing'; actionId: string }
  | { kind: 'none' };

export type WizardState =
  | { status: 'choosing'; choice: ActionChoice | null }
  | { status: 'configuring'; choice: ActionChoice }
  | { status: 'saving'; choice: ActionChoice }
  | { status: 'failed'; choice: ActionChoice; error: unknown }
  | { status: 'done'; choice: ActionChoice; qrCode: QrCodeRecord };

export type WizardEvent =
  | { type: 'choose'; choice: ActionChoice }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'save' }
  | { type: 'saved'; qrCode: QrCodeRecord }
  | { type: 'failed'; error: unknown }
  /** A reload on step 3: its URL names the QR code made, loaded again (issue 13, part 10). */
  | { type: 'reopened'; qrCode: QrCodeRecord }
  | { type: 'restart' };

export const WIZARD_STEPS = ['type', 'configuration', 'confirmation'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const INITIAL_WIZARD_STATE: WizardState = { status: 'choosing', choice: null };

export function stepOf(state: WizardState): WizardStep {
  switch (state.status) {
    case 'choosing':
      return 'type';
    case 'configuring':
    case 'saving':
    case 'failed':
      return 'configuration';
    case 'done':
      return 'confirmation';
  }
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'choose':
      return state.status === 'choosing' ? { ...state, choice: event.choice } : state;
    case 'next':
      if (state.status !== 'choosing' || !state.choice) return state;
      if (state.choice.kind === 'existing' && !state.choice.actionId) return state;
      return { status: 'configuring', choice: state.choice };
    case 'back':
      // Once saved, there is no going back to change the type: the QR code exists.
      if (state.status === 'configuring' || state.status === 'failed') {
        return { status: 'choosing', choice: state.choice };
      }
      return state;
    case 'save':
      if (state.status !== 'configuring' && state.status !== 'failed') return state;
      return { status: 'saving', choice: state.choice };
    case 'saved':
      return state.status === 'saving'
        ? { status: 'done', choice: state.choice, qrCode: event.qrCode }
        : state;
    case 'failed':
      return state.status === 'saving'
        ? { status: 'failed', choice: state.choice, error: event.error }
        : state;
    case 'reopened':
      return {
        status: 'done',
        choice: event.qrCode.actionId
          ? { kind: 'existing', actionId: event.qrCode.actionId }
          : { kind: 'none' },
        qrCode: event.qrCode,
      };
    case 'restart':
      return INITIAL_WIZARD_STATE;
  }
}
