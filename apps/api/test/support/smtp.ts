import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free loopback port that keeps what it receives: tests exchange actual SMTP with the
 * portal instead of stubbing the mailer.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text part, transfer encoding undone. */
  text: string;
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The next mail to `to` (waits up to `timeoutMs`). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The text/plain part of a (possibly multipart) message, decoded. */
export function textPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0]!;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? ''),
          text: textPart(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  const taken = new Set<ReceivedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to.join(',')).join('; ')})`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that points at `path`. */
export function linkIn(mail: { text: string }, path: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(path));
  if (!match) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return new URL(match);
}
