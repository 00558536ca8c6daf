import { translate, type Language } from '@portal/domain/i18n';

/**
 * A period key ('2026', '2026-H1', '2026-Q3', '2026-07'; see packages/domain/src/reports/periods.ts) as words.
 * Given as a text key with its values, so a notification says it in its reader's language (a param named `…Key`
 * is translated when the notification is read: notifications/service.ts contentOf).
 */
export interface PeriodText extends Record<string, string | number> {
  periodKey: string;
}

const KEY = /^(\d{4})(?:-(H[12]|Q([1-4])|(\d{2})))?$/;

export function periodText(key: string): PeriodText {
  const m = KEY.exec(key);
  if (!m) return { periodKey: 'reportReminders:periods.other', period: key };
  const year = Number(m[1]);
  if (!m[2]) return { periodKey: 'reportReminders:periods.year', year };
  if (m[2] === 'H1' || m[2] === 'H2') return { periodKey: `reportReminders:periods.${m[2]}`, year };
  if (m[3]) return { periodKey: 'reportReminders:periods.quarter', year, part: m[3] };
  return { periodKey: 'reportReminders:periods.month', year, part: m[4]! };
}

export function periodWords(lang: Language, key: string): string {
  const text = periodText(key);
  return translate(lang, text.periodKey, text);
}
