import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { trainingStatusLink } from '@portal/domain/training/refresher';
import { clock, onNewDay } from '../../platform/clock/index.ts';
import { refresherNoticeDays } from './refresher.ts';

export const TRAINING_REMINDER_QUEUE = 'training.reminders';
/** Every morning, Vietnam time, before the working day. */
const CRON = '0 6 * * *';
/** Days after an expiry a run that was missed (the server was down) still tells of it. */
const EXPIRED_CATCH_UP_DAYS = 7;

const vietnameseDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Reminders of refresher training (Decree 44/2016: periodic training before a credential lapses): each employer
 * is told, in one notification a day, how many of its workers' current credentials come within the notice days of
 * their expiry, and how many expired the day before, each linking to its list. Each (credential, expiry, stage) is
 * recorded in `training_reminder` in the same transaction as the notifications, so a retry, a second instance or
 * the same day run twice sends nothing again. The notice window runs from today to the notice day, so a day missed
 * is caught up by the next run; an expiry is told up to a week late, never for credentials long expired (those
 * are the workspace's expired task).
 */
export async function runTrainingReminders(
  app: FastifyInstance,
  today = clock.today(),
): Promise<{ notice: number; expired: number }> {
  const noticeDays = await refresherNoticeDays(app.db, today);
  const stages = [
    {
      stage: 'notice',
      from: today,
      to: addDays(today, noticeDays),
      kind: 'trainingRefresherDue',
      link: trainingStatusLink('dueSoon'),
    },
    {
      stage: 'expired',
      from: addDays(today, -EXPIRED_CATCH_UP_DAYS),
      to: addDays(today, -1),
      kind: 'trainingCredentialsExpired',
      link: trainingStatusLink('expired'),
    },
  ] as const;
  const sent = await app.db.transaction().execute(async (trx) => {
    const counts = { notice: 0, expired: 0 };
    for (const s of stages) {
      const marked = await sql<{ business_id: string; n: number; first: string }>`
        with marked as (
          insert into training_reminder (certificate_id, valid_until, stage, business_id, sent_on)
          select c.id, c.valid_until, ${s.stage}, c.business_id, ${today}::date
          from training_certificate c
          join worker w on w.id = c.worker_id and w.deleted_at is null
            and (w.end_date is null or w.end_date >= ${today}::date)
          where c.deleted_at is null and c.status = 'current' and c.business_id is not null
            and c.valid_until between ${s.from}::date and ${s.to}::date
          on conflict do nothing
          returning business_id, valid_until)
        select business_id, count(*)::int as n, min(valid_until)::text as first from marked
        group by business_id order by business_id`.execute(trx);
      for (const r of marked.rows) {
        await app.notifier.notify(
          trx,
          { scopes: [{ kind: 'employer', businessId: r.business_id, permission: 'TrainingCertificate.read' }] },
          s.kind,
          { count: r.n, days: noticeDays, date: vietnameseDate(r.first) },
          s.link,
        );
        counts[s.stage] += r.n;
      }
    }
    return counts;
  });
  await app.notifier.deliver();
  return sent;
}

export function defineTrainingReminderJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: TRAINING_REMINDER_QUEUE,
    cron: CRON,
    retryLimit: 2,
    handler: async () => {
      await runTrainingReminders(app);
    },
  });
  onNewDay(app, TRAINING_REMINDER_QUEUE, (today) => runTrainingReminders(app, today));
}
