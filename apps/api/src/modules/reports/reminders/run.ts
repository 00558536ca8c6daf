import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { periodWords } from '@portal/domain/reports/workflow';
import type { Db } from '../../../db/database.ts';
import { clock, onNewDay } from '../../../platform/clock/index.ts';
import type { Recipients } from '../../notifications/index.ts';
import type { Reporter } from '../filing/index.ts';
import { filingLink } from './links.ts';
import { COMPLETE, FILED } from './reporter.ts';

export const REPORT_REMINDER_QUEUE = 'reports.reminders';
/** Every morning, Vietnam time, before the working day (after the periods of the day open). */
const CRON = '15 6 * * *';
/** How late a step past its day is still sent (the server was down); later, the next step speaks instead. */
export const CATCH_UP_DAYS = 7;
/** Reminders claimed and told per transaction: the embedded database's one connection is never held for long. */
const BATCH = 200;

interface Candidate {
  expected_id: string;
  step_code: string;
  offset_days: number;
}

interface Claimed {
  expected_id: string;
  step_code: string;
  due_on: string;
  period_key: string;
  report_type_id: string;
  report_name: string;
  reporter_kind: Reporter['kind'];
  reporter_key: string;
  business_id: string | null;
}

/**
 * The period as the notification's `periodKey` param: a text key with its values, said in each reader's language
 * when the notification is read (notifications/service.ts contentOf); a key of no known form as it is.
 */
function periodParams(key: string): Record<string, string> {
  const words = periodWords(key);
  return words ? { ...words.vars, periodKey: words.key } : { periodKey: key };
}

const states = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql.lit(s)),
    sql`, `,
  );

/**
 * The live submission `s` (left-joined on the expected row) leaves the reporter unfiled for a step at `offset`:
 * before the due day a returned report counts as filed (the return told the reporter what to do), after it only a
 * submitted or accepted one does — a returned report is late until filed again.
 */
const unfiled = (offset: RawBuilder<number>) =>
  sql<SqlBool>`not coalesce(s.status in (${states(COMPLETE)})
    or (${offset} <= 0 and s.status in (${states(FILED)})), false)`;

/**
 * Each expected reporter's step to send today, if any: the latest of the active steps whose day has come, not
 * sent, with no later step already sent; a step before the due day only until the due day, one after it up to
 * CATCH_UP_DAYS late; not for a report filed, a reporter exempted, a period not open or closed, or a report type
 * the department stopped. One read of the due days the steps can reach (the due-day index), whatever the table's size.
 */
async function candidates(db: Db, today: string): Promise<Candidate[]> {
  const rows = await sql<Candidate>`
    select distinct on (e.id) e.id as expected_id, st.code as step_code, st.offset_days::int as offset_days
    from report_expected e
    join report_type t on t.id = e.report_type_id and t.deleted_at is null and t.active
    join report_reminder_step st on st.deleted_at is null and st.active
      and (st.report_type_id is null or st.report_type_id = e.report_type_id)
    left join report_submission s on s.expected_id = e.id and s.deleted_at is null
    where e.removed_at is null
      and e.due_on between ${today}::date - ${CATCH_UP_DAYS}::int - (select coalesce(max(greatest(x.offset_days, 0)), 0)::int
          from report_reminder_step x where x.deleted_at is null and x.active)
        and ${today}::date - (select coalesce(min(x.offset_days), 0)::int
          from report_reminder_step x where x.deleted_at is null and x.active)
      and e.opens_on <= ${today}::date
      and (e.closes_on is null or e.closes_on > ${today}::date)
      and e.due_on + st.offset_days::int <= ${today}::date
      and (case when st.offset_days > 0
             then e.due_on + st.offset_days::int + ${CATCH_UP_DAYS}::int >= ${today}::date
             else e.due_on >= ${today}::date end)
      and ${unfiled(sql<number>`st.offset_days`)}
      and not exists (
        select 1 from report_reminder_sent r
        left join report_reminder_step done on done.code = r.step_code and done.deleted_at is null
        where r.expected_id = e.id and (r.step_code = st.code or done.offset_days >= st.offset_days))
    order by e.id, st.offset_days desc, st.code`.execute(db);
  return rows.rows;
}

