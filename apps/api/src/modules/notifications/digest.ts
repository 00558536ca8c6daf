import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { translate } from '@portal/domain/i18n';
import type { DB } from '../../db/schema.ts';
import { escapeHtml, type Mailer } from '../../platform/mail/index.ts';
import { pageLink } from '../accounts/index.ts';
import { contentOf, languageOfUsers, preferencesLink } from './service.ts';

export const DIGEST_QUEUE = 'notifications.digest';
/** Every morning, Vietnam time: the previous day's notifications of those who chose the daily digest. */
const DIGEST_CRON = '0 7 * * *';

const vietnamDate = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);

/**
 * One mail per user gathering their notifications marked for the digest and not yet sent in one (written before
 * `until`). Each user's mail and the marking of their rows are one transaction: a crash sends nothing twice.
 * Returns the number of mails written.
 */
export async function sendDigests(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  until = new Date(),
): Promise<number> {
  const rows = await db
    .selectFrom('notification as n')
    .innerJoin('app_user as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.user_id', 'n.kind', 'n.params', 'n.link', 'n.created_at', 'u.email', 'u.full_name'])
    .where('n.channel', '=', 'digest')
    .where('n.digested_at', 'is', null)
    .where('n.created_at', '<', until)
    .where('u.deleted_at', 'is', null)
    .orderBy('n.user_id')
    .orderBy('n.created_at')
    .execute();
  const byUser = new Map<string, typeof rows>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const languages = await languageOfUsers(db, [...byUser.keys()]);
  const date = vietnamDate(until);
  const mailIds: string[] = [];
  for (const [userId, items] of byUser) {
    const first = items[0]!;
    const lang = languages.get(userId) ?? 'vi';
    const appName = translate(lang, 'common:appName');
    const lines = items.map((i) => ({
      text: contentOf(lang, i.kind, i.params),
      url: i.link ? pageLink(publicUrl, i.link, {}) : null,
    }));
    const greeting = translate(lang, 'notifications:mail.greeting', { name: first.full_name });
    const intro = translate(lang, 'notifications:mail.digestIntro', { date });
    const settings = translate(lang, 'notifications:mail.settings', { link: preferencesLink(publicUrl, userId) });
    const signature = translate(lang, 'notifications:mail.signature');
    await db.transaction().execute(async (trx) => {
      if (first.email) {
        const id = await mailer.enqueue(trx, {
          to: first.email,
          subject: translate(lang, 'notifications:mail.digestSubject', { appName, count: items.length, date }),
          text: [
            greeting,
            '',
            intro,
            ...lines.map((l) => `- ${l.text}${l.url ? ` (${l.url})` : ''}`),
            '',
            settings,
            '',
            signature,
          ].join('\n'),
          html: [
            '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">',
            `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>`,
            ...lines.map(
              (l) =>
                `<li>${l.url ? `<a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)}</li>`,
            ),
            `</ul><p style="font-size:13px;color:#6b7280">${escapeHtml(settings)}</p><p>${escapeHtml(signature)}</p>`,
            '</body></html>',
          ].join(''),
          purpose: 'notification_digest',
        });
        mailIds.push(id);
      }
      await trx
        .updateTable('notification')
        .set({ digested_at: new Date() })
        .where(
          'id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
    });
  }
  await mailer.dispatch(mailIds);
  return mailIds.length;
}

export function defineDigestJob(app: FastifyInstance): void {
  app.jobs.define<object>({
    queue: DIGEST_QUEUE,
    cron: DIGEST_CRON,
    retryLimit: 2,
    handler: async () => {
      await sendDigests(app.db, app.mailer, app.config.publicUrl);
    },
  });
}
