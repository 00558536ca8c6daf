import { sql, type RawBuilder } from 'kysely';
import { MONITORING_DEADLINES, READING_FACTORS } from '@portal/domain/monitoring/factors';
import type { Executor } from '../../catalog/context.ts';
import { deadlineFrom } from './reference.ts';

/**
 * The readings of every factor as one relation: `select {factor}, <columns> from monitoring_<factor> where …`
 * joined by `union all`. The nine tables keep each factor's own fields; counts and overviews read across them.
 */
export function allReadings(columns: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`deleted_at is null`) {
  return sql.join(
    READING_FACTORS.map(
      (f) => sql`select ${sql.lit(f.factor)}::text as factor, ${columns} from ${sql.table(f.table)} where ${where}`,
    ),
    sql` union all `,
  );
}

const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * What a report's readings make of it: how many, how many exceed (in all, and per factor in
 * `monitoring_report_factor`), and when something exceeds, the measures the employer owes by the deadline in force
 * (counted from the monitoring date), done once it records its measures and the follow-up monitoring. `without` leaves out readings about to be deleted or moved; `with` counts in
 * ones about to be restored.
 */
export async function refreshReports(
  db: Executor,
  reportIds: readonly (string | null | undefined)[],
  options: { without?: readonly string[]; with?: readonly string[] } = {},
): Promise<void> {
  const ids = [...new Set(reportIds.filter((id): id is string => !!id))];
  if (!ids.length) return;
  const without = options.without?.length ? options.without : [NONE];
  const withIds = options.with?.length ? options.with : [NONE];
  const live = sql`report_id = any(${sql.val(ids)}::uuid[]) and (deleted_at is null or id = any(${sql.val(withIds)}::uuid[]))
    and not (id = any(${sql.val(without)}::uuid[]))`;
  // Per factor first (the overviews read these), then the report's own counts from them.
  await sql`delete from monitoring_report_factor where report_id = any(${sql.val(ids)}::uuid[])`.execute(db);
  await sql`insert into monitoring_report_factor (report_id, factor, readings, exceedances)
    select report_id, factor, count(*)::int, (count(*) filter (where verdict = 'exceeds'))::int
    from (${allReadings(sql`report_id, verdict`, live)}) u group by report_id, factor`.execute(db);
  const counts = await sql<{ id: string; n: number; x: number; start: string }>`
    select r.id, coalesce(sum(f.readings), 0)::int as n, coalesce(sum(f.exceedances), 0)::int as x,
      r.monitored_on::text as start
    from monitoring_report r left join monitoring_report_factor f on f.report_id = r.id
    where r.id = any(${sql.val(ids)}::uuid[]) group by r.id`.execute(db);
  for (const c of counts.rows) {
    const due = c.x ? await deadlineFrom(db, MONITORING_DEADLINES.measures, c.start) : null;
    await sql`update monitoring_report set reading_count = ${c.n}, exceedance_count = ${c.x},
        measures_due_date = ${due}::date,
        measures_status = case when ${c.x}::int = 0 then 'none'
          when coalesce(btrim(measures), '') <> '' and follow_up_on is not null then 'done' else 'required' end
      where id = ${c.id}::uuid`.execute(db);
  }
}
