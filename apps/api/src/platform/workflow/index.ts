import { sql, type Kysely, type Transaction } from 'kysely';
import type { AnyWorkflow } from '@portal/domain/workflow/index';
import { translate, type Language } from '@portal/domain/i18n';
import type { DB } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../errors/app-error.ts';

/**
 * The API side of a workflow declaration (`@portal/domain/workflow`): the one guard every move passes, the one
 * event record and history read, and the message texts. A domain keeps only what is its own (numbers, documents,
 * checks of its fields) and calls these; it never writes a transition check or an event insert again.
 */

/** How a workflow's refusals are named in the API: its codes and message keys (kept as each domain published them). */
export interface WorkflowMessages {
  /** Locale prefix whose `actions.<action>` and `statuses.<status>` name the workflow's words ('equipment:declarations'). */
  prefix: string;
  /** Prefix of the error message keys; `${prefix}.errors` when absent. */
  errors?: string;
  /** Codes the refusals answer with (defaults: NOT_YOUR_STEP 403, STALE_VERSION 409, INVALID_STATE 409). */
  codes?: { notYourStep?: RefusalCode; stale?: RefusalCode; invalidState?: RefusalCode };
  /** Message keys that differ from `<errors>.<code>`, by refusal. */
  keys?: { notYourStep?: string; stale?: string; invalidState?: string };
  /** Where the status words live, when not under `prefix` (`permits:statuses`). */
  statuses?: string;
  /** Where the action words live, when not under `prefix` (`inspections:actions`, a namespace's own). */
  actions?: string;
  /** Action words inside a sentence are lower-cased unless the domain published them as they are. */
  actionCase?: 'lower' | 'asIs';
  /** Details a refusal carries, where a domain published some (none by default). */
  details?: (kind: Refusal, move: { action: string; status: string }) => ErrorDetail[];
}

/**
 * A refusal's code: one for the workflow, or one by the move where a domain published one per side (the actor
 * that takes the action: EMPLOYER_ONLY / INSPECTORS_ONLY) or per action.
 */
export type RefusalCode = string | ((move: { action: string; actor: string }) => string);

export type Refusal = 'notYourStep' | 'stale' | 'invalidState';

const DEFAULT_CODES: Record<Refusal, string> = {
  notYourStep: 'NOT_YOUR_STEP',
  stale: 'STALE_VERSION',
  invalidState: 'INVALID_STATE',
};
const STATUS: Record<Refusal, number> = { notYourStep: 403, stale: 409, invalidState: 409 };

export interface GuardInput {
  /** The record as locked for the move. */
  status: string;
  version: number | string;
}

export interface GuardCall {
  lang: Language;
  action: string;
  /** The actor the caller is for this move, or null when it is none on this record. */
  actor: string | null;
  /** Whether the caller's permissions allow this actor's move (e.g. update vs delete). */
  allowed?: boolean;
  /** The version the caller read (a number, or the time of the last change as ISO text); absent: no check. */
  version?: number | string | undefined;
  /**
   * Checks of the record's surroundings (a parent record's status) that come after the actor's and before the
   * version's and the status's; they throw their own refusal.
   */
  afterActor?: () => void;
}

/** A workflow bound to its messages: guard, labels and refusals. */
export interface WorkflowRules {
  workflow: AnyWorkflow;
  /** The move's target status when the caller may take it; throws the refusal otherwise (state unchanged). */
  guard(row: GuardInput, call: GuardCall): string;
  /** `move` names the move when the code or the details depend on it. */
  refusal(
    kind: Refusal,
    lang: Language,
    vars?: Record<string, string | number>,
    move?: { action: string; status: string },
  ): AppError;
  actionLabel(lang: Language, action: string): string;
  statusLabel(lang: Language, status: string): string;
}

/**
 * Bind a declaration to its messages. The guard's order is the published one: a caller who never takes the move
 * is refused first (403), then a stale version (409), then a status that does not allow it (409).
 */
