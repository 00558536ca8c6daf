import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RISK_ASSESSMENT_PATHS, RISK_ASSESSMENT_PERMISSIONS } from '@portal/domain/risk-assessment/rules';
import { clock } from '../../platform/clock/index.ts';
import { refreshReviewDue } from './service.ts';

const vietnameseDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Each morning: mark the assessments due again (the list filters by the mark), and tell each employer, in one
 * notification, of the planned measures of its action plans that went past their deadline since it was last told.
 * Each (measure, deadline) is recorded in `risk_assessment_reminder` in the notification's transaction, so a retry,
 * a second instance or the same day run twice tells nothing again; a measure given a new deadline is told of again
 * once that one passes.
 */
export async function runRiskAssessmentMorning(
  app: FastifyInstance,
  today = clock.today(),
): Promise<{ due: number; measures: number }> {
  const due = await refreshReviewDue(app.db, today);
  const measures = await app.db.transaction().execute(async (trx) => {
    const marked = await sql<{ business_id: string; n: number; first: string }>`
      with marked as (
        insert into risk_assessment_reminder (measure_id, deadline, business_id, sent_on)
        select m.id, m.deadline, a.business_id, ${today}::date
        from risk_assessment_measure m
        join risk_assessment a on a.id = m.assessment_id and a.deleted_at is null and a.business_id is not null
        where m.status = 'planned' and m.deadline < ${today}::date
        on conflict do nothing
        returning business_id, deadline)
      select business_id, count(*)::int as n, min(deadline)::text as first from marked
      group by business_id order by business_id`.execute(trx);
    let count = 0;
    for (const r of marked.rows) {
      await app.notifier.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: r.business_id, permission: RISK_ASSESSMENT_PERMISSIONS.read }] },
        'riskMeasuresOverdue',
        { count: r.n, date: vietnameseDate(r.first) },
        RISK_ASSESSMENT_PATHS.list,
      );
      count += r.n;
    }
    return count;
  });
  await app.notifier.deliver();
  return { due, measures };
}
