import { translate, type Language } from '@portal/domain/i18n';
import { escapeHtml, type MailMessage } from '../../platform/mail/index.ts';

/**
 * The account mails, in the recipient's language (the language of the request that caused them).
 * Texts live in the accounts locale (mail.<kind>.subject / lines / action); links point at the web pages.
 */
type MailKind =
  'activation' | 'invitation' | 'passwordReset' | 'passwordReissued' | 'accountActivated' | 'registrationAttempt';

function lines(lang: Language, kind: MailKind, vars: Record<string, string | number>): string[] {
  const out: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const key = `accounts:mail.${kind}.line${i}`;
    const text = translate(lang, key, vars);
    if (text === key) break;
    out.push(text);
  }
  return out;
}

export function composeMail(
  lang: Language,
  kind: MailKind,
  to: string,
  vars: Record<string, string | number>,
  link?: string,
): MailMessage {
  const appName = translate(lang, 'common:appName');
  const all = { appName, ...vars };
  const subject = translate(lang, `accounts:mail.${kind}.subject`, all);
  const greeting = translate(lang, 'accounts:mail.greeting', all);
  const body = lines(lang, kind, all);
  const action = link ? translate(lang, `accounts:mail.${kind}.action`, all) : '';
  const signature = translate(lang, 'accounts:mail.signature', all);
  const ignore = translate(lang, 'accounts:mail.ignore', all);

  const text = [greeting, '', ...body, ...(link ? ['', `${action}: ${link}`] : []), '', ignore, '', signature].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...body.map((l) => `<p>${escapeHtml(l)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p><p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>`
      : '',
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text, html, purpose: kind };
}

/** A link to a page of the web app, with query parameters. */
export function pageLink(publicUrl: string, path: string, query: Record<string, string>): string {
  // Relative to PUBLIC_URL, which may carry a path prefix.
  const url = new URL(path.replace(/^\//, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}
