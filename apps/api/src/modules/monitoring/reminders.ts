import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { MONITORING_PERMISSIONS } from '@portal/domain/monitoring/factors';
import { notificationLinks } from '@portal/domain/notifications/kinds';
import { clock, onNewDay } from '../../platform/clock/index.ts';
import { monitoringCutoff } from './queries.ts';

export const MONITORING_QUEUE = 'monitoring.reminders';
/** Every morning, Vietnam time, before the working day. */
const CRON = '0 6 * * *';

const vietnameseDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * The daily work of monitoring: an employer whose yearly monitoring falls due within 30 days (or has fallen due)
 * is told so; an employer with readings above the limits is told of its measures and their deadline, again 7 days
 * before and when it has passed; the department and each commune are told how many reports became overdue. Each
 * (subject, due date, stage) is sent once, recorded in `monitoring_reminder` in the same transaction as the
 * notifications, so a retry or a second instance sends nothing twice.
 */
export async function runMonitoringReminders(
  app: FastifyInstance,
  today = clock.today(),
): Promise<{ due: number; measures: number; overdue: number }> {
  const cutoff = await monitoringCutoff(app.db, today).catch(() => null);
  const result = await app.db.transaction().execute(async (trx) => {
    let due = 0;
    if (cutoff) {
      // Yearly monitoring: the last one of each employer, due one interval later.
      const interval = sql`(${today}::date - ${cutoff}::date)`;
      const rows = await sql<{ business_id: string; last_on: string; due_on: string; stage: string }>`
        with last as (select business_id, max(monitored_on) as last_on from monitoring_report
          where deleted_at is null group by business_id),
        due as (select business_id, last_on, (last_on + ${interval})::date as due_on from last)
        insert into monitoring_reminder (subject_id, due_date, stage)
        select business_id, due_on, case when due_on < ${today}::date then 'late' else '30' end from due
        where due_on <= ${addDays(today, 30)}::date
        on conflict do nothing
        returning subject_id as business_id, (select l.last_on::text from last l where l.business_id = subject_id) as last_on,
          due_date::text as due_on, stage`.execute(trx);
      for (const r of rows.rows) {
        await app.notifier.notify(
          trx,
          { scopes: [{ kind: 'employer', businessId: r.business_id, permission: MONITORING_PERMISSIONS.read }] },
          'monitoringDue',
          { lastDate: vietnameseDate(r.last_on), dueDate: vietnameseDate(r.due_on) },
          notificationLinks.monitoringReports(),
        );
      }
      due = rows.rows.length;
    }
    // Measures: asked at once, reminded 7 days before, and on the day they became overdue.
    const measures = await sql<{
      id: string;
      business_id: string;
      code: string;
      n: number;
      due: string;
      stage: string;
    }>`
      insert into monitoring_reminder (subject_id, due_date, stage)
      select r.id, r.measures_due_date,
        case when r.measures_due_date < ${today}::date then 'overdue'
          when r.measures_due_date <= ${addDays(today, 7)}::date then '7' else 'asked' end
      from monitoring_report r
      where r.deleted_at is null and r.measures_status = 'required' and r.measures_due_date is not null
      on conflict do nothing
      returning subject_id as id, (select business_id from monitoring_report where id = subject_id) as business_id,
        (select code from monitoring_report where id = subject_id) as code,
        (select exceedance_count from monitoring_report where id = subject_id)::int as n,
        due_date::text as due, stage`.execute(trx);
    for (const r of measures.rows) {
      await app.notifier.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: r.business_id, permission: MONITORING_PERMISSIONS.read }] },
        'monitoringMeasuresDue',
        { code: r.code, count: r.n, dueDate: vietnameseDate(r.due) },
        notificationLinks.monitoringReport(r.id),
      );
    }
    // Reports that became overdue today: one notice to the department, one to each commune for its own.
    const overdue = measures.rows.filter((r) => r.stage === 'overdue');
    if (overdue.length) {
      const link = notificationLinks.monitoringReports(`?measuresStatus=required&measuresDueDateTo=${today}`);
      await app.notifier.notify(
        trx,
        { scopes: [{ kind: 'department', permission: MONITORING_PERMISSIONS.read }] },
        'monitoringMeasuresOverdue',
        { count: overdue.length },
        link,
      );
      const wards = await sql<{ ward: string; n: number }>`select b.ward_code as ward, count(*)::int as n
        from business b where b.id = any(${sql.val(overdue.map((r) => r.business_id))}::uuid[]) and b.ward_code is not null
        group by b.ward_code`.execute(trx);
      for (const w of wards.rows)
        await app.notifier.notify(
          trx,
          { scopes: [{ kind: 'localUnit', code: w.ward, permission: MONITORING_PERMISSIONS.read }] },
          'monitoringMeasuresOverdue',
          { count: w.n },
          link,
        );
    }
    return { due, measures: measures.rows.length, overdue: overdue.length };
  });
  await app.notifier.deliver();
  return result;
}

export function defineMonitoringJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: MONITORING_QUEUE,
    cron: CRON,
    retryLimit: 2,
    handler: async () => {
      await runMonitoringReminders(app);
    },
  });
  onNewDay(app, MONITORING_QUEUE, (today) => runMonitoringReminders(app, today));
}
