/**
 * Calendar dates 'YYYY-MM-DD' (no time zone can shift them), shared by every domain and by the API's clock.
 * "Today" is Vietnam's, whatever the server's time zone.
 */

export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not a calendar date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  return format(Date.UTC(y, m - 1, d)) === value;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return format(Date.UTC(y, m - 1, d + days));
}

/** 29 February plus one year is 1 March (the day after 28 February). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = parts(date);
  return format(Date.UTC(y + years, m - 1, d));
}

/** Calendar months later, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return format(Date.UTC(y, m - 1 + months, Math.min(d, last)));
}

/** Working days (Monday to Friday) after a date; public holidays are not known here and count as working days. */
export function addWorkingDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  let ms = Date.UTC(y, m - 1, d);
  let left = days;
  while (left > 0) {
    ms += DAY_MS;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return format(ms);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** Today in Vietnam ('YYYY-MM-DD'), whatever the server's time zone. */
export function todayInVietnam(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: VIETNAM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function yearOf(date: string): number {
  return parts(date)[0];
}
