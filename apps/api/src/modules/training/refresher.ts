import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { daysBetween } from '@portal/domain/equipment/rules';
import {
  credentialStateOf,
  REFRESHER_NOTICE_DEFAULT_DAYS,
  REFRESHER_NOTICE_RULE,
  statesOf,
  validUntilRangeOf,
  type TrainingState,
  type TrainingStateFilter,
  type TrainingStatusPage,
  type TrainingStatusRow,
} from '@portal/domain/training/refresher';
import type { Executor } from '../../catalog/context.ts';
import { cappedTotal, plannedRows } from '../../catalog/operations.ts';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import { executePrepared } from '../../db/prepared.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';

/**
 * "Trained until when" (/an-toan-ve-sinh-lao-dong/huan-luyen-ATVSLD): for every worker in the caller's scope, per
 * group, the current credential and its state on a day — valid, due soon (within the notice days), expired — and
 * the workers whose own group (worker.target_training_id) has no current credential: never trained. Superseded
 * and revoked credentials never count. The statements are built apart from their running, so the workspace
 * counts, the export and the bench run the very same SQL.
 *
 * Two parts, either or both by the state asked for:
 * - credentials: current ones, scoped as the credential area is (its owner employer; a commune the employers
 *   located in it), read in the page's order on the area's partial indexes (`currentExpiryNumber`,
 *   `currentEmployerExpiryNumber`);
 * - never trained: workers in scope (the worker area's own scope) whose group has no current credential.
 * Workers deleted, or whose employment ended before the day, are left out of both.
 */

/** The notice days in force on `today` (LegalDeadline TRAINING_REFRESHER_NOTICE), counted in calendar days. */
export async function refresherNoticeDays(db: Executor, today: string): Promise<number> {
  try {
    return daysBetween(today, deadlineEnd(today, await deadlineInForce(db, REFRESHER_NOTICE_RULE, today)));
  } catch (err) {
    // The notice is the department's courtesy, not a limit of the law: without a row in force, the usual 30 days
    // keep the lists and reminders working while the department restores it.
    if (err instanceof AppError && err.code === 'DEADLINE_MISSING') return REFRESHER_NOTICE_DEFAULT_DAYS;
    throw err;
  }
}

export interface StatusFilters {
  state?: TrainingStateFilter | undefined;
  targetTrainingId?: string | undefined;
  /** The credential's owner (a never-trained row: the worker's employer). */
  businessId?: string | undefined;
  /** The commune of that employer. */
  wardId?: string | undefined;
  /** Name or citizen ID, accent-free. */
  keyWord?: string | undefined;
}

