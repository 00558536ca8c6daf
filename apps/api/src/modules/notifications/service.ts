import { createMongoAbility } from '@casl/ability';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { abilityRules } from '@portal/domain/permissions';
import { DEFAULT_LANGUAGE, toLanguage, translate, type Language } from '@portal/domain/i18n';
import {
  NOTIFICATION_KINDS,
  type DeliveryChannel,
  type NotificationKindName,
  type NotificationParams,
} from '@portal/domain/notifications/kinds';
import type { DB } from '../../db/schema.ts';
import { inLocalUnit } from '../../platform/access/scope.ts';
import type { Permission } from '../../platform/access/index.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../../platform/mail/index.ts';
import { HUB_EVENTS, type Realtime } from '../../platform/realtime/index.ts';
import { pageLink, permissionList } from '../accounts/index.ts';
import { usersWithUnit } from '../../platform/auth/principal.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Who is told: people by id, and/or the accounts of units chosen by scope (optionally only those allowed to). */
export type RecipientScope =
  | { kind: 'department'; permission?: Permission }
  | { kind: 'employer'; businessId: string; permission?: Permission }
  | { kind: 'localUnit'; code: string; permission?: Permission };

export interface Recipients {
  users?: readonly string[];
  scopes?: readonly RecipientScope[];
}

export interface NotifyOptions {
  /** The request that causes it: its user is the sender (never told of their own act), and the delivery runs
   * once its response is sent, after the transaction committed. Without one, call `deliver()` after commit. */
  request?: FastifyRequest | null;
  sender?: string | null;
}

export interface Notifier {
  /**
   * Write the notification for each recipient in the caller's transaction (rolled back with it), by each one's
   * preference: off → nothing, mail → a mail in the outbox too. Returns how many were written.
   */
  notify(
    trx: Executor,
    recipients: Recipients,
    kind: NotificationKindName,
    params: NotificationParams,
    link: string | null,
    options?: NotifyOptions,
  ): Promise<number>;
  /** Push committed, undelivered notifications to the hub and start their mails. Never throws. */
  deliver(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
  interface FastifyRequest {
    /** Mails written by notify() in this request's transaction: dispatched once the response is sent. */
    notifyMailIds: string[] | null;
    notified: boolean;
  }
}

/**
 * The text of a notification in a language. A param named `…Key` is a text key (a workspace task's title), said
 * in the reader's language with the other params, so a notification never freezes the writer's language.
 */
export function contentOf(lang: Language, kind: string, params: unknown): string {
  const raw = params && typeof params === 'object' ? (params as Record<string, string | number>) : {};
  const vars = Object.fromEntries(
    Object.entries(raw).map(([name, value]) =>
      name.endsWith('Key') && typeof value === 'string' ? [name, translate(lang, value, raw)] : [name, value],
    ),
  );
  return translate(lang, `notifications:kinds.${kind}.content`, vars);
}

/** The language a user's mails are written in (set when they save their preferences; Vietnamese until then). */
export async function languageOfUsers(db: Executor, userIds: readonly string[]): Promise<Map<string, Language>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('notification_setting')
    .select(['user_id', 'language'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, toLanguage(r.language)]));
}

interface RecipientRow {
  id: string;
  full_name: string;
  email: string | null;
  role: 'admin' | 'client';
  permissions: unknown;
}

async function resolveRecipients(db: Executor, recipients: Recipients): Promise<RecipientRow[]> {
  const found = new Map<string, RecipientRow>();
  const base = () =>
    usersWithUnit(db)
      .select(['u.id', 'u.full_name', 'u.email', 't.role', 't.permissions'])
      .where('u.status', '=', 'active')
      .where('u.deleted_at', 'is', null);
  if (recipients.users?.length) {
    for (const r of await base()
      .where('u.id', 'in', [...recipients.users])
      .execute())
      found.set(r.id, r);
  }
  for (const scope of recipients.scopes ?? []) {
    let q = base();
    if (scope.kind === 'department') q = q.where('un.kind', '=', 'department');
    else if (scope.kind === 'employer') q = q.where('un.business_id', '=', scope.businessId);
    else q = q.where('un.kind', '=', 'district').where(inLocalUnit(sql.ref('un.local_unit_code'), scope.code));
    const rows = await q.execute();
    for (const r of rows) {
      if (scope.permission && !allowed(r, scope.permission)) continue;
      found.set(r.id, r);
    }
  }
  return [...found.values()];
}

function allowed(row: Pick<RecipientRow, 'role' | 'permissions'>, permission: Permission): boolean {
  if (row.role === 'admin' || permission === 'authenticated' || permission === 'Auth.read') return true;
  const dot = permission.lastIndexOf('.');
  const ability = createMongoAbility(abilityRules(row.role, permissionList(row.permissions)));
  return ability.can(permission.slice(dot + 1), permission.slice(0, dot));
}

