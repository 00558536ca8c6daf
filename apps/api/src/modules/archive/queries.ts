import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ArchiveSort, ArchiveSource } from '@portal/domain/archive/index';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ArchiveListQuery, ArchiveRow } from './schemas.ts';

/**
 * Reading the archive in the caller's scope (the department and service centre: the whole province; a commune:
 * the records of its area; an employer: its own), and recording disposals.
 */

/** The records the principal sees, over alias `r` (archive_record). */
export function archiveScope(principal: Principal | null): Expression<SqlBool> {
  return scopeCondition(principal, { businessColumn: 'r.business_id', localUnitColumn: 'r.ward_code' }) ?? sql`true`;
}

export interface RecordRow {
  id: string;
  source: ArchiveSource;
  record_id: string;
  title: string;
  number: string | null;
  business_id: string | null;
  business_name: string | null;
  index_file_id: string | null;
  index_file_code: string | null;
  index_file_name: string | null;
  closed_on: string;
  retention_years: number | null;
  dispose_on: string | null;
  due: boolean;
  filed_at: Date;
  disposed_at: Date | null;
  disposed_by_name: string | null;
  disposal_reason: string | null;
}

export const recordColumns = (today: string) => sql`r.id, r.source, r.record_id, r.title, r.number, r.business_id,
  b.name as business_name, r.index_file_id, f.code as index_file_code, f.name as index_file_name,
  r.closed_on::text as closed_on, r.retention_years, r.dispose_on::text as dispose_on,
  (r.disposed_at is null and r.dispose_on <= ${today}::date) as due,
  r.filed_at, r.disposed_at, r.disposed_by_name, r.disposal_reason`;
export const recordFrom = sql`archive_record r
  left join business b on b.id = r.business_id
  left join index_file f on f.id = r.index_file_id`;

const dueCondition = (today: string) => sql<SqlBool>`(r.disposed_at is null and r.dispose_on <= ${today}::date)`;

export function toRow(r: RecordRow): ArchiveRow {
  return {
    id: r.id,
    source: r.source,
    recordId: r.record_id,
    title: r.title,
    number: r.number,
    businessId: r.business_id,
    businessName: r.business_name,
    indexFileId: r.index_file_id,
    indexFileCode: r.index_file_code,
    indexFileName: r.index_file_name,
    closedOn: r.closed_on,
    retentionYears: r.retention_years === null ? null : Number(r.retention_years),
    disposeOn: r.dispose_on,
    status: r.disposed_at ? 'disposed' : r.due ? 'due' : 'kept',
    filedAt: r.filed_at.toISOString(),
    disposedAt: r.disposed_at?.toISOString() ?? null,
    disposedByName: r.disposed_by_name,
    disposalReason: r.disposal_reason,
  };
}

const SORTS: Record<ArchiveSort, RawBuilder<unknown>> = {
  closedOn: sql`r.closed_on`,
  disposeOn: sql`r.dispose_on`,
  number: sql`r.number`,
  title: sql`r.title`,
  filedAt: sql`r.filed_at`,
};

/** The filters of the list (the export by the same choice reads them too). */
export function listConditions(
  principal: Principal | null,
  q: Omit<ArchiveListQuery, 'pageNumber' | 'pageSize'>,
  today: string,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [archiveScope(principal)];
  if (q.indexFileId) where.push(sql<SqlBool>`r.index_file_id = ${q.indexFileId}`);
  if (q.source) where.push(sql<SqlBool>`r.source = ${q.source}`);
  if (q.year)
    where.push(sql<SqlBool>`r.closed_on >= make_date(${q.year}::int, 1, 1)
      and r.closed_on < make_date(${q.year}::int + 1, 1, 1)`);
  if (q.due === 'true') where.push(dueCondition(today));
  if (q.due === 'false') where.push(sql<SqlBool>`not ${dueCondition(today)}`);
  if (q.disposed === 'true') where.push(sql<SqlBool>`r.disposed_at is not null`);
  if (q.disposed === 'false') where.push(sql<SqlBool>`r.disposed_at is null`);
  if (q.keyWord)
    where.push(matchesKeyword(['r.title', 'r.number', 'b.name', 'b.code'], q.keyWord) as Expression<SqlBool>);
  return where;
}

/**
 * A page of the archive. Default order: the due list by disposal date (oldest first), the archive by closing
 * date (newest first).
 */
export async function listRecords(
  db: Db,
  principal: Principal | null,
  q: ArchiveListQuery,
  today: string,
): Promise<{ pageLists: ArchiveRow[]; totalRecord: number }> {
  const condition = sql.join(listConditions(principal, q, today), sql` and `);
  const sortBy: ArchiveSort = q.sortBy ?? (q.due === 'true' ? 'disposeOn' : 'closedOn');
  const descending = (q.sortOrder ?? (q.sortBy || q.due === 'true' ? 'asc' : 'desc')) === 'desc';
  const order = sql`${SORTS[sortBy]} ${descending ? sql`desc` : sql`asc`} nulls last, r.filed_at desc, r.id`;
  const [rows, count] = await Promise.all([
    sql<RecordRow>`select ${recordColumns(today)} from ${recordFrom} where ${condition}
      order by ${order} limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`.execute(db),
    sql<{ n: string }>`select count(*) as n from ${recordFrom} where ${condition}`.execute(db),
  ]);
  return { pageLists: rows.rows.map(toRow), totalRecord: Number(count.rows[0]?.n ?? 0) };
}

/**
 * Records the disposal of records due for it, all or none: every id must be one the caller sees, past its
 * retention and not disposed yet (a permanent record never is). Who and on what basis are kept on each record
 * and in the access history.
 */
export async function disposeRecords(
  db: Db,
  request: FastifyRequest,
  ids: readonly string[],
  reason: string,
  today: string,
): Promise<number> {
  const principal = request.principal;
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: string }>`select r.id from archive_record r
      where r.id = any(${unique}::uuid[]) and ${archiveScope(principal)} and ${dueCondition(today)}
      for update`.execute(trx);
    if (due.rows.length !== unique.length) {
      const found = new Set(due.rows.map((r) => r.id));
      throw new AppError(409, 'ARCHIVE_NOT_DUE', {
        messageKey: 'archive:errors.notDue',
        details: unique.filter((id) => !found.has(id)).map((id) => ({ field: 'ids', message: id })),
      });
    }
    const name = await sql<{ full_name: string | null }>`select full_name from app_user
      where id = ${principal?.userId ?? null}`.execute(trx);
    const actorName = name.rows[0]?.full_name ?? principal?.userName ?? null;
    await sql`update archive_record set disposed_at = now(), disposed_by = ${principal?.userId ?? null},
        disposed_by_name = ${actorName}, disposal_reason = ${reason}
      where id = any(${unique}::uuid[])`.execute(trx);
    for (const id of unique)
      await recordAudit(trx, request, {
        action: 'dispose',
        subject: 'ArchiveRecord',
        recordId: id,
        details: { reason },
      });
    return unique.length;
  });
}
