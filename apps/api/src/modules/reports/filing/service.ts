import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import type { NotificationKindName } from '@portal/domain/notifications/kinds';
import {
  REPORT_FORMS,
  applyPrefill,
  diffValues,
  fieldPaths,
  registerDifferences,
  validateSubmission,
  type ReportFormDefinition,
  type ReportValues,
  type Scalar,
} from '@portal/domain/report-forms/index';
import {
  SUBMISSION_PERMISSIONS,
  SUBMISSION_SUBJECT,
  filingClosed,
  periodText,
  receiptNumber,
  submissionActions,
  submissionBlock,
  submissionPath,
  submissionWorkflow,
  type SubmissionAction,
  type SubmissionActor,
  type SubmissionStatus,
} from '@portal/domain/reports/workflow';
import type { Db } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { actorName, historyOf, recordEvent, workflowRules } from '../../../platform/workflow/index.ts';
import type { Recipients } from '../../notifications/index.ts';
import { reportTypeById } from '../types.ts';
import { actorOn, filingCaller, isFiler, type FilingCaller } from './access.ts';
import { registerFigures } from './figures.ts';
import {
  commentsOf,
  findSubmission,
  lockSubmission,
  scheduleColumns,
  versionsOf,
  type SubmissionRow,
  type VersionRow,
} from './queries.ts';
import type { SubmissionDetail } from './schemas.ts';
import type { FilingTables } from './tables.ts';

type Trx = Transaction<DB>;

/** One call's view: who, in which language, on which day (Vietnam's, from the portal's clock). */
export interface FilingCtx {
  db: Db;
  request: FastifyRequest | null;
  caller: FilingCaller;
  lang: Language;
  today: string;
}

export function filingCtx(db: Db, request: FastifyRequest): FilingCtx {
  return { db, request, caller: filingCaller(request.principal), lang: languageOf(request), today: clock.today() };
}

const t = (lang: Language, key: string, vars: Record<string, string | number> = {}) =>
  translate(lang, `reportFiling:${key}`, vars);

export function filingError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `reportFiling:errors.${code}`, vars, details });
}

const notFound = () => new AppError(404, 'NOT_FOUND');

export const EVENTS = { table: 'report_submission_event', key: 'submission_id' } as const;

const rules = workflowRules(submissionWorkflow, { prefix: 'reportFiling:submission' });

/** The definition a report is filed under (its own version); a version no longer shipped is a set-up fault. */
export function formOf(row: Pick<SubmissionRow, 'form_code' | 'form_version'>): ReportFormDefinition {
  const def = REPORT_FORMS.get(row.form_code, Number(row.form_version));
  if (!def) throw filingError(409, 'FORM_MISSING', { form: `${row.form_code}@${row.form_version}` });
  return def;
}

const facts = (row: SubmissionRow) => ({ status: row.status, locked: !!row.locked, closesOn: row.closes_on });

/**
 * The workflow's verdict for this caller (403 not its step, 409 stale or not from this status), then what stops a
 * move beyond the table (409 locked, 409 closed to the filer). Answers the status the move leads to.
 */
function guard(ctx: FilingCtx, row: SubmissionRow, action: SubmissionAction, version: number | undefined) {
  const actor = actorOn(ctx.caller, row, submissionWorkflow.actorOf(action));
  const to = rules.guard(row, { lang: ctx.lang, action, actor, version }) as SubmissionStatus | 'deleted';
  const block = submissionBlock(facts(row), actor!, ctx.today);
  if (block === 'locked') throw filingError(409, 'LOCKED');
  if (block === 'closed') throw filingError(409, 'CLOSED', { date: row.closes_on ?? '' });
  return to;
}

const event = (
  trx: Trx,
  ctx: FilingCtx,
  e: { id: string; action: string; from: SubmissionStatus | null; to: SubmissionStatus | null; reason?: string | null },
) => recordEvent(trx, EVENTS, { ...e, actorId: ctx.caller.userId }, ctx.caller.principal?.userName ?? null);

const audit = (trx: Trx, ctx: FilingCtx, action: string, recordId: string, details: Record<string, unknown> = {}) =>
  recordAudit(trx, ctx.request, { action, subject: SUBMISSION_SUBJECT, recordId, details });

/**
 * The values checked and cleaned by the form (`mode`); refused with each field as the error body's details
 * (`<where>.<path>`).
 */
