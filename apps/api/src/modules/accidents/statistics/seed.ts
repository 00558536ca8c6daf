import { sql } from 'kysely';
import { periodRange, type StatisticsPeriod } from '@portal/domain/accidents/statistics/index';
import type { OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { clock } from '../../../platform/clock/index.ts';
import type { SeedStep } from '../../../seed/step.ts';
import { periodDueDate } from './reference.ts';
import { refreshRows } from './service.ts';

/** The demo employers (tax codes of the README's accounts) always report; other employers when they had accidents. */
const DEMO_TAX_CODES = ['5801234577', '5807654320'];
/** The demo periods: the two last years' six-month and yearly reports. */
const PERIODS: { offset: number; period: StatisticsPeriod }[] = [
  { offset: -2, period: 'halfYear' },
  { offset: -2, period: 'year' },
  { offset: -1, period: 'halfYear' },
  { offset: -1, period: 'year' },
];

/**
 * Submitted accident statistics reports of the demo province for past periods, made like an employer's: created
 * (which copies the period's declared victims and counts the register's workers), the losses kept as declared, and
 * submitted a few days before the deadline. Idempotent: a report that exists for an employer and period is left
 * alone, so a second run (or a report the accidents' seed made first) changes nothing.
 */
export const accidentStatisticsDemoStep: SeedStep = {
  name: 'accident-statistics-demo',
  kind: 'demo',
  order: 320,
  run: async ({ db, log }) => {
    const thisYear = Number(clock.today().slice(0, 4));
    let created = 0;
    for (const p of PERIODS) {
      const year = thisYear + p.offset;
      const { from, to } = periodRange(year, p.period);
      const due = await periodDueDate(db, year, p.period);
      const businesses = await sql<{ id: string; code: string }>`
        select b.id, b.code from business b
        where b.deleted_at is null and b.status = 'active'
          and (b.code = any(${sql.val(DEMO_TAX_CODES)}::text[])
            or exists (select 1 from accident a where a.business_id = b.id and a.deleted_at is null
              and a.occurred_at >= ${from}::date and a.occurred_at < ${to}::date + 1))
          and not exists (select 1 from accident_statistical r where r.business_id = b.id and r.year = ${year}
            and r.period = ${p.period})
        order by b.code limit 200`.execute(db);
      for (const b of businesses.rows)
        await db.transaction().execute(async (trx) => {
          const ctx: OpContext = { db: trx, principal: null, lang: 'vi', request: null, system: true };
          const report = await catalogOperations('accidentStatistical').create(ctx, {
            code: `${year}-${p.period === 'halfYear' ? '6T' : 'N'}/BC-TNLD`,
            businessId: b.id,
            year,
            period: p.period,
            wageFund: null,
          });
          await refreshRows(trx, report.id);
          await sql`update accident_statistical set status = 'submitted',
              submitted_on = coalesce(${due}::date - 2, ${to}::date + 2)
            where id = ${report.id}::uuid`.execute(trx);
          created += 1;
        });
    }
    if (created) log.info({ created }, 'accident statistics demo reports seeded');
  },
};
