// Where the wizard's state lives between its steps. The layout re-mounts the page on every path
// change (SPEC §2), and each step has its own path, so the state sits outside the component: one
// entry per project, for this browser tab only (nothing is persisted).
import { useCallback, useSyncExternalStore } from 'react';
import {
  INITIAL_WIZARD_STATE,
  wizardReducer,
  type WizardEvent,
  type WizardState,
} from './wizardState';

export interface WizardDraft {
  /** Which choice the values belong to (another Action kind starts from empty fields). */
  key: string;
  values: Record<string, unknown>;
}

interface Entry {
  state: WizardState;
  draft: WizardDraft | null;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const EMPTY: Entry = { state: INITIAL_WIZARD_STATE, draft: null };

function entry(pid: string): Entry {
  return entries.get(pid) ?? EMPTY;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getWizardState(pid: string): WizardState {
  return entry(pid).state;
}

/** Applies an event to the latest state (async steps send several in a row). */
export function sendWizardEvent(pid: string, event: WizardEvent): void {
  const current = entry(pid);
  const state = wizardReducer(current.state, event);
  if (state === current.state) return;
  entries.set(pid, { state, draft: event.type === 'restart' ? null : current.draft });
  listeners.forEach((listener) => listener());
}

export function getWizardDraft(pid: string): WizardDraft | null {
  return entry(pid).draft;
}

/** Drafts change on every keystroke and nobody renders from them: no notification. */
export function setWizardDraft(pid: string, draft: WizardDraft): void {
  entries.set(pid, { ...entry(pid), draft });
}

/** For tests. */
export function resetWizardStore(): void {
  entries.clear();
  listeners.forEach((listener) => listener());
}

export function useWizard(pid: string): [WizardState, (event: WizardEvent) => void] {
  const state = useSyncExternalStore(subscribe, () => getWizardState(pid));
  const send = useCallback((event: WizardEvent) => sendWizardEvent(pid, event), [pid]);
  return [state, send];
}
