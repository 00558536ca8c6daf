import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import { periodText, SUBMISSION_PERMISSIONS } from '@portal/domain/reports/workflow';
import type { Db } from '../../../db/database.ts';
import { permits, type Principal } from '../../../platform/access/index.ts';
import { loadPrincipal } from '../../../platform/auth/principal.ts';
import { pageLink } from '../../accounts/index.ts';
import { ofReporter } from '../filing/index.ts';
import { renderCalendar, type CalendarEvent } from './ical.ts';
import { filingLink } from './links.ts';
import { COMPLETE, remindedReporter } from './reporter.ts';

/**
 * The due-reports calendar (iCalendar, RFC 5545) a reporter's user subscribes to from a calendar app, which
 * cannot sign in: the link carries `userId.signature`, an HMAC of the user id and the user's current nonce under a
 * key derived from the portal's secret for this purpose only. Nothing secret is stored (the link can be shown
 * again); making a new link changes the nonce, which ends the old one at once. Every fetch reads the account
 * afresh: a disabled account, a user moved to another unit or one who lost the right to read reports gets nothing.
 */
export const FEED_PATH = '/api/Report/calendar.ics';
export const FEED_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('report-calendar-feed').digest();
    keys.set(secret, key);
  }
  return key;
}

const signature = (secret: string, userId: string, nonce: string) =>
  createHmac('sha256', keyOf(secret)).update(`${userId}.${nonce}`).digest('base64url');

async function nonceOf(db: Db, userId: string): Promise<string> {
  const row = await sql<{ nonce: string }>`select nonce from report_calendar_feed
    where user_id = ${userId}::uuid`.execute(db);
  return row.rows[0]?.nonce ?? '';
}

export interface FeedLink {
  url: string;
  /** The same address for calendar apps that open `webcal:` links. */
  webcalUrl: string;
}

export async function feedLink(db: Db, secret: string, publicUrl: string, userId: string): Promise<FeedLink> {
  const token = `${userId}.${signature(secret, userId, await nonceOf(db, userId))}`;
  const url = pageLink(publicUrl, FEED_PATH, { token });
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** A new link: the old one stops working. */
export async function resetFeedLink(db: Db, secret: string, publicUrl: string, userId: string): Promise<FeedLink> {
  const nonce = randomBytes(16).toString('base64url');
  await sql`insert into report_calendar_feed (user_id, nonce) values (${userId}::uuid, ${nonce})
    on conflict (user_id) do update set nonce = excluded.nonce, reset_at = now()`.execute(db);
  return feedLink(db, secret, publicUrl, userId);
}

/** The user a well-formed token names, if its signature holds and the account may still read its reports. */
export async function principalOfToken(db: Db, secret: string, token: string): Promise<Principal | null> {
  const [userId, given] = token.split('.') as [string, string];
  const expected = Buffer.from(signature(secret, userId, await nonceOf(db, userId)));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const principal = await loadPrincipal(db, userId);
  if (!principal || !remindedReporter(principal) || !permits(principal, SUBMISSION_PERMISSIONS.read)) return null;
  return principal;
}

interface Row {
  id: string;
  due_on: string;
  period_key: string;
  report_type_id: string;
  report_name: string;
  opened_at: Date;
  status: string | null;
}

/**
 * One all-day event per expected report not filed yet (nothing submitted or accepted: a draft, a returned report,
 * or nothing started), on its due day, with an alarm 7 days before; periods already closed are left out. The UID
 * is the expected row's, so a client updates the event it has; a filed report drops out at the next refresh.
 */
export async function calendarOf(
  db: Db,
  principal: Principal,
  options: { today: string; lang: Language; publicUrl: string },
): Promise<string> {
  const reporter = remindedReporter(principal);
  if (!reporter) throw new Error('not a reporter');
  const { today, lang, publicUrl } = options;
  const rows = await sql<Row>`
    select e.id, e.due_on::text as due_on, e.period_key, e.report_type_id, t.name as report_name, e.opened_at,
      s.status
    from report_expected e
    join report_type t on t.id = e.report_type_id and t.deleted_at is null and t.active
    left join report_submission s on s.expected_id = e.id and s.deleted_at is null
    where e.removed_at is null and ${ofReporter(reporter)}
      and (e.closes_on is null or e.closes_on > ${today}::date)
      and (s.status is null or s.status not in (${sql.join(COMPLETE.map((c) => sql.lit(c)))}))
    order by e.due_on, t.name, e.period_key`.execute(db);
  const unit = await sql<{ name: string }>`select name from unit where id = ${principal.unit.id}::uuid`.execute(db);
  const host = new URL(publicUrl).hostname || 'localhost';
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `reportReminders:calendar.${key}`, vars);
  const events: CalendarEvent[] = rows.rows.map((r) => {
    const url = pageLink(publicUrl, filingLink({ reportTypeId: r.report_type_id, periodKey: r.period_key }), {});
    const state = r.status === 'returned' ? 'returned' : r.status === 'draft' ? 'draft' : 'open';
    return {
      uid: `report-expected-${r.id}@${host}`,
      date: r.due_on,
      summary: t('summary', {
        report: r.report_name,
        period: periodText(r.period_key, (key, vars) => translate(lang, key, vars)),
      }),
      description: [t('due', { date: r.due_on }), t(state), t('fileAt', { url })].join('\n'),
      url,
      stamp: r.opened_at,
      alarmDaysBefore: 7,
    };
  });
  return renderCalendar({
    productId: `-//${translate(lang, 'common:appName')}//${lang.toUpperCase()}`,
    name: t('name', { reporter: unit.rows[0]?.name ?? '' }),
    refreshHours: 6,
    events,
  });
}
