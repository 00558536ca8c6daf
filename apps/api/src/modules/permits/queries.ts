import { sql, type RawBuilder, type SqlBool, type Expression } from 'kysely';
import type { ListQuery, PermitSummary } from '@portal/domain/permits/schemas';
import type { PermitKind, PermitStatus, StoredStatus } from '@portal/domain/permits/state';
import { addDays } from '@portal/domain/permits/rules';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { visibleTo, type Caller } from './access.ts';
import { WORKER_NAME_SORT, WORKER_TABLE, workerColumns } from './workers.ts';

/** The status users see: approved permits whose last day is before today (Vietnam) are expired. */
export function statusSql(today: string, alias = 'p'): RawBuilder<PermitStatus> {
  const p = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<PermitStatus>`(case when ${p('status')} = 'approved' and ${p('valid_to')} < ${today}::date then 'expired' else ${p('status')} end)`;
}

function statusCondition(status: PermitStatus, today: string): Expression<SqlBool> {
  if (status === 'expired') return sql<SqlBool>`(p.status = 'approved' and p.valid_to < ${today}::date)`;
  if (status === 'approved') return sql<SqlBool>`(p.status = 'approved' and p.valid_to >= ${today}::date)`;
  return sql<SqlBool>`p.status = ${status}`;
}

/** A row as lists and the detail read it (dates as text, times as Date). */
export interface PermitRow {
  id: string;
  kind: PermitKind;
  stored_status: StoredStatus;
  status: PermitStatus;
  number: string | null;
  valid_from: string | null;
  valid_to: string | null;
  business_id: string;
  business_name: string;
  worker_id: string;
  worker_name: string;
  nationality: string | null;
  passport_number: string | null;
  job_title: string | null;
  parent_id: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  updated_at: Date;
  created_at: Date;
  version: number;
  position: string | null;
  workplace: string | null;
  work_form: string | null;
  requested_from: string | null;
  requested_to: string | null;
  renew_reason: string | null;
  exemption_ground: string | null;
  exemption_detail: string | null;
  note: string | null;
  return_reason: string | null;
  reject_reason: string | null;
  decision_note: string | null;
  decided_by_name: string | null;
}

function selection(today: string): RawBuilder<unknown> {
  return sql`p.id, p.kind, p.status as stored_status, ${statusSql(today)} as status, p.number,
    p.valid_from, p.valid_to, p.business_id, b.name as business_name, p.worker_id, ${workerColumns('w')}, p.passport_number,
    p.job_title, p.parent_id, p.submitted_at, p.decided_at, p.updated_at, p.created_at, p.version, p.position,
    p.workplace, p.work_form, p.requested_from, p.requested_to, p.renew_reason, p.exemption_ground,
    p.exemption_detail, p.note, p.return_reason, p.reject_reason, p.decision_note, p.decided_by_name`;
}

const from = sql`work_permit p join business b on b.id = p.business_id join ${sql.table(WORKER_TABLE)} w on w.id = p.worker_id`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toSummary(r: PermitRow): PermitSummary {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    number: r.number,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    businessId: r.business_id,
    businessName: r.business_name,
    workerId: r.worker_id,
    workerName: r.worker_name,
    nationality: r.nationality,
    passportNumber: r.passport_number,
    jobTitle: r.job_title,
    parentId: r.parent_id,
    submittedAt: iso(r.submitted_at),
    decidedAt: iso(r.decided_at),
    updatedAt: r.updated_at.toISOString(),
    version: r.version,
  };
}

const SORTS: Record<NonNullable<ListQuery['sortBy']>, RawBuilder<unknown>> = {
  updatedAt: sql`p.updated_at`,
  submittedAt: sql`p.submitted_at`,
  validTo: sql`p.valid_to`,
  number: sql`p.number`,
  workerName: WORKER_NAME_SORT,
};