/**
 * The reminder schedule (the catalogue's reminder steps: offsets from the due day, for one report type or all):
 * on each step's day every expected reporter that has not filed is told once, by a statutory notice (it cannot be
 * muted) to its accounts — the employer's, the commune unit's, the centre's — in the portal and by mail. Filing
 * stops the schedule. A day missed (the server was down) is caught up: only the latest step due is sent, and a
 * step is never sent after a later one went out, so a reporter gets one reminder per run.
 *
 * The day's reminders are found once, then claimed and told in batches: each batch claims its reminders in
 * `report_reminder_sent` (primary key: expected row, step) — checking again that the report is still unfiled — in
 * the transaction that writes their notifications, so a retry, a second instance or two runs at once never send
 * a step twice, and a failure loses nothing (its reminders stay unclaimed for the next run).
 */
export async function runReportReminders(
  app: FastifyInstance,
  today = clock.today(),
): Promise<{ dueSoon: number; overdue: number }> {
  const counts = { dueSoon: 0, overdue: 0 };
  const due = await candidates(app.db, today);
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    const offsets = new Map(batch.map((c) => [c.expected_id, c.offset_days]));
    const mails = await app.db.transaction().execute(async (trx) => {
      const rows = await sql<Claimed>`
        with claimed as (
          insert into report_reminder_sent (expected_id, step_code, sent_at)
          select c.expected_id, c.step_code, ${clock.now()}
          from unnest(${batch.map((c) => c.expected_id)}::uuid[], ${batch.map((c) => c.step_code)}::text[],
            ${batch.map((c) => c.offset_days)}::int[]) as c(expected_id, step_code, offset_days)
          join report_expected e on e.id = c.expected_id and e.removed_at is null
          left join report_submission s on s.expected_id = e.id and s.deleted_at is null
          where ${unfiled(sql<number>`c.offset_days`)}
          on conflict do nothing
          returning expected_id, step_code)
        select c.expected_id, c.step_code, e.due_on::text as due_on, e.period_key, e.report_type_id,
          t.name as report_name, e.reporter_kind, e.reporter_key, e.business_id
        from claimed c
        join report_expected e on e.id = c.expected_id
        join report_type t on t.id = e.report_type_id
        order by e.due_on, e.id`.execute(trx);
      const centres = rows.rows.filter(
        (r) => r.reporter_kind === 'serviceCentre' || r.reporter_kind === 'trainingBody',
      );
      const unitUsers = new Map<string, string[]>();
      if (centres.length) {
        const users = await sql<{ id: string; unit_id: string }>`select id, unit_id::text as unit_id from app_user
          where deleted_at is null and unit_id::text in (${sql.join(centres.map((r) => r.reporter_key))})`.execute(trx);
        for (const u of users.rows) unitUsers.set(u.unit_id, [...(unitUsers.get(u.unit_id) ?? []), u.id]);
      }
      for (const r of rows.rows) {
        const recipients: Recipients =
          r.reporter_kind === 'business'
            ? { scopes: r.business_id ? [{ kind: 'employer', businessId: r.business_id }] : [] }
            : r.reporter_kind === 'commune'
              ? { scopes: [{ kind: 'localUnit', code: r.reporter_key }] }
              : { users: unitUsers.get(r.reporter_key) ?? [] };
        const after = offsets.get(r.expected_id)! > 0;
        await app.notifier.notify(
          trx,
          recipients,
          after ? 'reportOverdue' : 'reportDueSoon',
          { report: r.report_name, dueDate: r.due_on, ...periodParams(r.period_key) },
          filingLink({ reportTypeId: r.report_type_id, periodKey: r.period_key }),
        );
        counts[after ? 'overdue' : 'dueSoon'] += 1;
      }
      if (!rows.rows.length) return [];
      // The mails this transaction wrote (now() is the transaction's start, the same for all its rows), to send
      // once it commits: without a request, no response hook dispatches them.
      const written = await sql<{ id: string }>`select id from outbox_mail
        where created_at = now() and status = 'pending'`.execute(trx);
      return written.rows.map((m) => m.id);
    });
    if (mails.length) await app.mailer.dispatch(mails);
  }
  await app.notifier.deliver();
  return counts;
}

export function defineReportReminderJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: REPORT_REMINDER_QUEUE,
    cron: CRON,
    retryLimit: 2,
    // A province's worth of reminders on a busy due day takes minutes; a retry would only find them claimed.
    expireInSeconds: 3600,
    handler: async () => {
      await runReportReminders(app);
    },
  });
  onNewDay(app, REPORT_REMINDER_QUEUE, (today) => runReportReminders(app, today));
  // A start after a day the portal was down catches up at once rather than at the next morning's run.
  app.jobs.onStarted(async () => {
    await app.jobs.send(REPORT_REMINDER_QUEUE, {});
  });
}
