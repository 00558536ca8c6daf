import { sql } from 'kysely';
import { periodByKey, type Period } from '@portal/domain/reports/periods';
import type { Executor } from '../../../catalog/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { listReportTypes, periodOf, reportTypeById, type ReportType } from '../index.ts';

/**
 * The report type and period a status question names (the reports core reads the types and names their periods),
 * and the periods that have been opened: those with expected reporters, read from the rollup's key (a skip scan: one
 * index probe per (type, period), however many reporters).
 */
export type StatusReportType = ReportType;
export { periodOf };

/** A report type that exists (404 otherwise). */
export async function reportTypeOf(db: Executor, id: string): Promise<ReportType> {
  const type = await reportTypeById(db, id);
  if (!type) throw new AppError(404, 'reportTypeNotFound', { messageKey: 'reportStatus:errors.reportTypeNotFound' });
  return type;
}

export interface TypeWithPeriods extends ReportType {
  /** Newest first. */
  periods: Period[];
}

/** The report types (active ones, and inactive ones that have opened periods) with their opened periods. */
export async function typesWithPeriods(db: Executor): Promise<TypeWithPeriods[]> {
  const types = await listReportTypes(db);
  const opened = await sql<{ typeId: string; periodKey: string }>`
    with recursive k as (
      (select report_type_id, period_key from report_status_rollup order by report_type_id, period_key limit 1)
      union all
      select n.report_type_id, n.period_key from k cross join lateral (
        select r.report_type_id, r.period_key from report_status_rollup r
        where (r.report_type_id, r.period_key) > (k.report_type_id, k.period_key)
        order by r.report_type_id, r.period_key limit 1) n
    )
    select k.report_type_id::text as "typeId", k.period_key as "periodKey" from k`.execute(db);
  return types
    .map((t) => ({
      ...t,
      periods: opened.rows
        .filter((o) => o.typeId === t.id)
        .flatMap((o) => {
          const period = t.periodType === 'event' ? null : periodByKey(t.periodType, o.periodKey, t.shiftMonths);
          return period ? [period] : [];
        })
        .sort((a, b) => b.end.localeCompare(a.end)),
    }))
    .filter((t) => t.active || t.periods.length > 0);
}
