import { sql, type Expression, type SqlBool } from 'kysely';
import { HOME_NATIONALITY, WORKING_FORMS } from '@portal/domain/workers/constants';
import {
  OVERTIME_LIMITS,
  overtimeFields,
  progressFields,
  type WorkerOption,
  type WorkerOvertime,
  type WorkerProgress,
} from '@portal/domain/workers/records';
import { translate } from '@portal/domain/i18n';
import { inTransaction, translator, type Executor, type OpContext } from '../../catalog/context.ts';
import type { CatalogRecord } from '../../catalog/hooks.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { matchesKeyword } from '../../db/search.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { offsetOf, sqlPage } from '../../platform/list/index.ts';
import { validateFields } from './validation.ts';

/**
 * A worker's progress records and overtime, and the worker drop-downs. Everything goes through the worker it
 * belongs to: a worker outside the caller's scope is not found (404), so another employer's records stay hidden.
 */

export const workerOps = () => catalogOperations('worker');

/** The live worker if the caller may see it (same scope as the Worker list), else 404. */
export async function visibleWorker(ctx: OpContext, workerId: string): Promise<CatalogRecord> {
  const worker = await workerOps().find(ctx, workerId);
  if (!worker) throw new AppError(404, 'NOT_FOUND');
  return worker;
}

/** `t.id` is a worker the caller may see (alias `t` = worker). */
export function workerScope(ctx: OpContext, alias = 't'): Expression<SqlBool> {
  const scope = workerOps().scope(ctx, alias);
  return scope
    ? sql<SqlBool>`${sql.ref(`${alias}.deleted_at`)} is null and ${scope}`
    : sql<SqlBool>`${sql.ref(`${alias}.deleted_at`)} is null`;
}

/**
 * Which workers of the course's employer the caller may enrol: those in its scope, or — for the training body that
 * runs the course (the only courses it finds) — any of that employer's, which it names by their citizen ID.
 */
export function participantScope(ctx: OpContext, alias = 't'): Expression<SqlBool> {
  return ctx.principal?.unit.kind === 'training_body'
    ? sql<SqlBool>`${sql.ref(`${alias}.deleted_at`)} is null`
    : workerScope(ctx, alias);
}

export interface PageQuery {
  pageNumber: number;
  pageSize: number;
}

/** Delete rows of a worker's sub-table by id, all or nothing, only those of workers in scope (404 naming the others). */
async function removeOwned(
  ctx: OpContext,
  table: 'worker_progress' | 'worker_overtime',
  ids: string[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  if (!unique.length)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'ids', message: translator(ctx)('catalog:validation.required') }],
    });
  return inTransaction(ctx, async (tx) => {
    const found = await sql<{
      id: string;
      workerId: string;
    }>`select r.id, r.worker_id as "workerId" from ${sql.table(table)} r
        join worker t on t.id = r.worker_id where r.id = any(${unique}::uuid[]) and ${workerScope(tx)} for update of r`.execute(
      tx.db,
    );
    const missing = unique.filter((id) => !found.rows.some((r) => r.id === id));
    if (missing.length)
      throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
    await sql`delete from ${sql.table(table)} where id = any(${unique}::uuid[])`.execute(tx.db);
    for (const workerId of new Set(found.rows.map((r) => r.workerId))) {
      await recordAudit(tx.db, tx.request, {
        action: 'update',
        subject: 'Worker',
        recordId: workerId,
        details: { [table]: { deleted: found.rows.filter((r) => r.workerId === workerId).map((r) => r.id) } },
      });
    }
    return { deleted: unique.length };
  });
}

// ------------------------------------------------------------------------------------------------ progress

const progressColumns = sql`p.id, p.worker_id as "workerId", p.from_date as "fromDate", p.to_date as "toDate", p.workplace, p.position,
  p.description, p.created_at as "createdAt"`;

function progressOut(r: Omit<WorkerProgress, 'createdAt'> & { createdAt: Date | string }): WorkerProgress {
  return { ...r, createdAt: new Date(r.createdAt).toISOString() };
}

export async function listProgress(
  ctx: OpContext,
  workerId: string,
  q: PageQuery,
): Promise<{ pageLists: WorkerProgress[]; totalRecord: number }> {
  await visibleWorker(ctx, workerId);
  const page = await sqlPage<WorkerProgress & { createdAt: Date }>(ctx.db, q, {
    select: progressColumns,
    from: sql`worker_progress p`,
    where: [sql<SqlBool>`p.worker_id = ${workerId}`],
    order: sql`p.from_date desc, p.id desc`,
  });
  return { pageLists: page.rows.map(progressOut), totalRecord: page.total };
}