function checkedValues(
  ctx: FilingCtx,
  def: ReportFormDefinition,
  values: unknown,
  mode: 'draft' | 'submit',
  where: string,
): ReportValues {
  const result = validateSubmission(def, values, ctx.lang, { mode });
  if (result.errors.length)
    throw filingError(
      400,
      mode === 'draft' ? 'INVALID_VALUES' : 'INCOMPLETE',
      { count: result.errors.length },
      result.errors.map((e) => ({ field: e.field ? `${where}.${e.field}` : where, message: e.message, code: e.code })),
    );
  return result.values;
}

// -------------------------------------------------------------------------------------------------- reading

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

function scalarRecord(v: Record<string, unknown> | null): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [k, x] of Object.entries(v ?? {}))
    out[k] = typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean' ? x : null;
  return out;
}

/** The moves the caller may take now: as the report's filer, and as a reviewer. */
function actionsOf(ctx: FilingCtx, row: SubmissionRow): SubmissionAction[] {
  const out: SubmissionAction[] = [];
  for (const side of ['filer', 'reviewer'] as const satisfies readonly SubmissionActor[])
    if (actorOn(ctx.caller, row, side)) out.push(...submissionActions(facts(row), side, ctx.today));
  return out;
}

/** Comments by version, each version's in the order the form shows its fields. */
function inFormOrder<C extends { version_seq: number; field_path: string }>(
  def: ReportFormDefinition,
  values: Record<string, unknown>,
  comments: C[],
): C[] {
  const order = new Map(fieldPaths(def, values as ReportValues).map((p, i) => [p, i]));
  const at = (c: C) => order.get(c.field_path) ?? Number.MAX_SAFE_INTEGER;
  return [...comments].sort((a, b) => a.version_seq - b.version_seq || at(a) - at(b));
}

/** The paths changed between consecutive versions (against nothing for the first). */
function versionChanges(versions: VersionRow[]): string[][] {
  return versions.map((v, i) => (i === 0 ? [] : diffValues(versions[i - 1]!.values, v.values).map((c) => c.path)));
}

export async function submissionDetail(ctx: FilingCtx, id: string): Promise<SubmissionDetail> {
  const row = await findSubmission(ctx.db, ctx.caller, id);
  if (!row) throw notFound();
  const form = formOf(row);
  const [versions, comments, history] = await Promise.all([
    versionsOf(ctx.db, row.id),
    commentsOf(ctx.db, row.id),
    historyOf(ctx.db, EVENTS, row.id),
  ]);
  const last = versions.at(-1);
  // While being corrected: what changed since the returned version; once filed again: between the last two.
  const changes =
    row.status === 'returned' || row.status === 'draft'
      ? last
        ? diffValues(last.values, row.values)
        : []
      : versions.length >= 2
        ? diffValues(versions.at(-2)!.values, last!.values)
        : [];
  const lastReturn = [...history].reverse().find((h) => h.action === 'return');
  const returnedSeq = lastReturn ? (last?.seq ?? 0) : null;
  const register = scalarRecord(row.register_values);
  return {
    id: row.id,
    expectedId: row.expected_id,
    reportTypeId: row.report_type_id,
    typeCode: row.type_code,
    typeName: row.type_name,
    legalBasis: row.legal_basis,
    recipient: row.recipient,
    periodKey: row.period_key,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    opensOn: row.opens_on,
    dueOn: row.due_on,
    closesOn: row.closes_on,
    reporterKind: row.reporter_kind,
    reporterName: row.reporter_name,
    taxCode: row.tax_code,
    wardCode: row.ward_code,
    status: row.status,
    number: row.number,
    firstSubmittedAt: iso(row.first_submitted_at),
    firstSubmittedOn: row.first_submitted_on,
    submittedAt: iso(row.submitted_at),
    acceptedAt: iso(row.accepted_at),
    late: row.first_submitted_on ? row.first_submitted_on > row.due_on : null,
    locked: !!row.locked,
    closed: filingClosed(row.closes_on, ctx.today),
    version: Number(row.version),
    formCode: row.form_code,
    formVersion: Number(row.form_version),
    form,
    values: row.values,
    registerValues: register,
    differences: registerDifferences(register, row.values),
    changes,
    versions: versions.map((v, i) => ({
      seq: v.seq,
      formVersion: v.form_version,
      submittedAt: iso(v.submitted_at)!,
      submittedByName: v.submitted_by_name,
      changedPaths: versionChanges(versions)[i]!,
    })),
    comments: inFormOrder(form, row.values, comments).map((c) => ({
      versionSeq: c.version_seq,
      fieldPath: c.field_path,
      comment: c.comment,
      actorName: c.actor_name,
      at: iso(c.at)!,
    })),
    returned:
      row.status === 'returned' && returnedSeq !== null
        ? {
            reason: lastReturn?.reason ?? null,
            versionSeq: returnedSeq,
            comments: Object.fromEntries(
              comments.filter((c) => c.version_seq === returnedSeq).map((c) => [c.field_path, c.comment]),
            ),
          }
        : null,
    history,
    actions: actionsOf(ctx, row),
    side: isFiler(ctx.caller, row) ? 'filer' : ctx.caller.canReview ? 'reviewer' : 'reader',
    hasReceipt: row.number !== null,
  };
}