export interface StatusQuery extends StatusFilters {
  pageNumber: number;
  pageSize: number;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** The day and notice the states are computed for. */
export interface StatusDay {
  today: string;
  noticeDays: number;
}

const and = (parts: Expression<SqlBool>[]) => sql<SqlBool>`${sql.join(parts, sql` and `)}`;

/** `c.valid_until` within the states' ranges: one range when they are adjacent (the planner reads one index range). */
function validUntilCondition(states: readonly TrainingState[], day: StatusDay): Expression<SqlBool> | null {
  const order = ['expired', 'dueSoon', 'valid'] as const;
  const wanted = order.filter((s) => states.includes(s));
  if (wanted.length === order.length) return null;
  const ranges = wanted.map((s) => validUntilRangeOf(s, day.today, day.noticeDays));
  const adjacent = wanted.every((s, i) => i === 0 || order.indexOf(s) === order.indexOf(wanted[i - 1]!) + 1);
  const one = (r: ReturnType<typeof validUntilRangeOf>) => {
    const parts: Expression<SqlBool>[] = [];
    if (r.from) parts.push(sql<SqlBool>`c.valid_until >= ${r.from}::date`);
    if (r.to) parts.push(sql<SqlBool>`c.valid_until <= ${r.to}::date`);
    const bounded = parts.length ? and(parts) : sql<SqlBool>`true`;
    return r.orNone ? sql<SqlBool>`(${bounded} or c.valid_until is null)` : bounded;
  };
  if (adjacent) {
    const first = ranges[0]!;
    const last = ranges[ranges.length - 1]!;
    return one({
      ...(first.from ? { from: first.from } : {}),
      ...(last.to ? { to: last.to } : {}),
      ...(last.orNone ? { orNone: true as const } : {}),
    });
  }
  return sql<SqlBool>`(${sql.join(ranges.map(one), sql` or `)})`;
}

/** The employer of a row is in the commune `wardId`. */
const inWard = (column: string, wardId: string) =>
  sql<SqlBool>`${sql.ref(column)} in (select b.id from business b where b.ward_code = ${wardId})`;

/** A worker still employed on the day. */
const employed = (today: string) =>
  sql<SqlBool>`w.deleted_at is null and (w.end_date is null or w.end_date >= ${today}::date)`;

/**
 * The parts' common columns: worker_id, target_training_id, business_id, certificate_id, certificate_number,
 * credential, issued_on, valid_until, tie (unique, ending the sort: a credential's number — unique among live
 * ones, and the second key of the declared indexes `currentExpiryNumber`, `currentEmployerExpiryNumber` — or a
 * never-trained worker's id), full_name, citizen_id.
 */
function parts(
  principal: Principal | null,
  f: StatusFilters,
  day: StatusDay,
  { system = false, states = statesOf(f.state) }: { system?: boolean; states?: readonly TrainingState[] } = {},
) {
  const out: { credentials: RawBuilder<unknown> | null; never: RawBuilder<unknown> | null } = {
    credentials: null,
    never: null,
  };
  const keyword = f.keyWord?.trim()
    ? (matchesKeyword(['w.full_name', 'w.citizen_id'], f.keyWord) as Expression<SqlBool>)
    : null;
  if (states.some((s) => s !== 'neverTrained')) {
    const where: Expression<SqlBool>[] = [sql<SqlBool>`c.deleted_at is null`, sql<SqlBool>`c.status = 'current'`];
    const scope = system ? null : rowScope(catalogRegistry.get('trainingCertificate'), principal, 'c');
    if (scope) where.push(scope);
    const range = validUntilCondition(states, day);
    if (range) where.push(range);
    if (f.targetTrainingId) where.push(sql<SqlBool>`c.target_training_id = ${f.targetTrainingId}::uuid`);
    if (f.businessId) where.push(sql<SqlBool>`c.business_id = ${f.businessId}::uuid`);
    if (f.wardId) where.push(inWard('c.business_id', f.wardId));
    if (keyword) where.push(keyword);
    out.credentials = sql`select c.worker_id, c.target_training_id, c.business_id, c.id as certificate_id,
        c.certificate_number, c.credential, c.issued_on, c.valid_until, c.certificate_number as tie, w.full_name,
        w.citizen_id
      from training_certificate c join worker w on w.id = c.worker_id and ${employed(day.today)}
      where ${and(where)}`;
  }
  if (states.includes('neverTrained')) {
    const where: Expression<SqlBool>[] = [employed(day.today), sql<SqlBool>`w.target_training_id is not null`];
    const scope = system ? null : rowScope(catalogRegistry.get('worker'), principal, 'w');
    if (scope) where.push(scope);
    if (f.targetTrainingId) where.push(sql<SqlBool>`w.target_training_id = ${f.targetTrainingId}::uuid`);
    if (f.businessId) where.push(sql<SqlBool>`w.business_id = ${f.businessId}::uuid`);
    if (f.wardId) where.push(inWard('w.business_id', f.wardId));
    if (keyword) where.push(keyword);
    where.push(sql<SqlBool>`not exists (select 1 from training_certificate c where c.worker_id = w.id
      and c.target_training_id = w.target_training_id and c.status = 'current' and c.deleted_at is null)`);
    out.never = sql`select w.id as worker_id, w.target_training_id, w.business_id, null::uuid as certificate_id,
        null::text as certificate_number, null::text as credential, null::date as issued_on, null::date as valid_until,
        w.id::text as tie, w.full_name, w.citizen_id
      from worker w where ${and(where)}`;
  }
  return out;
}

function union(p: ReturnType<typeof parts>): RawBuilder<unknown> {
  const list = [p.credentials, p.never].filter((x): x is RawBuilder<unknown> => x !== null);
  return sql.join(list, sql` union all `) as RawBuilder<unknown>;
}

// A type, not an interface: the engine's capped total takes rows as plain records.
type RawRow = {
  worker_id: string;
  target_training_id: string;
  business_id: string;
  certificate_id: string | null;
  certificate_number: string | null;
  credential: string | null;
  issued_on: string | null;
  valid_until: string | null;
  full_name: string;
  citizen_id: string | null;
  business_name: string | null;
  ward_id: string | null;
  ward_name: string | null;
  target_training_name: string;
};

/**
 * The rows, ordered by expiry (ascending: the oldest expiry first, no end date and never trained last;
 * descending the other way round), each with its employer, commune and group; `limit` null: all of them.
 */
function rowsStatement(
  p: ReturnType<typeof parts>,
  order: 'asc' | 'desc',
  limit: { size: number; offset: number } | null,
): RawBuilder<RawRow> {
  const dir = sql.raw(order);
  const page = limit ? sql`limit ${limit.size} offset ${limit.offset}` : sql``;
  // The page is cut before the names are looked up: the parts read one index range, and the names are read for
  // its rows only, by key (subqueries the planner cannot turn into a scan of every employer).
  return sql<RawRow>`select x.worker_id, x.target_training_id, x.business_id, x.certificate_id, x.certificate_number,
      x.credential, x.issued_on::text as issued_on, x.valid_until::text as valid_until, x.full_name, x.citizen_id,
      (select b.name from business b where b.id = x.business_id) as business_name,
      (select b.ward_code from business b where b.id = x.business_id) as ward_id,
      (select au.full_name from business b join admin_unit au on au.id = b.ward_code where b.id = x.business_id)
        as ward_name,
      (select tt.name from target_training tt where tt.id = x.target_training_id) as target_training_name
    from (${union(p)} order by valid_until ${dir}, tie ${dir} ${page}) x
    order by x.valid_until ${dir}, x.tie ${dir}`;
}

/** The statements of a page (the bench runs them bare): the page, the planner's estimate, the capped count. */
export function statusStatements(principal: Principal | null, q: StatusQuery, day: StatusDay, system = false) {
  const p = parts(principal, q, day, { system });
  const limit = catalogRegistry.get('trainingCertificate').declaration.list.countLimit ?? 10_000;
  return {
    page: rowsStatement(p, q.sortOrder ?? 'asc', { size: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize }),
    estimate: sql<Record<string, unknown>>`explain (format json) select 1 from (${union(p)}) x`,
    count: sql<{ n: number }>`select count(*)::int as n from (${union(p)} limit ${limit + 1}) x`,
  };
}

/** A raw row as the API answers it, its state computed by the domain's rule. */
export function statusRowOf(r: RawRow, day: StatusDay): TrainingStatusRow {
  return {
    key: `${r.worker_id}:${r.target_training_id}`,
    workerId: r.worker_id,
    fullName: r.full_name,
    citizenId: r.citizen_id,
    businessId: r.business_id,
    businessName: r.business_name ?? '',
    wardId: r.ward_id,
    wardName: r.ward_name,
    targetTrainingId: r.target_training_id,
    targetTrainingName: r.target_training_name,
    certificateId: r.certificate_id,
    certificateNumber: r.certificate_number,
    credential: r.credential,
    issuedOn: r.issued_on,
    validUntil: r.valid_until,
    state: r.certificate_id ? credentialStateOf(r.valid_until, day.today, day.noticeDays) : 'neverTrained',
  };
}

/**
 * A page of the list. The total as the credential area counts its own list (`countLimit`): exact up to the limit,
 * the planner's estimate of a longer list (a province's credentials) marked as such.
 */
export async function statusPage(
  db: Executor,
  principal: Principal | null,
  q: StatusQuery,
  day: StatusDay,
): Promise<TrainingStatusPage> {
  const s = statusStatements(principal, q, day);
  const [found, planned] = await Promise.all([executePrepared(db, s.page), executePrepared(db, s.estimate)]);
  const total = await cappedTotal(
    catalogRegistry.get('trainingCertificate'),
    { pageNumber: q.pageNumber, pageSize: q.pageSize, values: {} },
    found.rows,
    plannedRows(planned.rows),
    async () => (await executePrepared(db, s.count)).rows[0]?.n ?? 0,
  );
  return { pageLists: found.rows.map((r) => statusRowOf(r, day)), ...total, ...day };
}

/** Every matching row, in the list's order (the export reads it through a cursor). */
export function allStatusRows(principal: Principal | null, f: StatusFilters, order: 'asc' | 'desc', day: StatusDay) {
  return rowsStatement(parts(principal, f, day), order, null);
}

/** The exact number of rows in a state (workspace tasks: what their link's list shows). */
export async function countStatus(
  db: Executor,
  principal: Principal | null,
  state: TrainingStateFilter,
  day: StatusDay,
): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from (${union(parts(principal, { state }, day))}) x`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

/** Workers in scope holding at least one current credential that has not expired (a workspace figure). */
export async function countTrainedWorkers(db: Executor, principal: Principal | null, day: StatusDay): Promise<number> {
  const p = parts(principal, {}, day, { states: ['dueSoon', 'valid'] });
  const rows = await sql<{ n: number }>`select count(distinct worker_id)::int as n from (${p.credentials!}) x`.execute(
    db,
  );
  return rows.rows[0]?.n ?? 0;
}