export async function addProgress(ctx: OpContext, input: unknown): Promise<WorkerProgress> {
  const data = validateFields(ctx, progressFields, input);
  const from = data.fromDate as string;
  const to = data.toDate as string | null;
  if (to && to < from)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'toDate', code: 'range', message: translator(ctx)('workers:validation.endBeforeStart') }],
    });
  return inTransaction(ctx, async (tx) => {
    const workerId = data.workerId as string;
    await visibleWorker(tx, workerId);
    const row = await sql<
      WorkerProgress & { createdAt: Date }
    >`insert into worker_progress as p (worker_id, from_date, to_date, workplace, position, description, created_by)
        values (${workerId}, ${from}, ${to}, ${data.workplace as string | null}, ${data.position as string | null}, ${data.description as string | null},
          ${tx.principal?.userId ?? null}) returning ${progressColumns}`.execute(tx.db);
    const record = progressOut(row.rows[0]!);
    await recordAudit(tx.db, tx.request, {
      action: 'update',
      subject: 'Worker',
      recordId: workerId,
      details: { worker_progress: { created: record.id } },
    });
    return record;
  });
}

export const removeProgress = (ctx: OpContext, ids: string[]) => removeOwned(ctx, 'worker_progress', ids);

// ------------------------------------------------------------------------------------------------ overtime

const overtimeColumns = sql`o.id, o.worker_id as "workerId", o.work_date as "workDate", o.hours::float8 as hours, o.reason, o.created_at as "createdAt"`;

function overtimeOut(r: Omit<WorkerOvertime, 'createdAt'> & { createdAt: Date | string }): WorkerOvertime {
  return { ...r, hours: Number(r.hours), createdAt: new Date(r.createdAt).toISOString() };
}

export async function listOvertime(
  ctx: OpContext,
  workerId: string,
  q: PageQuery & { year?: number | undefined },
): Promise<{ pageLists: WorkerOvertime[]; totalRecord: number; totalHours: number }> {
  await visibleWorker(ctx, workerId);
  const year = q.year ? sql`and extract(year from o.work_date) = ${q.year}` : sql``;
  const rows = await sql<
    WorkerOvertime & { createdAt: Date }
  >`select ${overtimeColumns} from worker_overtime o where o.worker_id = ${workerId} ${year}
      order by o.work_date desc, o.id desc limit ${q.pageSize} offset ${offsetOf(q)}`.execute(ctx.db);
  const [sum] = (
    await sql<{
      n: number;
      hours: number;
    }>`select count(*)::int as n, coalesce(sum(o.hours), 0)::float8 as hours from worker_overtime o
      where o.worker_id = ${workerId} ${year}`.execute(ctx.db)
  ).rows;
  return { pageLists: rows.rows.map(overtimeOut), totalRecord: sum?.n ?? 0, totalHours: Number(sum?.hours ?? 0) };
}

/** Hours already recorded in the month and the year of a day (the new day's own row excluded). */
async function overtimeTotals(db: Executor, workerId: string, day: string): Promise<{ month: number; year: number }> {
  const [r] = (
    await sql<{ month: number; year: number }>`select
        coalesce(sum(hours) filter (where date_trunc('month', work_date) = date_trunc('month', ${day}::date)), 0)::float8 as month,
        coalesce(sum(hours), 0)::float8 as year
      from worker_overtime where worker_id = ${workerId} and date_trunc('year', work_date) = date_trunc('year', ${day}::date)`.execute(
      db,
    )
  ).rows;
  return { month: Number(r?.month ?? 0), year: Number(r?.year ?? 0) };
}

export async function addOvertime(ctx: OpContext, input: unknown): Promise<WorkerOvertime> {
  const data = validateFields(ctx, overtimeFields, input);
  const t = translator(ctx);
  const workerId = data.workerId as string;
  const day = data.workDate as string;
  const hours = data.hours as number;
  return inTransaction(ctx, async (tx) => {
    const worker = await visibleWorker(tx, workerId);
    // Serialise additions for one worker, so two requests cannot together pass the monthly cap.
    await sql`select id from worker where id = ${workerId} for update`.execute(tx.db);
    const taken = await sql`select 1 from worker_overtime where worker_id = ${workerId} and work_date = ${day}`.execute(
      tx.db,
    );
    if (taken.rows.length) {
      throw new AppError(409, 'CONFLICT', {
        details: [
          { field: 'workDate', code: 'duplicate', message: t('workers:overtime.dayTaken', { day: formatDay(day) }) },
        ],
      });
    }
    if (
      (worker.startDate && day < (worker.startDate as string)) ||
      (worker.endDate && day > (worker.endDate as string))
    ) {
      throw new AppError(400, 'VALIDATION', {
        details: [{ field: 'workDate', code: 'range', message: t('workers:overtime.outsideEmployment') }],
      });
    }
    const totals = await overtimeTotals(tx.db, workerId, day);
    const details = [];
    if (totals.month + hours > OVERTIME_LIMITS.perMonth) {
      details.push({
        field: 'hours',
        code: 'perMonth',
        message: t('workers:overtime.monthCap', { max: OVERTIME_LIMITS.perMonth, used: totals.month }),
      });
    }
    if (totals.year + hours > OVERTIME_LIMITS.perYear) {
      details.push({
        field: 'hours',
        code: 'perYear',
        message: t('workers:overtime.yearCap', { max: OVERTIME_LIMITS.perYear, used: totals.year }),
      });
    }
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    const row = await sql<
      WorkerOvertime & { createdAt: Date }
    >`insert into worker_overtime as o (worker_id, work_date, hours, reason, created_by)
        values (${workerId}, ${day}, ${hours}, ${data.reason as string | null}, ${tx.principal?.userId ?? null}) returning ${overtimeColumns}`.execute(
      tx.db,
    );
    const record = overtimeOut(row.rows[0]!);
    await recordAudit(tx.db, tx.request, {
      action: 'update',
      subject: 'Worker',
      recordId: workerId,
      details: { worker_overtime: { created: record.id, hours } },
    });
    return record;
  });
}

