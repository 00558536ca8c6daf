import { sql, type Expression, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { ACCIDENT_SUBJECT } from '@portal/domain/accidents/features';
import {
  accidentWorkflow,
  INVESTIGATION_RULES,
  investigationClass,
  investigationWorkflow,
  mayExtend,
  vietnamMoment,
  type AccidentStatus,
  type DossierKind,
  type InvestigationAction,
  type InvestigationClass,
  type InvestigationStatus,
} from '@portal/domain/accidents/rules';
import type {
  ConcludeInvestigationBody,
  ExtendInvestigationBody,
  InvestigationDetail,
  InvestigationListQuery,
  InvestigationSummary,
  OpenInvestigationBody,
  TeamMember,
  UpdateInvestigationBody,
} from '@portal/domain/accidents/schemas';
import { FILE_PERMISSIONS } from '@portal/domain/files/index';
import { addDays } from '@portal/domain/permits/rules';
import type { Executor } from '../../catalog/context.ts';
import type { DB } from '../../db/schema.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { permits } from '../../platform/access/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';
import { workflowRules } from '../../platform/workflow/index.ts';
import { accidentVisibleTo, isInvestigator, type Caller } from './access.ts';
import { accidentError, findAccident, guardAccident, t, type AccidentCtx } from './service.ts';
import { withAccidents } from './tables.ts';

type Trx = Transaction<DB>;

/**
 * The department's investigation of an accident (Law 84/2015 Art 35): its deadline counted from the notification
 * date by the LegalDeadline rule of its class in force on that date (kept on the investigation, so a later change
 * of the rule never moves it), one extension of a serious or fatal accident's deadline by no more than the
 * deadline itself, the team, the dossier files, the conclusions and measures.
 */

interface InvestigationRow {
  id: string;
  accident_id: string;
  accident_code: string;
  severity: InvestigationSummary['severity'];
  business_name: string | null;
  occurred_at: Date;
  death_count: number;
  serious_count: number;
  status: InvestigationSummary['status'];
  notified_on: string;
  deadline_rule: string;
  deadline_code: string;
  deadline_days: number;
  legal_basis: string;
  expert_examination: boolean;
  due_on: string;
  extended: boolean;
  extension_days: number | null;
  extension_reason: string | null;
  team: unknown;
  concluded_on: string | null;
  conclusions: string | null;
  measures: string | null;
  created_at: Date;
  version: number;
}

const SELECTION = sql`i.id, i.accident_id, a.code as accident_code, a.severity, b.name as business_name, a.occurred_at,
  a.death_count, a.serious_count, i.status, i.notified_on::text as notified_on, i.deadline_rule, i.deadline_code,
  i.deadline_days, i.legal_basis, i.expert_examination, i.due_on::text as due_on, i.extended, i.extension_days,
  i.extension_reason, i.team, i.concluded_on::text as concluded_on, i.conclusions, i.measures, i.created_at,
  i.version`;
const FROM = sql`accident_investigation i join accident a on a.id = i.accident_id
  left join business b on b.id = a.business_id`;

const classOfRule = (rule: string): InvestigationClass =>
  (Object.entries(INVESTIGATION_RULES).find(([, r]) => r === rule)?.[0] as InvestigationClass | undefined) ?? 'light';

function visible(caller: Caller): Expression<SqlBool> {
  return sql<SqlBool>`(i.deleted_at is null and ${accidentVisibleTo(caller)})`;
}

function toSummary(r: InvestigationRow, today: string): InvestigationSummary {
  return {
    id: r.id,
    accidentId: r.accident_id,
    accidentCode: r.accident_code,
    severity: r.severity,
    businessName: r.business_name,
    occurredAt: new Date(r.occurred_at).toISOString(),
    status: r.status,
    investigationClass: classOfRule(r.deadline_rule),
    notifiedOn: r.notified_on,
    deadlineDays: Number(r.deadline_days),
    dueOn: r.due_on,
    extended: !!r.extended,
    overdue: r.status === 'open' && r.due_on < today,
    concludedOn: r.concluded_on,
    openedAt: new Date(r.created_at).toISOString(),
    version: Number(r.version),
  };
}

async function findInvestigation(db: Executor, caller: Caller, id: string): Promise<InvestigationRow | undefined> {
  const r = await sql<InvestigationRow>`select ${SELECTION} from ${FROM}
    where i.id = ${id} and ${visible(caller)}`.execute(db);
  return r.rows[0];
}

const rules = workflowRules(investigationWorkflow, {
  prefix: 'accidents:investigations',
  errors: 'accidents:errors',
  statuses: 'accidents:investigationStatuses',
  codes: { notYourStep: 'NOT_INVESTIGATOR', invalidState: 'NOT_OPEN' },
});

/** An open investigation (alias `i`) past its due day: the list's `overdue` filter and the workspace card. */
export const investigationOverdue = (today: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(i.status = 'open' and i.due_on < ${today}::date)`;

/** The accident's status once its investigation concludes (the accident's workflow follows its investigation). */
const ACCIDENT_CONCLUDED = accidentWorkflow.find('investigating', 'conclude', 'investigation')!.to as AccidentStatus;

const actorOf = (caller: Caller) => (isInvestigator(caller) ? 'investigator' : null);

/** The workflow's moves for the caller; the extension only while the class allows one (Art 35.6). */
function actionsFor(caller: Caller, r: InvestigationRow): InvestigationAction[] {
  return investigationWorkflow
    .actionsFor(r.status, actorOf(caller))
    .filter((a) => a !== 'extend' || mayExtend(classOfRule(r.deadline_rule), !!r.extended));
}

export async function investigationDetail(ctx: AccidentCtx, id: string): Promise<InvestigationDetail> {
  const row = await findInvestigation(ctx.db, ctx.caller, id);
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const files = await sql<{
    kind: DossierKind;
    file_id: string;
    original_name: string;
    note: string | null;
    uploaded_at: Date;
  }>`select f.kind, f.file_id, s.original_name, f.note, f.uploaded_at from accident_investigation_file f
    join stored_file s on s.id = f.file_id where f.investigation_id = ${row.id} order by f.id`.execute(ctx.db);
  const team = (typeof row.team === 'string' ? JSON.parse(row.team) : row.team) as TeamMember[];
  return {
    ...toSummary(row, ctx.today),
    deadlineCode: row.deadline_code,
    deadlineRule: row.deadline_rule,
    legalBasis: row.legal_basis,
    expertExamination: !!row.expert_examination,
    extensionDays: row.extension_days == null ? null : Number(row.extension_days),
    extensionReason: row.extension_reason,
    team: (Array.isArray(team) ? team : []).map((m) => ({
      name: m.name,
      role: m.role ?? null,
      organisation: m.organisation ?? null,
    })),
    conclusions: row.conclusions,
    measures: row.measures,
    files: files.rows.map((f) => ({
      kind: f.kind,
      fileId: f.file_id,
      fileName: f.original_name,
      note: f.note,
      uploadedAt: new Date(f.uploaded_at).toISOString(),
    })),
    actions: actionsFor(ctx.caller, row),
  };
}

const SORTS: Record<NonNullable<InvestigationListQuery['sortField']>, RawBuilder<unknown>> = {
  dueOn: sql`i.due_on`,
  openedAt: sql`i.created_at`,
  code: sql`a.code`,
};

export async function listInvestigations(
  ctx: AccidentCtx,
  q: InvestigationListQuery,
): Promise<{ pageLists: InvestigationSummary[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [visible(ctx.caller)];
  if (q.keyWord)
    where.push(matchesKeyword([sql.ref('a.code'), sql`coalesce(b.name, '')`, sql.ref('a.place')], q.keyWord));
  if (q.status) where.push(sql<SqlBool>`i.status = ${q.status}`);
  if (q.overdue === 'true') where.push(investigationOverdue(ctx.today));
  if (q.overdue === 'false') where.push(sql<SqlBool>`not ${investigationOverdue(ctx.today)}`);
  const ascending = q.sortField ? q.sortOrder === 'asc' || q.sortOrder === 'ascend' : true;
  const sort = SORTS[q.sortField ?? 'dueOn'];
  const page = await sqlPage<InvestigationRow>(ctx.db, q, {
    select: SELECTION,
    from: FROM,
    where,
    order: sql`${sort} ${ascending ? sql`asc` : sql`desc`} nulls last, i.id`,
  });
  return { pageLists: page.rows.map((r) => toSummary(r, ctx.today)), totalRecord: page.total };
}

/** The deadline of a class, by the rule in force on the notification date. */
export async function deadlineFor(trx: Executor, cls: InvestigationClass, notifiedOn: string) {
  const rule = INVESTIGATION_RULES[cls];
  const found = await sql<{ code: string }>`select code from legal_deadline
    where deleted_at is null and lower(rule) = lower(${rule}) and valid_from <= ${notifiedOn}::date
      and (valid_to is null or valid_to >= ${notifiedOn}::date)
    order by valid_from desc limit 1`.execute(trx);
  const d = await deadlineInForce(trx, rule, notifiedOn);
  return {
    rule,
    code: found.rows[0]?.code ?? rule,
    days: d.amount,
    legalBasis: d.legalBasis,
    dueOn: deadlineEnd(notifiedOn, d),
  };
}

async function checkFiles(trx: Trx, ctx: AccidentCtx, files: UpdateInvestigationBody['files']): Promise<void> {
  if (!files?.length) return;
  const ids = [...new Set(files.map((f) => f.fileId))];
  const readSecure = permits(ctx.caller.principal, FILE_PERMISSIONS.readSecure);
  const found = await sql<{ id: string }>`select id from stored_file where id = any(${sql.val(ids)}::uuid[])
    and (${readSecure}::boolean or not is_secure or uploaded_by = ${ctx.caller.userId}::uuid)`.execute(trx);
  const ok = new Set(found.rows.map((r) => r.id));
  const details = files
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => !ok.has(f.fileId))
    .map(({ i }) => ({
      field: `body.files.${i}.fileId`,
      code: 'FILE_NOT_ALLOWED',
      message: t(ctx.lang, 'errors.FILE_NOT_ALLOWED'),
    }));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

async function writeFiles(trx: Trx, ctx: AccidentCtx, id: string, files: UpdateInvestigationBody['files']) {
  if (!files) return;
  const a = withAccidents(trx);
  const kept = await a
    .selectFrom('accident_investigation_file')
    .select(['file_id', 'uploaded_at', 'uploaded_by'])
    .where('investigation_id', '=', id)
    .execute();
  const before = new Map(kept.map((k) => [k.file_id, k]));
  await a.deleteFrom('accident_investigation_file').where('investigation_id', '=', id).execute();
  const seen = new Set<string>();
  const rows = files
    .filter((f) => !seen.has(f.fileId) && seen.add(f.fileId))
    .map((f) => ({
      investigation_id: id,
      kind: f.kind,
      file_id: f.fileId,
      note: f.note,
      uploaded_at: before.get(f.fileId)?.uploaded_at ?? ctx.now,
      uploaded_by: before.get(f.fileId)?.uploaded_by ?? ctx.caller.userId,
    }));
  if (rows.length) await a.insertInto('accident_investigation_file').values(rows).execute();
}

const audit = (trx: Trx, ctx: AccidentCtx, action: string, recordId: string, details: Record<string, unknown>) =>
  recordAudit(trx, ctx.request, { action, subject: ACCIDENT_SUBJECT, recordId, details });

/** add-investigation: the department opens the investigation of a visible accident, once. */
export async function openInvestigation(ctx: AccidentCtx, body: OpenInvestigationBody): Promise<string> {
  // Only the department opens one: refused before the accident is looked up (unknown to the caller: 400 below).
  if (!isInvestigator(ctx.caller)) throw accidentError(403, 'NOT_INVESTIGATOR');
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: string }>`select a.id from accident a
      where a.id = ${body.accidentId} and ${accidentVisibleTo(ctx.caller)} for update`.execute(trx);
    if (!locked.rows[0])
      throw new AppError(400, 'VALIDATION', {
        details: [
          { field: 'body.accidentId', code: 'REFERENCE_MISSING', message: t(ctx.lang, 'errors.REFERENCE_MISSING') },
        ],
      });
    const accident = (await findAccident(trx, ctx.caller, body.accidentId))!;
    const accidentStatus = guardAccident(ctx, accident, 'investigate', undefined);
    const notifiedOn = vietnamMoment(accident.notified_at).isoDate;
    const cls = investigationClass(
      { deathCount: Number(accident.death_count), seriousCount: Number(accident.serious_count) },
      body.expertExamination,
    );
    const d = await deadlineFor(trx, cls, notifiedOn);
    const a = withAccidents(trx);
    const inserted = await a
      .insertInto('accident_investigation')
      .values({
        accident_id: accident.id,
        lead_unit_id: ctx.caller.unitId,
        notified_on: notifiedOn,
        deadline_rule: d.rule,
        deadline_code: d.code,
        deadline_days: d.days,
        legal_basis: d.legalBasis,
        expert_examination: body.expertExamination,
        due_on: d.dueOn,
        team: JSON.stringify(body.team),
        status: 'open',
        created_at: ctx.now,
        created_by: ctx.caller.userId,
        updated_at: ctx.now,
        updated_by: ctx.caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a
      .updateTable('accident')
      .set({ status: accidentStatus, return_reason: null, updated_at: ctx.now })
      .where('id', '=', accident.id)
      .execute();
    await audit(trx, ctx, 'investigate', inserted.id, { code: accident.code, dueOn: d.dueOn, rule: d.rule });
    return inserted.id;
  });
}

/** The investigation locked for `action`, with the status the move leads to (404, then the workflow's refusals). */
async function lockInvestigation(
  trx: Trx,
  ctx: AccidentCtx,
  id: string,
  action: InvestigationAction,
  version: number | undefined,
) {
  const locked = await sql<{
    id: string;
  }>`select i.id from accident_investigation i join accident a on a.id = i.accident_id
    where i.id = ${id} and ${visible(ctx.caller)} for update of i`.execute(trx);
  if (!locked.rows[0]) throw new AppError(404, 'NOT_FOUND');
  const row = (await findInvestigation(trx, ctx.caller, id))!;
  const to = rules.guard(row, { lang: ctx.lang, action, actor: actorOf(ctx.caller), version }) as InvestigationStatus;
  return { row, to };
}

/** update-investigation/{id}: team, dossier, draft conclusions; the expert examination switches to/from 60 days. */
export async function updateInvestigation(ctx: AccidentCtx, id: string, body: UpdateInvestigationBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await lockInvestigation(trx, ctx, id, 'update', body.version);
    await checkFiles(trx, ctx, body.files);
    const set: Record<string, unknown> = {
      version: Number(row.version) + 1,
      updated_at: ctx.now,
      updated_by: ctx.caller.userId,
    };
    if (body.team) set.team = JSON.stringify(body.team);
    if (body.conclusions !== undefined) set.conclusions = body.conclusions;
    if (body.measures !== undefined) set.measures = body.measures;
    if (body.expertExamination !== undefined && body.expertExamination !== !!row.expert_examination) {
      // The class's deadline as it stood on the notification date; an extension already granted is kept on top.
      const cls = investigationClass(
        { deathCount: Number(row.death_count), seriousCount: Number(row.serious_count) },
        body.expertExamination,
      );
      const d = await deadlineFor(trx, cls, row.notified_on);
      Object.assign(set, {
        expert_examination: body.expertExamination,
        deadline_rule: d.rule,
        deadline_code: d.code,
        deadline_days: d.days,
        legal_basis: d.legalBasis,
        due_on: row.extended ? addDays(d.dueOn, Number(row.extension_days ?? 0)) : d.dueOn,
      });
    }
    await withAccidents(trx).updateTable('accident_investigation').set(set).where('id', '=', row.id).execute();
    await writeFiles(trx, ctx, row.id, body.files);
    await audit(trx, ctx, 'update', row.id, { code: row.accident_code });
  });
}

/** extend-investigation/{id}: once, for a serious or fatal accident, by no more than the deadline itself. */
export async function extendInvestigation(ctx: AccidentCtx, id: string, body: ExtendInvestigationBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await lockInvestigation(trx, ctx, id, 'extend', body.version);
    if (!mayExtend(classOfRule(row.deadline_rule), !!row.extended)) throw accidentError(409, 'EXTENSION_NOT_ALLOWED');
    if (body.days > Number(row.deadline_days))
      throw accidentError(400, 'EXTENSION_TOO_LONG', { days: Number(row.deadline_days) }, [
        {
          field: 'body.days',
          code: 'EXTENSION_TOO_LONG',
          message: t(ctx.lang, 'errors.EXTENSION_TOO_LONG', { days: Number(row.deadline_days) }),
        },
      ]);
    const dueOn = addDays(row.due_on, body.days);
    await withAccidents(trx)
      .updateTable('accident_investigation')
      .set({
        extended: true,
        extension_days: body.days,
        extension_reason: body.reason,
        extended_at: ctx.now,
        due_on: dueOn,
        version: Number(row.version) + 1,
        updated_at: ctx.now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await audit(trx, ctx, 'extend', row.id, { code: row.accident_code, days: body.days, dueOn });
  });
}

/** conclude-investigation/{id}: the report is announced; the accident's file closes. */
export async function concludeInvestigation(
  ctx: AccidentCtx,
  id: string,
  body: ConcludeInvestigationBody,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row, to } = await lockInvestigation(trx, ctx, id, 'conclude', body.version);
    if (body.concludedOn < row.notified_on) throw accidentError(400, 'CONCLUDED_BEFORE_NOTIFIED');
    if (body.concludedOn > ctx.today) throw accidentError(400, 'CONCLUDED_IN_FUTURE');
    const a = withAccidents(trx);
    await a
      .updateTable('accident_investigation')
      .set({
        status: to,
        concluded_on: body.concludedOn,
        conclusions: body.conclusions,
        measures: body.measures,
        version: Number(row.version) + 1,
        updated_at: ctx.now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await a
      .updateTable('accident')
      .set({ status: ACCIDENT_CONCLUDED, updated_at: ctx.now })
      .where('id', '=', row.accident_id)
      .execute();
    await audit(trx, ctx, 'conclude', row.id, { code: row.accident_code, concludedOn: body.concludedOn });
  });
}

/** Accidents a dossier file belongs to that this caller sees: they may download it. */
export async function dossierFileVisible(db: Executor, caller: Caller, fileId: string): Promise<boolean> {
  const r = await sql<{ id: string }>`select f.id from accident_investigation_file f
    join accident_investigation i on i.id = f.investigation_id join accident a on a.id = i.accident_id
    where f.file_id = ${fileId}::uuid and ${visible(caller)} limit 1`.execute(db);
  return r.rows.length > 0;
}