// -------------------------------------------------------------------------------------------------- opening

interface ExpectedRow {
  id: string;
  report_type_id: string;
  period_key: string;
  period_start: string;
  period_end: string;
  opens_on: string;
  due_on: string;
  closes_on: string | null;
  reporter_kind: string;
  reporter_key: string;
  business_id: string | null;
  ward_code: string | null;
}

/** The expected report the condition names (over alias `e`), with its period and schedule. */
async function expectedWhere(trx: Trx, where: Expression<SqlBool>): Promise<ExpectedRow | undefined> {
  const { rows } = await sql<ExpectedRow>`select e.id, e.report_type_id, e.period_key, ${scheduleColumns},
      e.reporter_kind, e.reporter_key, e.business_id, e.ward_code
    from report_expected e where ${where}`.execute(trx);
  return rows[0];
}

/** The registers' figures for a report, by value path, and the values they fill (applyPrefill). */
async function prefill(db: Db | Trx, def: ReportFormDefinition, e: ExpectedRow, base?: ReportValues) {
  const figures = await registerFigures(
    db,
    def,
    { kind: e.reporter_kind, key: e.reporter_key, businessId: e.business_id, wardCode: e.ward_code },
    { start: e.period_start, end: e.period_end },
  );
  return applyPrefill(def, figures, base);
}

/**
 * Opens the caller's report for an expected (type, period): the existing one (any state), or a new draft filled
 * from the registers, under the latest version of the type's form. `created` tells which.
 */
export async function openSubmission(
  ctx: FilingCtx,
  body: { reportTypeId: string; periodKey: string },
): Promise<{ id: string; created: boolean }> {
  const self = ctx.caller.self;
  if (!self || !ctx.caller.canCreate) throw filingError(403, 'NOT_A_FILER');
  return ctx.db.transaction().execute(async (trx) => {
    const e = await expectedWhere(
      trx,
      sql<SqlBool>`e.report_type_id = ${body.reportTypeId} and e.period_key = ${body.periodKey}
        and e.reporter_kind = ${self.kind} and e.reporter_key = ${self.key} and e.removed_at is null`,
    );
    if (!e) throw filingError(404, 'NOT_EXPECTED', { period: body.periodKey });
    const existing = await sql<{
      id: string;
    }>`select id from report_submission where report_type_id = ${e.report_type_id}
      and period_key = ${e.period_key} and reporter_key = ${e.reporter_key} and deleted_at is null`.execute(trx);
    if (existing.rows[0]) return { id: existing.rows[0].id, created: false };
    if (ctx.today < e.opens_on) throw filingError(409, 'NOT_OPEN', { date: e.opens_on });
    if (filingClosed(e.closes_on, ctx.today)) throw filingError(409, 'CLOSED', { date: e.closes_on ?? '' });
    // The type's form as the department set it now: a new report opens its latest version.
    const type = await reportTypeById(trx, e.report_type_id);
    const def = type ? REPORT_FORMS.latest(type.formCode) : undefined;
    if (!def) throw filingError(409, 'FORM_MISSING', { form: type?.formCode ?? '' });
    const { values, register } = await prefill(trx, def, e);
    // Two opens at once: the partial unique index keeps one, and the second answers it.
    const inserted = await sql<{ id: string }>`insert into report_submission (expected_id, report_type_id, period_key,
        reporter_kind, reporter_key, business_id, ward_code, form_code, form_version, "values", register_values,
        created_by)
      values (${e.id}, ${e.report_type_id}, ${e.period_key}, ${e.reporter_kind}, ${e.reporter_key}, ${e.business_id},
        ${e.ward_code}, ${def.code}, ${def.version}, ${JSON.stringify(values)}::jsonb, ${JSON.stringify(register)}::jsonb,
        ${ctx.caller.userId})
      on conflict (report_type_id, period_key, reporter_key) where deleted_at is null do nothing
      returning id`.execute(trx);
    const id = inserted.rows[0]?.id;
    if (!id) {
      const again = await sql<{
        id: string;
      }>`select id from report_submission where report_type_id = ${e.report_type_id}
        and period_key = ${e.period_key} and reporter_key = ${e.reporter_key} and deleted_at is null`.execute(trx);
      return { id: again.rows[0]!.id, created: false };
    }
    await event(trx, ctx, { id, action: 'create', from: null, to: 'draft' });
    await audit(trx, ctx, 'create', id, { reportTypeId: e.report_type_id, periodKey: e.period_key });
    return { id, created: true };
  });
}