export const removeOvertime = (ctx: OpContext, ids: string[]) => removeOwned(ctx, 'worker_overtime', ids);

function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

// ------------------------------------------------------------------------------------------------ drop-downs

let permitTable: Promise<boolean> | undefined;
/** Work permits are another domain's table: the "not registered" drop-down uses it when it exists. */
function hasPermitTable(db: Executor): Promise<boolean> {
  permitTable ??= sql<{ t: string | null }>`select to_regclass('work_permit')::text as t`
    .execute(db)
    .then((r) => r.rows[0]?.t != null);
  return permitTable;
}

export interface WorkerOptionQuery {
  keyWord?: string | undefined;
  ids?: string[] | undefined;
  businessId?: string | undefined;
  take?: number | undefined;
  /** Foreign workers without a live work permit (get-combobox-worker-not-register). */
  notRegistered?: boolean;
  /** Workers of the training's employer not yet taking part in it (get-combobox-worker-not-training). */
  notInTraining?: string | undefined;
}

/** Workers for a drop-down, in the caller's scope: name and citizen ID; the ids asked for always come back. */
export async function workerOptions(ctx: OpContext, q: WorkerOptionQuery): Promise<WorkerOption[]> {
  if (!ctx.system && !ctx.principal) throw new AppError(401, 'UNAUTHENTICATED');
  // A course's drop-down: the caller found the course (routes check it), so the course's enrolment rule applies.
  const conditions: Expression<SqlBool>[] = [q.notInTraining ? participantScope(ctx) : workerScope(ctx)];
  if (q.businessId) conditions.push(sql<SqlBool>`t.business_id = ${q.businessId}`);
  if (q.keyWord?.trim())
    conditions.push(
      matchesKeyword([sql.ref('t.full_name'), sql.ref('t.citizen_id')], q.keyWord) as Expression<SqlBool>,
    );
  if (q.notRegistered) {
    conditions.push(sql<SqlBool>`coalesce(t.nationality, ${HOME_NATIONALITY}) <> ${HOME_NATIONALITY}`);
    if (await hasPermitTable(ctx.db)) {
      conditions.push(
        sql<SqlBool>`not exists (select 1 from work_permit wp where wp.worker_id = t.id and wp.deleted_at is null)`,
      );
    }
  }
  if (q.notInTraining) {
    conditions.push(
      sql<SqlBool>`t.business_id = (select tr.business_id from training tr where tr.id = ${q.notInTraining})`,
    );
    conditions.push(
      sql<SqlBool>`not exists (select 1 from training_worker tw where tw.training_id = ${q.notInTraining} and tw.worker_id = t.id)`,
    );
  }
  const select = sql`t.id as value, t.full_name as label, t.citizen_id as code, t.business_id as "businessId", t.birth_date as "birthDate"`;
  const take = Math.min(q.take ?? 50, 500);
  const found = await sql<WorkerOption>`select ${select} from worker t where ${sql.join(conditions, sql` and `)}
      order by t.full_name, t.id limit ${take}`.execute(ctx.db);
  const options = found.rows;
  const missing = (q.ids ?? []).filter((id) => !options.some((o) => o.value === id));
  if (missing.length) {
    const extra =
      await sql<WorkerOption>`select ${select} from worker t where t.id = any(${missing}::uuid[]) and ${workerScope(ctx)}`.execute(
        ctx.db,
      );
    options.unshift(...extra.rows);
  }
  return options;
}

/** The working forms (get-combobox-working-form), labelled in the request's language. */
export function workingFormOptions(ctx: OpContext): { value: string; label: string }[] {
  return WORKING_FORMS.map((value) => ({ value, label: translate(ctx.lang, `workers:workingForms.${value}`) }));
}