function composeMail(
  lang: Language,
  publicUrl: string,
  to: { id: string; email: string; name: string },
  content: string,
  link: string | null,
): MailMessage {
  const appName = translate(lang, 'common:appName');
  const url = link ? pageLink(publicUrl, link, {}) : null;
  const greeting = translate(lang, 'notifications:mail.greeting', { name: to.name });
  const open = translate(lang, 'notifications:mail.open');
  const settings = translate(lang, 'notifications:mail.settings', { link: preferencesLink(publicUrl, to.id) });
  const signature = translate(lang, 'notifications:mail.signature');
  const text = [greeting, '', content, ...(url ? ['', `${open}: ${url}`] : []), '', settings, '', signature].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(content)}</p>`,
    url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>` : '',
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(settings)}</p><p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('');
  return {
    to: to.email,
    subject: translate(lang, 'notifications:mail.subject', { appName, content }),
    text,
    html,
    purpose: 'notification',
  };
}

/** The account page's tab where a user's preferences are (links in mails). */
export const preferencesLink = (publicUrl: string, userId: string) =>
  pageLink(publicUrl, `/thong-tin-tai-khoan/${userId}`, { tab: 'thong-bao' });

/** A sweep delivers what a request's own delivery missed (a crash between commit and push). */
const SWEEP_MS = 15_000;

export function createNotifier(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  realtime: Realtime;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Notifier & { close(): void; start(): void } {
  const { db, mailer, realtime, log } = deps;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverOnce(): Promise<number> {
    // Claim in one statement: two instances never push the same row twice.
    const rows = await sql<{ id: string; user_id: string; kind: string }>`
      update notification set delivered_at = now()
      where id in (select id from notification where delivered_at is null order by created_at limit 1000
                   for update skip locked)
      returning id, user_id, kind`.execute(db);
    const byUser = new Map<string, { id: string; kind: string }>();
    for (const r of rows.rows) byUser.set(r.user_id, { id: r.id, kind: r.kind });
    for (const [userId, last] of byUser) realtime.toUsers([userId], HUB_EVENTS.notify, last);
    return rows.rows.length;
  }

  const notifier = {
    async notify(trx, recipients, kind, params, link, options = {}) {
      const declared = NOTIFICATION_KINDS[kind];
      const sender = options.sender ?? options.request?.principal?.userId ?? null;
      const people = (await resolveRecipients(trx, recipients)).filter((r) => r.id !== sender);
      if (!people.length) return 0;
      const ids = people.map((p) => p.id);
      const prefs = new Map(
        (
          await trx
            .selectFrom('notification_preference')
            .select(['user_id', 'channel'])
            .where('kind', '=', kind)
            .where('user_id', 'in', ids)
            .execute()
        ).map((p) => [p.user_id, p.channel]),
      );
      const languages = await languageOfUsers(trx, ids);
      const rows: Array<{ user_id: string; channel: DeliveryChannel }> = [];
      const mails: MailMessage[] = [];
      for (const person of people) {
        const chosen = prefs.get(person.id) ?? declared.defaultChannel;
        if (chosen === 'off' && !declared.statutory) continue;
        const channel: DeliveryChannel = chosen === 'off' ? 'portal' : chosen;
        rows.push({ user_id: person.id, channel });
        if (channel === 'mail' && person.email) {
          const lang = languages.get(person.id) ?? DEFAULT_LANGUAGE;
          mails.push(
            composeMail(
              lang,
              deps.publicUrl,
              { id: person.id, email: person.email, name: person.full_name },
              contentOf(lang, kind, params),
              link,
            ),
          );
        }
      }
      if (!rows.length) return 0;
      await trx
        .insertInto('notification')
        .values(rows.map((r) => ({ ...r, kind, params: JSON.stringify(params), link, sender_id: sender })))
        .execute();
      const mailIds: string[] = [];
      for (const mail of mails) mailIds.push(await mailer.enqueue(trx, mail));
      if (options.request) {
        options.request.notified = true;
        (options.request.notifyMailIds ??= []).push(...mailIds);
      }
      return rows.length;
    },

    deliver() {
      // One delivery at a time per instance; a call during one runs another right after.
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        try {
          do {
            again = false;
            total += await deliverOnce();
          } while (again);
        } catch (err) {
          log.warn({ err }, 'notifications: delivery failed, the sweep retries');
        } finally {
          running = null;
        }
        return total;
      })();
      return running;
    },

    start() {
      timer ??= setInterval(() => void notifier.deliver(), SWEEP_MS);
      timer.unref();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  } satisfies Notifier & { close(): void; start(): void };
  return notifier;
}

/** Deliver after each response whose request notified someone: by then its transaction has committed. */
export function registerNotifier(app: FastifyInstance): void {
  const notifier = createNotifier({
    db: app.db,
    mailer: app.mailer,
    realtime: app.realtime,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  app.decorate('notifier', notifier);
  app.decorateRequest('notified', false);
  app.decorateRequest('notifyMailIds', null);
  app.addHook('onResponse', async (request) => {
    if (!request.notified) return;
    const mails = request.notifyMailIds ?? [];
    void notifier.deliver();
    if (mails.length) void app.mailer.dispatch(mails);
  });
  app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', async () => notifier.close());
}