// -------------------------------------------------------------------------------------------------- filer's moves

/** Saves work in progress (types and bounds checked; required fields and checks wait for the filing). */
export async function saveDraft(
  ctx: FilingCtx,
  id: string,
  body: { version: number; values: Record<string, unknown> },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockSubmission(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'edit', body.version);
    const values = checkedValues(ctx, formOf(row), body.values, 'draft', 'body.values');
    await sql`update report_submission set "values" = ${JSON.stringify(values)}::jsonb, version = version + 1,
      updated_at = now() where id = ${row.id}`.execute(trx);
    await event(trx, ctx, { id: row.id, action: 'edit', from: row.status, to: row.status });
    await audit(trx, ctx, 'update', row.id);
  });
}

/** Withdraws the filer's drafts (all or none): nothing filed is ever deleted. */
export async function deleteDrafts(ctx: FilingCtx, ids: string[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const row = await lockSubmission(trx, ctx.caller, id);
      if (!row) throw notFound();
      guard(ctx, row, 'delete', undefined);
      await sql`update report_submission set deleted_at = now(), version = version + 1, updated_at = now()
        where id = ${row.id}`.execute(trx);
      await event(trx, ctx, { id: row.id, action: 'delete', from: row.status, to: null });
      await audit(trx, ctx, 'delete', row.id);
    }
    return ids.length;
  });
}

