import dayjs from 'dayjs';
import type { Language } from './languages.ts';

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

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value put into a message (`{{date}}`): a calendar date as the API stores it (2026-11-20) becomes the date as
 * the portal shows every date (20/11/2026); anything else stays as it is. The server's `translate` and the web's
 * i18next both pass every interpolated value through it, so no message shows an ISO date.
 */
export function messageValue<T>(value: T): T | string {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? formatDate(value) : value;
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

/** Thousands and decimal separators: Vietnamese 4.200.000,5; English 4,200,000.5. */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  vi: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * A number as it is read in the interface language: amounts and counts with the thousands separator
 * ("4.200.000" in Vietnamese), a year or any identifier-like number without (`grouping: false`: "2026"). Decimals
 * are kept as given (at most `maxDecimals`, default 2). Null or not a number → "-".
 */
export function formatNumber(
  value: number | null | undefined,
  lang: Language = 'vi',
  options: { grouping?: boolean; maxDecimals?: number } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
  const { group, decimal } = SEPARATORS[lang];
  const fixed = Math.abs(value).toFixed(options.maxDecimals ?? 2);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const digits = options.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const decimals = fraction.replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${digits}${decimals ? decimal + decimals : ''}`;
}

/** Reads back what `formatNumber` (or a person) wrote: separators of the language dropped; '' → null. */
export function parseNumber(text: string | null | undefined, lang: Language = 'vi'): number | null {
  const { group, decimal } = SEPARATORS[lang];
  const cleaned = (text ?? '').replace(/\s/g, '').split(group).join('').replace(decimal, '.');
  if (!cleaned || cleaned === '-') return null;
  const n = Number(cleaned.replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) ? n : null;
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