/** The list's filters as conditions over alias `p` (and `b`, `w` of `from`), the caller's scope first. */
function listConditions(caller: Caller, q: Partial<ListQuery>, today: string): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [visibleTo(caller)];
  if (q.keyWord) {
    where.push(
      matchesKeyword(
        [
          WORKER_NAME_SORT,
          sql.ref('b.name'),
          sql`coalesce(p.number, '')`,
          sql`coalesce(p.passport_number, '')`,
          sql`coalesce(p.job_title, '')`,
        ],
        q.keyWord,
      ),
    );
  }
  if (q.status?.length)
    where.push(
      sql<SqlBool>`(${sql.join(
        q.status.map((s) => statusCondition(s, today)),
        sql` or `,
      )})`,
    );
  if (q.kind) where.push(sql<SqlBool>`p.kind = ${q.kind}`);
  if (q.group === 'license') where.push(sql<SqlBool>`p.kind <> 'confirm'`);
  if (q.group === 'confirm') where.push(sql<SqlBool>`p.kind = 'confirm'`);
  if (q.workerId) where.push(sql<SqlBool>`p.worker_id = ${q.workerId}`);
  if (q.businessId) where.push(sql<SqlBool>`p.business_id = ${q.businessId}`);
  if (q.year) where.push(sql<SqlBool>`p.number_year = ${q.year}`);
  if (q.expiringWithinDays !== undefined) {
    where.push(
      sql<SqlBool>`(p.status = 'approved' and p.valid_to between ${today}::date and ${addDays(today, q.expiringWithinDays)}::date)`,
    );
  }
  return where;
}

/** How many requests the list would show with these filters (the workspace's counts). */
export async function countPermits(
  db: Executor,
  caller: Caller,
  q: Partial<ListQuery>,
  today: string,
): Promise<number> {
  const condition = sql.join(listConditions(caller, q, today), sql` and `);
  const count = await sql<{ n: number }>`select count(*)::int as n from ${from} where ${condition}`.execute(db);
  return count.rows[0]?.n ?? 0;
}

export async function listPermits(
  db: Executor,
  caller: Caller,
  q: ListQuery,
  today: string,
): Promise<{ pageLists: PermitSummary[]; totalRecord: number }> {
  const descending = q.sortOrder === 'asc' || q.sortOrder === 'ascend' ? sql`asc` : sql`desc`;
  const sort = SORTS[q.sortBy ?? 'updatedAt'];
  const page = await sqlPage<PermitRow>(db, q, {
    select: selection(today),
    from,
    where: listConditions(caller, q, today),
    order: sql`${sort} ${descending} nulls last, p.id`,
  });
  return { pageLists: page.rows.map(toSummary), totalRecord: page.total };
}

/** One visible request, or undefined (absent and out of scope look the same). */
export async function findPermit(
  db: Executor,
  caller: Caller,
  id: string,
  today: string,
): Promise<PermitRow | undefined> {
  const r =
    await sql<PermitRow>`select ${selection(today)} from ${from} where p.id = ${id} and ${visibleTo(caller)}`.execute(
      db,
    );
  return r.rows[0];
}

/** Lock a visible request for a change (concurrent reviewers and uploads queue here). */
export async function lockPermit(
  db: Executor,
  caller: Caller,
  id: string,
  today: string,
): Promise<PermitRow | undefined> {
  const r =
    await sql<PermitRow>`select ${selection(today)} from ${from} where p.id = ${id} and ${visibleTo(caller)} for update of p`.execute(
      db,
    );
  return r.rows[0];
}

export interface LinkedRow {
  id: string;
  kind: PermitKind;
  status: PermitStatus;
  number: string | null;
  valid_from: string | null;
  valid_to: string | null;
  parent_id: string | null;
}

/** The permit's line: itself and the permits it renewed or extended, back to the first. */
export async function lineOf(db: Executor, id: string, today: string): Promise<LinkedRow[]> {
  const r = await sql<LinkedRow>`with recursive line as (
      select p.*, 0 as depth from work_permit p where p.id = ${id}
      union all
      select p.*, line.depth + 1 from work_permit p join line on p.id = line.parent_id where line.depth < 50
    )
    select p.id, p.kind, ${statusSql(today)} as status, p.number, p.valid_from, p.valid_to, p.parent_id
    from line p order by p.depth`.execute(db);
  return r.rows;
}

/** Live requests filed from these permits. */
export async function childrenOf(db: Executor, ids: readonly string[], today: string): Promise<LinkedRow[]> {
  if (!ids.length) return [];
  const r =
    await sql<LinkedRow>`select p.id, p.kind, ${statusSql(today)} as status, p.number, p.valid_from, p.valid_to, p.parent_id
    from work_permit p where p.parent_id in (${sql.join(ids)}) and p.deleted_at is null order by p.created_at`.execute(
      db,
    );
  return r.rows;
}