/** The year's next receipt number; one at a time, so two filings never share one and none is skipped. */
async function nextNumber(trx: Trx, year: number): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('report_submission.number'))`.execute(trx);
  const last = await sql<{ n: number | null }>`select max(split_part(number, '/', 1)::int) as n
    from report_submission where number like ${`%/${year}/TNBC`}`.execute(trx);
  return receiptNumber(Number(last.rows[0]?.n ?? 0) + 1, year);
}

const notify = (
  trx: Trx,
  ctx: FilingCtx,
  recipients: Recipients,
  action: SubmissionAction,
  row: SubmissionRow,
  params: Record<string, string | number>,
) =>
  ctx.request?.server.notifier?.notify(
    trx,
    recipients,
    submissionWorkflow.notificationOf(action) as NotificationKindName,
    {
      report: row.type_name,
      period: periodText(row.period_key, (key, vars) => translate(ctx.lang, key, vars)),
      reporter: row.reporter_name,
      number: row.number ?? '',
      ...params,
    },
    submissionPath(row.id),
    { request: ctx.request },
  );

/** The filer's accounts: the employer's, the commune unit's, or the centre's own unit's. */
async function filerRecipients(trx: Trx, row: SubmissionRow): Promise<Recipients> {
  const permission = SUBMISSION_PERMISSIONS.read;
  if (row.reporter_kind === 'business' && row.business_id)
    return { scopes: [{ kind: 'employer', businessId: row.business_id, permission }] };
  if (row.reporter_kind === 'commune') return { scopes: [{ kind: 'localUnit', code: row.reporter_key, permission }] };
  const users = await sql<{ id: string }>`select id from app_user where unit_id::text = ${row.reporter_key}
    and status = 'active' and deleted_at is null`.execute(trx);
  return { users: users.rows.map((u) => u.id) };
}

/**
 * submit / resubmit: the values (the body's, saved first, or the stored ones) checked as a filing, a version kept,
 * the receipt's number taken at the first filing with its day (the day timeliness is judged by), and the registers'
 * figures read again so both sides see the differences as they stood at the filing.
 */
export async function fileSubmission(
  ctx: FilingCtx,
  id: string,
  action: 'submit' | 'resubmit',
  body: { version: number; values?: Record<string, unknown> | undefined },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockSubmission(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, action, body.version);
    const def = formOf(row);
    const given = body.values !== undefined;
    const values = checkedValues(
      ctx,
      def,
      given ? body.values : row.values,
      'submit',
      given ? 'body.values' : 'values',
    );
    const now = clock.now();
    const number = row.number ?? (await nextNumber(trx, Number(ctx.today.slice(0, 4))));
    const seq = await sql<{ n: number | null }>`select max(seq) as n from report_submission_version
      where submission_id = ${row.id}`.execute(trx);
    const nextSeq = Number(seq.rows[0]?.n ?? 0) + 1;
    const expected = await expectedWhere(trx, sql<SqlBool>`e.id = ${row.expected_id}`);
    const register = expected ? (await prefill(trx, def, expected)).register : row.register_values;
    await sql`update report_submission set status = 'submitted', "values" = ${JSON.stringify(values)}::jsonb,
        register_values = ${JSON.stringify(register ?? {})}::jsonb, number = ${number},
        first_submitted_at = coalesce(first_submitted_at, ${now}), first_submitted_on = coalesce(first_submitted_on, ${ctx.today}::date),
        submitted_at = ${now}, version = version + 1, updated_at = now()
      where id = ${row.id}`.execute(trx);
    await sql`insert into report_submission_version (submission_id, seq, form_version, "values", submitted_at, submitted_by)
      values (${row.id}, ${nextSeq}, ${def.version}, ${JSON.stringify(values)}::jsonb, ${now}, ${ctx.caller.userId})`.execute(
      trx,
    );
    await event(trx, ctx, { id: row.id, action, from: row.status, to: 'submitted' });
    await audit(trx, ctx, action, row.id, { number, seq: nextSeq });
    await notify(
      trx,
      ctx,
      { scopes: [{ kind: 'department', permission: SUBMISSION_PERMISSIONS.review }] },
      action,
      { ...row, number },
      {},
    );
  });
}

// -------------------------------------------------------------------------------------------------- reviewer's moves

/**
 * return: the reason and the comments on fields (each a path of the form as filed), kept against the version
 * being returned; the filer corrects and files again.
 */
export async function returnSubmission(
  ctx: FilingCtx,
  id: string,
  body: { version: number; reason: string; comments: { fieldPath: string; comment: string }[] },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockSubmission(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'return', body.version);
    const paths = new Set(fieldPaths(formOf(row), row.values as ReportValues));
    const seen = new Set<string>();
    const wrong: ErrorDetail[] = [];
    body.comments.forEach((c, i) => {
      const field = `body.comments.${i}.fieldPath`;
      if (!paths.has(c.fieldPath))
        wrong.push({
          field,
          code: 'unknownField',
          message: t(ctx.lang, 'errors.UNKNOWN_FIELD', { path: c.fieldPath }),
        });
      else if (seen.has(c.fieldPath))
        wrong.push({
          field,
          code: 'duplicate',
          message: t(ctx.lang, 'errors.DUPLICATE_COMMENT', { path: c.fieldPath }),
        });
      seen.add(c.fieldPath);
    });
    if (wrong.length) throw filingError(400, 'BAD_COMMENTS', { count: wrong.length }, wrong);
    const seq = await sql<{ n: number | null }>`select max(seq) as n from report_submission_version
      where submission_id = ${row.id}`.execute(trx);
    const versionSeq = Number(seq.rows[0]?.n ?? 0);
    const name = (await actorName(trx, ctx.caller.userId)) ?? ctx.caller.principal?.userName ?? null;
    await trx
      .withTables<FilingTables>()
      .insertInto('report_field_comment')
      .values(
        body.comments.map((c) => ({
          submission_id: row.id,
          version_seq: versionSeq,
          field_path: c.fieldPath,
          comment: c.comment,
          actor_id: ctx.caller.userId,
          actor_name: name,
        })),
      )
      .execute();
    await sql`update report_submission set status = 'returned', accepted_at = null, version = version + 1,
      updated_at = now() where id = ${row.id}`.execute(trx);
    await event(trx, ctx, { id: row.id, action: 'return', from: row.status, to: 'returned', reason: body.reason });
    await audit(trx, ctx, 'return', row.id, { reason: body.reason, comments: body.comments.length });
    await notify(trx, ctx, await filerRecipients(trx, row), 'return', row, { reason: body.reason });
  });
}

/** accept: the department takes the report; it locks when its type says so (nothing moves it any more). */
export async function acceptSubmission(ctx: FilingCtx, id: string, body: { version: number }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockSubmission(trx, ctx.caller, id);
    if (!row) throw notFound();
    guard(ctx, row, 'accept', body.version);
    await sql`update report_submission set status = 'accepted', accepted_at = ${clock.now()},
      locked = ${!!row.lock_on_accept}, version = version + 1, updated_at = now() where id = ${row.id}`.execute(trx);
    await event(trx, ctx, { id: row.id, action: 'accept', from: row.status, to: 'accepted' });
    await audit(trx, ctx, 'accept', row.id, { locked: !!row.lock_on_accept });
    await notify(trx, ctx, await filerRecipients(trx, row), 'accept', row, {});
  });
}
