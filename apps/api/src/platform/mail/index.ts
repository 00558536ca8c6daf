import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../jobs/index.ts';

/**
 * Mail, transactional-outbox style: a mail is a row of `outbox_mail` written in the same transaction as the
 * change that causes it (an account that is rolled back sends nothing), then delivered after commit.
 *
 * - SMTP_URL set: a background job delivers it over SMTP (nodemailer), retried with back-off; once delivered
 *   the body is dropped and only the envelope stays (links in it are single-use secrets).
 * - No SMTP_URL: the mail stays in the outbox (status 'outbox') for administrators to read in the portal, and
 *   is logged — nothing is lost on a demo install.
 *
 * SMTP_URL is a nodemailer URL (smtp://user:pass@host:587, smtps://…); an optional `from` query parameter sets
 * the sender (default: "Cổng ATVSLĐ" <no-reply@{host of PUBLIC_URL}>).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (activation, password_reset, …): shown in the outbox. */
  purpose?: string;
}

export interface Mailer {
  /** True when mail leaves over SMTP; false when it stays in the outbox. */
  readonly smtp: boolean;
  /** Write the mail in the caller's transaction; returns its id. Call `dispatch` after commit. */
  enqueue(db: Kysely<DB> | Transaction<DB>, message: MailMessage): Promise<string>;
  /** Start delivery of committed mails (no-op without SMTP). Never throws: failures are retried. */
  dispatch(ids: string[]): Promise<void>;
  /** Deliver one mail now (the job's handler; tests call it directly). */
  deliver(id: string): Promise<'sent' | 'retry' | 'failed' | 'skipped'>;
  close(): void;
}

export const MAIL_QUEUE = 'mail.deliver';
const MAX_ATTEMPTS = 6;
/** A delivery attempt holds its mail this long; a crashed attempt is retried after it. */
const LEASE_MS = 2 * 60_000;

function parseSmtpUrl(smtpUrl: string, publicUrl: string): { url: string; from: string } {
  const host = (() => {
    try {
      return new URL(publicUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  let from = `"Cổng ATVSLĐ" <no-reply@${host.includes('.') ? host : `${host}.local`}>`;
  try {
    const u = new URL(smtpUrl);
    const given = u.searchParams.get('from');
    if (given) {
      from = given;
      u.searchParams.delete('from');
    }
    return { url: u.toString(), from };
  } catch {
    return { url: smtpUrl, from };
  }
}

export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'publicUrl'>,
  database: Pick<Database, 'db'>,
  jobs: Pick<Jobs, 'define' | 'send'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Mailer {
  const db = database.db;
  const smtp = config.smtpUrl ? parseSmtpUrl(config.smtpUrl, config.publicUrl) : undefined;
  let transport: Transporter | undefined;
  const transportOf = () => {
    transport ??= nodemailer.createTransport(smtp!.url, { from: smtp!.from });
    return transport;
  };

  const mailer: Mailer = {
    smtp: !!smtp,

    async enqueue(executor, message) {
      const row = await executor
        .insertInto('outbox_mail')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          purpose: message.purpose ?? null,
          status: smtp ? 'pending' : 'outbox',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!smtp)
        log.info({ mailId: row.id, to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
      return row.id;
    },

    async dispatch(ids) {
      if (!smtp) return;
      for (const id of ids) {
        try {
          await jobs.send(MAIL_QUEUE, { id });
        } catch (err) {
          // The mail stays pending; the next delivery of any mail picks it up (see deliver).
          log.error({ err, mailId: id }, 'could not queue mail delivery');
        }
      }
    },

    async deliver(id) {
      if (!smtp) return 'skipped';
      // Claim a lease so two workers never send the same mail.
      const claimed = await db
        .updateTable('outbox_mail')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(Date.now() + LEASE_MS) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', new Date())]))
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return 'skipped';
      try {
        await transportOf().sendMail({
          to: claimed.to_address,
          subject: claimed.subject,
          text: claimed.text_body ?? '',
          ...(claimed.html_body ? { html: claimed.html_body } : {}),
        });
        await db
          .updateTable('outbox_mail')
          .set({
            status: 'sent',
            sent_at: new Date(),
            text_body: null,
            html_body: null,
            last_error: null,
            next_attempt_at: null,
          })
          .where('id', '=', id)
          .execute();
        return 'sent';
      } catch (err) {
        const failed = claimed.attempts >= MAX_ATTEMPTS;
        // Back-off: 30 s, 1 min, 2 min, 4 min, 8 min.
        const delay = 30_000 * 2 ** Math.max(0, claimed.attempts - 1);
        await db
          .updateTable('outbox_mail')
          .set({
            status: failed ? 'failed' : 'pending',
            last_error: String((err as Error).message ?? err).slice(0, 1000),
            next_attempt_at: failed ? null : new Date(Date.now() + delay),
          })
          .where('id', '=', id)
          .execute();
        log.warn(
          { err, mailId: id, attempt: claimed.attempts },
          failed ? 'mail delivery failed' : 'mail delivery will be retried',
        );
        if (!failed) {
          await jobs.send(MAIL_QUEUE, { id }, { startAfter: Math.ceil(delay / 1000) }).catch(() => undefined);
        }
        return failed ? 'failed' : 'retry';
      }
    },

    close() {
      transport?.close();
      transport = undefined;
    },
  };

  if (smtp) {
    jobs.define<{ id: string }>({
      queue: MAIL_QUEUE,
      retryLimit: 0, // retries are scheduled by deliver() itself, with back-off
      handler: async ({ id }) => {
        await mailer.deliver(id);
        // Mails whose job was lost (a crash between commit and queueing) go out with the next one.
        const stale = await db
          .selectFrom('outbox_mail')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', 'is', null)
          .where('created_at', '<', new Date(Date.now() - 60_000))
          .limit(20)
          .execute();
        for (const row of stale) await mailer.deliver(row.id);
      },
    });
  }
  return mailer;
}

/** Minimal HTML escaping for values placed in mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
