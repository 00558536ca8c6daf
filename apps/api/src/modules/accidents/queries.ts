import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AccidentListQuery, AccidentSummary } from '@portal/domain/accidents/schemas';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { accidentVisibleTo } from './access.ts';
import { ACCIDENT_FROM, ACCIDENT_SELECTION, toSummary, type AccidentCtx, type AccidentRow } from './service.ts';

const SORTS: Record<NonNullable<AccidentListQuery['sortField']>, RawBuilder<unknown>> = {
  occurredAt: sql`a.occurred_at`,
  code: sql`a.code`,
  severity: sql`case a.severity when 'fatal' then 3 when 'serious' then 2 else 1 end`,
  updatedAt: sql`a.updated_at`,
  businessName: sql`b.name`,
};

/**
 * Fatal or serious declarations no investigation was opened for: the department's workspace card and the list's
 * `toInvestigate` filter, one predicate so the card's count is what its list shows.
 */
export const awaitingInvestigation = sql<SqlBool>`(a.status = 'declared' and (a.death_count > 0 or a.serious_count > 0)
  and not exists (select 1 from accident_investigation i where i.accident_id = a.id and i.deleted_at is null))`;

/** The declarations the caller sees, a page at a time (newest accident first unless sorted). */
export async function listAccidents(
  ctx: AccidentCtx,
  q: AccidentListQuery,
): Promise<{ pageLists: AccidentSummary[]; totalRecord: number }> {
  const where: Expression<SqlBool>[] = [accidentVisibleTo(ctx.caller)];
  if (q.keyWord)
    where.push(
      matchesKeyword(
        [sql.ref('a.code'), sql`coalesce(b.name, '')`, sql.ref('a.place'), sql`coalesce(du.name, '')`],
        q.keyWord,
      ),
    );
  if (q.severity) where.push(sql<SqlBool>`a.severity = ${q.severity}`);
  if (q.status) where.push(sql<SqlBool>`a.status = ${q.status}`);
  if (q.toInvestigate === 'true') where.push(awaitingInvestigation);
  if (q.businessId) where.push(sql<SqlBool>`a.business_id = ${q.businessId}`);
  // Dates of the accident in Vietnam's time.
  if (q.occurredFrom)
    where.push(sql<SqlBool>`a.occurred_at >= (${q.occurredFrom}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'`);
  if (q.occurredTo)
    where.push(sql<SqlBool>`a.occurred_at < (${q.occurredTo}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'`);
  const ascending = q.sortOrder === 'asc' || q.sortOrder === 'ascend';
  const direction = ascending ? sql`asc` : sql`desc`;
  const sort =
    q.sortField === 'code'
      ? sql`a.code_year ${direction}, a.code_sequence ${direction}`
      : sql`${SORTS[q.sortField ?? 'occurredAt']} ${direction}`;
  const page = await sqlPage<AccidentRow>(ctx.db, q, {
    select: ACCIDENT_SELECTION,
    from: ACCIDENT_FROM,
    where,
    order: sql`${sort} nulls last, a.id`,
  });
  return { pageLists: page.rows.map(toSummary), totalRecord: page.total };
}