export function workflowRules(workflow: AnyWorkflow, messages: WorkflowMessages): WorkflowRules {
  const errors = messages.errors ?? `${messages.prefix}.errors`;
  const actionLabel = (lang: Language, action: string) => {
    const word = translate(lang, `${messages.actions ?? `${messages.prefix}.actions`}.${action}`);
    return messages.actionCase === 'asIs' ? word : word.toLocaleLowerCase(lang);
  };
  const statusLabel = (lang: Language, status: string) =>
    translate(lang, `${messages.statuses ?? `${messages.prefix}.statuses`}.${status}`);
  const refusal = (
    kind: Refusal,
    _lang: Language,
    vars: Record<string, string | number> = {},
    move?: { action: string; status: string },
  ) => {
    const given = messages.codes?.[kind] ?? DEFAULT_CODES[kind];
    const code =
      typeof given === 'string'
        ? given
        : move
          ? given({ action: move.action, actor: workflow.actorOf(move.action) })
          : DEFAULT_CODES[kind];
    const details = move ? (messages.details?.(kind, move) ?? []) : [];
    return new AppError(STATUS[kind], code, {
      messageKey: messages.keys?.[kind] ?? `${errors}.${code}`,
      vars,
      details,
    });
  };
  return {
    workflow,
    refusal,
    actionLabel,
    statusLabel,
    guard(row, call) {
      const check = workflow.check(row.status, call.action, call.actor);
      const move = { action: call.action, status: row.status };
      if ((!check.ok && check.reason === 'actor') || call.allowed === false)
        throw refusal('notYourStep', call.lang, { action: actionLabel(call.lang, call.action) }, move);
      call.afterActor?.();
      if (call.version !== undefined && String(row.version) !== String(call.version))
        throw refusal('stale', call.lang, {}, move);
      if (!check.ok)
        throw refusal(
          'invalidState',
          call.lang,
          { action: actionLabel(call.lang, call.action), status: statusLabel(call.lang, row.status) },
          move,
        );
      return check.to;
    },
  };
}

/** A workflow's event table: one row per move, with who and why (the record's history). */
export interface EventTable {
  table:
    | 'equipment_declaration_event'
    | 'work_permit_event'
    | 'labour_inspection_event'
    | 'report_submission_event'
    | 'job_referral_event';
  /** The column naming the record. */
  key: 'declaration_id' | 'permit_id' | 'inspection_id' | 'submission_id' | 'referral_id';
  /** The column naming the part of the record a move concerns (an inspection's requirement), where there is one. */
  part?: 'requirement_id';
  /**
   * Whether the table keeps the actor's name as it stood at the move (the default). Without it, the history names
   * the user as now called.
   */
  storesActorName?: boolean;
}

export interface WorkflowEvent {
  id: string;
  action: string;
  from: string | null;
  to: string | null;
  actorId: string | null;
  reason?: string | null;
  /** The part of the record the move concerns (the table's `part` column). */
  part?: string | null;
}

/** The actor's name as it stood at the move (kept on the event: a renamed user does not rewrite history). */
export async function actorName(db: Kysely<DB> | Transaction<DB>, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('app_user').select('full_name').where('id', '=', userId).executeTakeFirst();
  return row?.full_name ?? null;
}

export async function recordEvent(
  trx: Transaction<DB>,
  events: EventTable,
  e: WorkflowEvent,
  fallbackName: string | null = null,
): Promise<void> {
  const columns: [string, unknown][] = [
    [events.key, e.id],
    ...(events.part ? [[events.part, e.part ?? null] as [string, unknown]] : []),
    ['action', e.action],
    ['from_status', e.from],
    ['to_status', e.to],
    ['actor_id', e.actorId],
    ...(events.storesActorName === false
      ? []
      : [['actor_name', (await actorName(trx, e.actorId)) ?? fallbackName] as [string, unknown]]),
    ['reason', e.reason ?? null],
  ];
  await sql`insert into ${sql.table(events.table)} (${sql.join(columns.map(([c]) => sql.ref(c)))})
    values (${sql.join(columns.map(([, v]) => v))})`.execute(trx);
}

/** One move of the history, as every workflow's detail answers it. */
export interface HistoryEntry {
  at: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string | null;
  reason: string | null;
  /** The part of the record the move concerns, on tables that name one. */
  part?: string | null;
}

export async function historyOf(db: Kysely<DB>, events: EventTable, id: string): Promise<HistoryEntry[]> {
  const name =
    events.storesActorName === false
      ? sql`(select u.full_name from app_user u where u.id = e.actor_id)`
      : sql.ref('e.actor_name');
  const part = events.part ? sql`, ${sql.ref(`e.${events.part}`)} as part` : sql``;
  const rows = await sql<{
    at: Date | string;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_name: string | null;
    reason: string | null;
    part?: string | null;
  }>`select e.at, e.action, e.from_status, e.to_status, ${name} as actor_name, e.reason ${part}
    from ${sql.table(events.table)} e where ${sql.ref(`e.${events.key}`)} = ${id} order by e.at, e.id`.execute(db);
  return rows.rows.map((e) => ({
    at: new Date(e.at).toISOString(),
    action: e.action,
    fromStatus: e.from_status,
    toStatus: e.to_status,
    actorName: e.actor_name,
    reason: e.reason,
    ...(events.part ? { part: e.part ?? null } : {}),
  }));
}
