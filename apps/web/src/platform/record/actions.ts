import type { ReactNode } from 'react';
import type { AnyWorkflow, TransitionNeeds } from '@portal/domain/workflow/index';

/** What a record action asks before it runs: nothing, a yes/no confirmation, or a reason to send with it. */
export type ActionNeeds = 'none' | 'confirm' | 'reason';

/** One button of a record's actions bar. */
export interface RecordAction<K extends string = string> {
  key: K;
  label: string;
  needs?: ActionNeeds;
  danger?: boolean;
  primary?: boolean;
  icon?: ReactNode;
  'data-testid'?: string;
  /** The confirmation's words (default: the label as title). */
  confirm?: { title?: ReactNode; content?: ReactNode; okText?: string };
  /** The reason dialog's words and limit (default: the label as title, the common "Reason" field). */
  reason?: { title?: ReactNode; label?: ReactNode; okText?: string; max?: number; field?: string; hint?: ReactNode };
}

/** What a run receives: the reason typed, for an action that needs one. */
export interface RunInput {
  reason?: string;
}

/**
 * The buttons to show: the actions declared for the page that the API says the caller may take now (its detail's
 * `actions`), in the page's order. A declared action the API does not name is not shown.
 */
export function allowedActions<K extends string>(
  declared: readonly RecordAction<K>[],
  allowed: readonly string[] | null | undefined,
): RecordAction<K>[] {
  const may = new Set(allowed ?? []);
  return declared.filter((a) => may.has(a.key));
}

/** The needs of a workflow transition as the bar knows them: a reason wins over a confirmation. */
export function needsOf(needs: TransitionNeeds | undefined): ActionNeeds {
  if (needs?.reason) return 'reason';
  if (needs?.confirm) return 'confirm';
  return 'none';
}

/**
 * The bar's actions from a workflow declaration: for each action the API allows (in the declaration's order), what
 * it needs comes from the declaration and how it looks from `looks` (an action without looks is not a button of
 * this bar, e.g. "edit", which is the form itself).
 */
export function workflowActions<K extends string>(
  workflow: Pick<AnyWorkflow, 'actions' | 'needsOf'>,
  allowed: readonly string[] | null | undefined,
  looks: Partial<Record<K, Omit<RecordAction<K>, 'key' | 'needs'>>>,
): RecordAction<K>[] {
  const may = new Set(allowed ?? []);
  return (workflow.actions as readonly string[]).flatMap((action) => {
    const look = (looks as Record<string, Omit<RecordAction<K>, 'key' | 'needs'> | undefined>)[action];
    if (!look || !may.has(action)) return [];
    return [{ ...look, key: action as K, needs: needsOf(workflow.needsOf(action)) }];
  });
}

/**
 * One run at a time: `run(key, task)` starts `task` only when nothing else holds the flight, and answers whether it
 * started. The flight is held from the click (through a confirmation or a reason dialog) until the task settles, so
 * a double click or a second button meanwhile does nothing; `busy` reports the key only once the task calls
 * `sending()` (the request is out), so a button does not spin while its dialog is still asking.
 */
export function singleFlight(onBusy: (busy: string | null) => void) {
  let held: string | null = null;
  return {
    get held() {
      return held;
    },
    async run(key: string, task: (sending: () => void) => Promise<unknown>): Promise<boolean> {
      if (held !== null) return false;
      held = key;
      try {
        await task(() => onBusy(key));
      } finally {
        held = null;
        onBusy(null);
      }
      return true;
    },
  };
}
