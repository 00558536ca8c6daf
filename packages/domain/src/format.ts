import dayjs from 'dayjs';
import type { Language } from './i18n.ts';

/**
 * Display formats shared by the web and the server (spreadsheets, mails). Spec section 9:
 * dates DD/MM/YYYY, years YYYY, times HH:mm; counts above 999 as "k"; durations in s / m s / h m s.
 */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const YEAR_FORMAT = 'YYYY';
export const TIME_FORMAT = 'HH:mm';
/** The date first, then the time, as everywhere else a date is read: 01/07/2025 08:05. */
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
/** What stands in for a missing value in lists and details. */
export const EMPTY_VALUE = '-';

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

function valid(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

export function formatDate(value: DateInput): string {
  return valid(value)?.format(DATE_FORMAT) ?? EMPTY_VALUE;
}

export function formatYear(value: DateInput): string {
  return valid(value)?.format(YEAR_FORMAT) ?? EMPTY_VALUE;
}

export function formatTime(value: DateInput): string {
  return valid(value)?.format(TIME_FORMAT) ?? EMPTY_VALUE;
}

export function formatDateTime(value: DateInput): string {
  return valid(value)?.format(DATE_TIME_FORMAT) ?? EMPTY_VALUE;
}

/**
 * Counts above 999 as thousands with one decimal ("1,5k" in Vietnamese, "1.5k" in English);
 * a whole thousand drops the decimal ("2k"). Negative counts keep their sign.
 */
export function formatCount(value: number | null | undefined, lang: Language = 'vi'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY_VALUE;
  if (Math.abs(value) <= 999) return String(value);
  const thousands = Math.trunc((value / 1000) * 10) / 10;
  const text = Number.isInteger(thousands) ? String(thousands) : thousands.toFixed(1);
  return `${lang === 'vi' ? text.replace('.', ',') : text}k`;
}

const durationUnits: Record<Language, { h: string; m: string; s: string }> = {
  vi: { h: ' giờ', m: ' phút', s: ' giây' },
  en: { h: 'h', m: 'm', s: 's' },
};

/**
 * Seconds → "45 giây" (under 60), "2 phút 5 giây" (under 3600), else "1 giờ 2 phút 3 giây";
 * English "45s", "2m 5s", "1h 2m 3s". Null or not a number → "-". Fractions are dropped.
 */
export function formatDuration(seconds: number | null | undefined, lang: Language = 'vi'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return EMPTY_VALUE;
  const total = Math.max(0, Math.floor(seconds));
  const u = durationUnits[lang];
  if (total < 60) return `${total}${u.s}`;
  const s = total % 60;
  if (total < 3600) return `${Math.floor(total / 60)}${u.m} ${s}${u.s}`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${h}${u.h} ${m}${u.m} ${s}${u.s}`;
}

/** How many years a year picker offers: the current one and the nine before it. */
export const YEAR_OPTION_COUNT = 10;

/** Year picker options, newest first: [2025, 2024, …, 2016] in 2025. The default is the first. */
export function yearOptions(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_OPTION_COUNT }, (_, i) => current - i);
}

export function defaultYear(now: Date = new Date()): number {
  return now.getFullYear();
}
