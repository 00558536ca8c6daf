import { sql } from 'kysely';
import { catalogueHook, type CatalogRecord } from '../../catalog/index.ts';
import type { OpContext } from '../../catalog/context.ts';
import { clock } from '../../platform/clock/index.ts';

/** A plan's period: its quarter, or its whole year. */
function periodOf(year: number, quarter: number | null): { from: string; to: string } {
  if (!quarter) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const first = (quarter - 1) * 3 + 1;
  const end = new Date(Date.UTC(year, first + 2, 0)).toISOString().slice(0, 10);
  return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: end };
}

/**
 * The progress of each plan read: the job seekers registered, the people counselled, the placements (referrals
 * hired and hires at the job exchange sessions) and the sessions held in its period, counted from the records, one
 * statement for a page of plans.
 */
async function addProgress(ctx: OpContext, records: CatalogRecord[]): Promise<void> {
  if (!records.length) return;
  const periods = records.map((r) => periodOf(Number(r.year), r.quarter == null ? null : Number(r.quarter)));
  const today = clock.today();
  const rows = await sql<{ i: number; seekers: number; counselled: number; placements: number; sessions: number }>`
    select p.i,
      (select count(*)::int from job_seeker s where s.deleted_at is null
        and s.registered_date between p.from_date and p.to_date) as seekers,
      (select count(*)::int from job_counselling c where c.deleted_at is null
        and c.counselled_on between p.from_date and p.to_date) as counselled,
      (select count(*)::int from job_referral r where r.deleted_at is null and r.status = 'hired'
        and r.hired_date between p.from_date and p.to_date)
      + (select count(*)::int from job_fair_interview i where i.outcome = 'hired'
        and (i.recorded_at at time zone 'Asia/Ho_Chi_Minh')::date between p.from_date and p.to_date) as placements,
      (select count(*)::int from job_fair f where f.deleted_at is null and f.status <> 'cancelled'
        and f.held_on between p.from_date and least(p.to_date, ${today}::date)) as sessions
    from unnest(${sql.val(periods.map((_, i) => i))}::int[], ${sql.val(periods.map((p) => p.from))}::date[],
      ${sql.val(periods.map((p) => p.to))}::date[]) as p(i, from_date, to_date)`.execute(ctx.db);
  for (const r of rows.rows) {
    const record = records[r.i]!;
    record.seekersDone = r.seekers;
    record.counselledDone = r.counselled;
    record.placementsDone = r.placements;
    record.sessionsDone = r.sessions;
  }
}

export const planHooks = catalogueHook('employmentPlan', {
  afterRead: ({ ctx, records }) => addProgress(ctx, records),
});
