import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays } from '@portal/domain/equipment/rules';
import { EQUIPMENT_PERMISSIONS } from '@portal/domain/equipment/features';
import { notificationLinks } from '@portal/domain/notifications/kinds';
import { clock, onNewDay } from '../../platform/clock/index.ts';

export const REMINDER_QUEUE = 'equipment.reminders';
/** Every morning, Vietnam time, before the working day. */
const REMINDER_CRON = '0 6 * * *';
const BATCH = 500;

/**
 * Reminders of periodic inspections (Law 84/2015 Art 31): the employer is told 30 and 7 days before a machine in
 * use falls due and on the day; the department and the commune are told of machines that became overdue. Each
 * (machine, due date, stage) is sent once, recorded in `equipment_reminder` in the same transaction as the
 * notifications, so a retry or a second instance sends nothing twice. The windows overlap no stage: a day
 * missed (the server was down) is caught up by the next run, without sending the earlier stage too.
 */
const STAGES = [
  { stage: '30', from: 8, to: 30 },
  { stage: '7', from: 1, to: 7 },
  { stage: '0', from: -7, to: 0 },
] as const;

const vietnameseDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export async function runReminders(
  app: FastifyInstance,
  today = clock.today(),
): Promise<{ due: number; overdue: number }> {
  let due = 0;
  for (const s of STAGES) {
    for (;;) {
      const sent = await app.db.transaction().execute(async (trx) => {
        const rows = await sql<{
          id: string;
          business_id: string;
          name: string;
          serial_number: string;
          next_due_date: string;
        }>`
          insert into equipment_reminder (equipment_id, due_date, stage)
          select e.id, e.next_due_date, ${s.stage} from equipment e
          where e.deleted_at is null and e.status = 'inUse'
            and e.next_due_date between ${addDays(today, s.from)}::date and ${addDays(today, s.to)}::date
            and not exists (select 1 from equipment_reminder r
              where r.equipment_id = e.id and r.due_date = e.next_due_date and r.stage = ${s.stage})
          order by e.next_due_date limit ${BATCH}
          on conflict do nothing
          returning equipment_id as id,
            (select business_id from equipment where id = equipment_id) as business_id,
            (select name from equipment where id = equipment_id) as name,
            (select serial_number from equipment where id = equipment_id) as serial_number,
            due_date::text as next_due_date`.execute(trx);
        for (const r of rows.rows) {
          await app.notifier.notify(
            trx,
            { scopes: [{ kind: 'employer', businessId: r.business_id, permission: EQUIPMENT_PERMISSIONS.read }] },
            'equipmentInspectionDue',
            { machine: r.name, serial: r.serial_number, dueDate: vietnameseDate(r.next_due_date) },
            notificationLinks.machine(r.id),
          );
        }
        return rows.rows.length;
      });
      due += sent;
      if (sent < BATCH) break;
    }
  }

  // Machines that became overdue: one notice to the department, and to each commune for its own, per run.
  const overdue = await app.db.transaction().execute(async (trx) => {
    const rows = await sql<{ ward_id: string | null; n: string }>`
      with marked as (
        insert into equipment_reminder (equipment_id, due_date, stage)
        select e.id, e.next_due_date, 'overdue' from equipment e
        where e.deleted_at is null and e.status = 'inUse' and e.next_due_date < ${today}::date
          and not exists (select 1 from equipment_reminder r
            where r.equipment_id = e.id and r.due_date = e.next_due_date and r.stage = 'overdue')
        on conflict do nothing
        returning equipment_id)
      select e.ward_id, count(*) as n from marked m join equipment e on e.id = m.equipment_id group by e.ward_id`.execute(
      trx,
    );
    const total = rows.rows.reduce((sum, r) => sum + Number(r.n), 0);
    if (!total) return 0;
    const link = notificationLinks.overdueMachines(addDays(today, -1));
    await app.notifier.notify(
      trx,
      { scopes: [{ kind: 'department', permission: EQUIPMENT_PERMISSIONS.read }] },
      'equipmentInspectionOverdue',
      { count: total },
      link,
    );
    for (const r of rows.rows) {
      if (!r.ward_id) continue;
      await app.notifier.notify(
        trx,
        { scopes: [{ kind: 'localUnit', code: r.ward_id, permission: EQUIPMENT_PERMISSIONS.read }] },
        'equipmentInspectionOverdue',
        { count: Number(r.n) },
        link,
      );
    }
    return total;
  });
  await app.notifier.deliver();
  return { due, overdue };
}

export function defineReminderJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: REMINDER_QUEUE,
    cron: REMINDER_CRON,
    retryLimit: 2,
    handler: async () => {
      await runReminders(app);
    },
  });
  onNewDay(app, REMINDER_QUEUE, (today) => runReminders(app, today));
}
