import { addDays } from '../equipment/rules.ts';

/**
 * "Trained until when": where a worker stands against the OSH training of a group on a day, from the worker's
 * current credential of that group (training_certificate, status `current`; superseded and revoked ones never
 * count). Shared by the API (lists, reminders, workspace counts) and the web (labels, links). No validation
 * library here: the notifications' links import this file into the shell.
 */

/** A current credential is valid, due for its refresher soon, or expired; a worker without one never trained. */
export const TRAINING_STATES = ['valid', 'dueSoon', 'expired', 'neverTrained'] as const;
export type TrainingState = (typeof TRAINING_STATES)[number];

/** The list's state filter: one state, or the employer's "needs refresher" list (due soon and expired). */
export const TRAINING_STATE_FILTERS = [...TRAINING_STATES, 'needsRefresher'] as const;
export type TrainingStateFilter = (typeof TRAINING_STATE_FILTERS)[number];

/** The states each filter admits. */
export function statesOf(filter: TrainingStateFilter | undefined): readonly TrainingState[] {
  if (!filter) return TRAINING_STATES;
  return filter === 'needsRefresher' ? ['dueSoon', 'expired'] : [filter];
}

/**
 * How many days before expiry a credential counts as due soon and its employer is reminded: a LegalDeadline row
 * (days) the department edits, with its validity dates. Not a number of the law: the department's own setting.
 */
export const REFRESHER_NOTICE_RULE = 'TRAINING_REFRESHER_NOTICE';
/** What the portal starts with (the seed's row). */
export const REFRESHER_NOTICE_DEFAULT_DAYS = 30;

/**
 * A current credential's state on `today`: valid through its `validUntil` day included; due soon from `noticeDays`
 * days before it; expired the day after. No end date (a group rule without validity): valid.
 */
export function credentialStateOf(
  validUntil: string | null | undefined,
  today: string,
  noticeDays: number,
): Exclude<TrainingState, 'neverTrained'> {
  if (!validUntil) return 'valid';
  if (validUntil < today) return 'expired';
  return validUntil <= addDays(today, noticeDays) ? 'dueSoon' : 'valid';
}

/** The `validUntil` range of a state on `today` (inclusive ends; absent: open). Never trained has none. */
export function validUntilRangeOf(
  state: Exclude<TrainingState, 'neverTrained'>,
  today: string,
  noticeDays: number,
): { from?: string; to?: string; orNone?: true } {
  if (state === 'expired') return { to: addDays(today, -1) };
  if (state === 'dueSoon') return { from: today, to: addDays(today, noticeDays) };
  return { from: addDays(today, noticeDays + 1), orNone: true };
}

const ATVS = '/an-toan-ve-sinh-lao-dong';

/** Web paths (the spec's slugs; the summary's ends with Đ, as the spec spells it). */
export const TRAINING_STATUS_PATHS = {
  status: `${ATVS}/huan-luyen-ATVSLD`,
  summary: '/bang-tong-hop-huan-luyen-ATVSLĐ',
} as const;

/** The status page filtered to a state (workspace tasks and reminders link here). */
export function trainingStatusLink(state?: TrainingStateFilter): string {
  return state ? `${TRAINING_STATUS_PATHS.status}?state=${state}` : TRAINING_STATUS_PATHS.status;
}

/** One row of the status list: a worker's current credential of a group, or the worker's own group never trained. */
export interface TrainingStatusRow {
  /** `{workerId}:{targetTrainingId}`: one row per worker and group. */
  key: string;
  workerId: string;
  fullName: string;
  citizenId: string | null;
  businessId: string;
  businessName: string;
  wardId: string | null;
  wardName: string | null;
  targetTrainingId: string;
  targetTrainingName: string;
  certificateId: string | null;
  certificateNumber: string | null;
  credential: string | null;
  issuedOn: string | null;
  validUntil: string | null;
  state: TrainingState;
}

export interface TrainingStatusPage {
  pageLists: TrainingStatusRow[];
  totalRecord: number;
  /** Absent: exact. A very long list answers the planner's estimate ('estimate') or a capped count ('atLeast'). */
  totalKind?: 'estimate' | 'atLeast';
  /** The day the states were computed for, and the notice days in force on it. */
  today: string;
  noticeDays: number;
}

/** The summary table's counts: credentials issued in the period per group × commune (of the employer). */
export interface TrainingSummaryRow {
  targetTrainingId: string;
  targetTrainingName: string;
  wardId: string | null;
  wardName: string | null;
  /** Credentials issued in the period (revoked ones excluded): people trained for the group. */
  issued: number;
  /** Of them, the first credential of the group the worker ever got (a first course); the rest are refreshers. */
  initial: number;
  periodic: number;
}
