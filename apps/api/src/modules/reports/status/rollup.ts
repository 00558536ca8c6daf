import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Executor } from '../../../catalog/context.ts';

/**
 * The nightly check of what the triggers keep (migration 0040): each expected reporter's filing facts against its
 * submission, and the rollup against a fresh count of report_expected, one (type, period) at a time (each its own
 * short transaction: on the embedded database nothing holds the one connection for long). Whatever differs is put
 * right and reported: drift means a write went around the triggers (a restore, a hand edit).
 */

const KEY = sql`report_type_id, period_key, dimension, key, opens_on, due_on, submission_status, filed`;

export interface Drift {
  /** Expected reporters whose facts differed from their submission's. */
  facts: number;
  /** Rollup groups whose count differed from the reporters'. */
  groups: number;
  /** (type, period) pairs checked. */
  periods: number;
}

async function checkPeriod(db: Executor, typeId: string, periodKey: string): Promise<Omit<Drift, 'periods'>> {
  const facts = await sql`update report_expected e
      set submission_status = s.status, first_submitted_on = s.first_submitted_on
      from report_expected x
      left join report_submission s on s.report_type_id = x.report_type_id and s.period_key = x.period_key
        and s.reporter_key = x.reporter_key and s.deleted_at is null
      where x.id = e.id and e.report_type_id = ${typeId}::uuid and e.period_key = ${periodKey}
        and x.report_type_id = ${typeId}::uuid and x.period_key = ${periodKey}
        and (e.submission_status, e.first_submitted_on) is distinct from (s.status, s.first_submitted_on)`.execute(db);
  const groups = await sql`insert into report_status_rollup as r (${KEY}, reporters)
      select ${KEY}, sum(d)::int from (
        select e.report_type_id, e.period_key, k.dimension, k.key, e.opens_on, e.due_on, e.submission_status, e.filed,
          count(*) as d
        from report_expected e cross join lateral (values ('ward', e.ward_code), ('sector', e.sector_id::text)) k(dimension, key)
        where e.report_type_id = ${typeId}::uuid and e.period_key = ${periodKey} and e.removed_at is null
        group by 1, 2, 3, 4, 5, 6, 7, 8
        union all
        select ${KEY}, -reporters from report_status_rollup where report_type_id = ${typeId}::uuid and period_key = ${periodKey}
      ) x group by ${KEY} having sum(d) <> 0 order by ${KEY}
      on conflict on constraint report_status_rollup_key do update set reporters = r.reporters + excluded.reporters`.execute(
    db,
  );
  await sql`delete from report_status_rollup where report_type_id = ${typeId}::uuid and period_key = ${periodKey}
    and reporters = 0`.execute(db);
  return { facts: Number(facts.numAffectedRows ?? 0), groups: Number(groups.numAffectedRows ?? 0) };
}

/** Checks and puts right every (type, period) that has expected reporters (or rollup groups left over). */
export async function checkStatusRollup(db: Executor): Promise<Drift> {
  const pairs = await sql<{ typeId: string; periodKey: string }>`
    select distinct report_type_id::text as "typeId", period_key as "periodKey" from (
      select report_type_id, period_key from report_expected
      union select report_type_id, period_key from report_status_rollup) p`.execute(db);
  const drift: Drift = { facts: 0, groups: 0, periods: 0 };
  for (const p of pairs.rows) {
    const one = db.isTransaction
      ? await checkPeriod(db, p.typeId, p.periodKey)
      : await db.transaction().execute((trx) => checkPeriod(trx, p.typeId, p.periodKey));
    drift.facts += one.facts;
    drift.groups += one.groups;
    drift.periods += 1;
  }
  return drift;
}

const QUEUE = 'reports.status.check';
/** Every night, Vietnam time, when nobody files. */
const CRON = '40 2 * * *';

export function defineStatusCheckJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: QUEUE,
    cron: CRON,
    retryLimit: 1,
    handler: async () => {
      const drift = await checkStatusRollup(app.db);
      if (drift.facts || drift.groups) app.log.warn({ drift }, 'report status rollup drifted and was put right');
      else app.log.info({ drift }, 'report status rollup checked');
    },
  });
}
