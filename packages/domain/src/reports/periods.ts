import { addDays, addMonths, addWorkingDays, isCalendarDate } from '../dates.ts';

/**
 * Reporting periods. A report type has a period type; a period is named by a key that sorts as it runs
 * ('2026', '2026-H1', '2026-Q3', '2026-07'). Some laws count a period that does not start in January: the
 * labour-use change report's half-years end before the deadlines of 5 June and 5 December, so its type shifts the
 * periods by whole months (`shiftMonths: -1` makes the first half-year of 2026 run from 1 December 2025 to 31 May
 * 2026). The shift is data on the report type, not a rule in code.
 */
export const PERIOD_TYPES = ['month', 'quarter', 'halfYear', 'year'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export interface Period {
  key: string;
  type: PeriodType;
  /** First day ('YYYY-MM-DD'). */
  start: string;
  /** Last day. */
  end: string;
}

const MONTHS: Record<PeriodType, number> = { month: 1, quarter: 3, halfYear: 6, year: 12 };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function label(type: PeriodType, year: number, index: number): string {
  if (type === 'year') return String(year);
  if (type === 'halfYear') return `${year}-H${index + 1}`;
  if (type === 'quarter') return `${year}-Q${index + 1}`;
  return `${year}-${pad(index + 1)}`;
}

/** The period number `index` (0-based) of `year`, with the type's month shift. */
function build(type: PeriodType, year: number, index: number, shiftMonths: number): Period {
  const months = MONTHS[type];
  const start = addMonths(`${year}-01-01`, index * months + shiftMonths);
  const end = addDays(addMonths(start, months), -1);
  return { key: label(type, year, index), type, start, end };
}

const KEY = /^(\d{4})(?:-(H[12]|Q[1-4]|\d{2}))?$/;

/** The period a key names, or null when the key is not one of the type's. */
export function periodByKey(type: PeriodType, key: string, shiftMonths = 0): Period | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const year = Number(m[1]);
  const part = m[2];
  if (type === 'year') return part === undefined ? build(type, year, 0, shiftMonths) : null;
  if (!part) return null;
  if (type === 'halfYear' && part.startsWith('H')) return build(type, year, Number(part.slice(1)) - 1, shiftMonths);
  if (type === 'quarter' && part.startsWith('Q')) return build(type, year, Number(part.slice(1)) - 1, shiftMonths);
  if (type === 'month' && /^\d{2}$/.test(part) && Number(part) >= 1 && Number(part) <= 12)
    return build(type, year, Number(part) - 1, shiftMonths);
  return null;
}

/** The period of this type that contains `date`. */
export function periodContaining(type: PeriodType, date: string, shiftMonths = 0): Period {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const year = Number(date.slice(0, 4));
  const count = 12 / MONTHS[type];
  // The shift moves a period at most a year either way: look in the years around the date's own.
  for (const y of [year - 1, year, year + 1])
    for (let i = 0; i < count; i++) {
      const p = build(type, y, i, shiftMonths);
      if (p.start <= date && date <= p.end) return p;
    }
  throw new RangeError(`no ${type} period contains ${date}`);
}

/** The period before `period` (same type and shift). */
export function previousPeriod(period: Period, shiftMonths = 0): Period {
  return periodContaining(period.type, addDays(period.start, -1), shiftMonths);
}

/** The periods whose end falls between `from` and `to` (inclusive), oldest first. */
export function periodsEndingBetween(type: PeriodType, from: string, to: string, shiftMonths = 0): Period[] {
  const out: Period[] = [];
  let p = periodContaining(type, to, shiftMonths);
  if (p.end > to) p = previousPeriod(p, shiftMonths);
  while (p.end >= from) {
    out.unshift(p);
    p = previousPeriod(p, shiftMonths);
  }
  return out;
}

/** A limit counted from a date, as the legal-deadline reference data states it. */
export interface DayCount {
  amount: number;
  unit: 'days' | 'workingDays' | 'months';
}

function after(date: string, d: DayCount): string {
  if (d.unit === 'workingDays') return addWorkingDays(date, d.amount);
  if (d.unit === 'months') return addMonths(date, d.amount);
  return addDays(date, d.amount);
}

export interface ReportSchedule {
  /** From this day reporters may file (and see the report as due). */
  opensOn: string;
  /** The last day a filing counts as on time. */
  dueOn: string;
  /** From this day nothing more is accepted for the period (null: never closes). */
  closesOn: string | null;
}

/**
 * When a period's report opens, is due and closes. The due day is counted from the period's last day by the rule
 * in force on that day (the caller reads it from the legal deadlines); the report opens `opensBeforeEnd` days before
 * the period ends (0: the day after it ends) and closes `closesAfterDue` days after it is due (null: never).
 */
export function scheduleOf(
  period: Period,
  rule: { due: DayCount; opensBeforeEnd: number; closesAfterDue: number | null },
): ReportSchedule {
  const dueOn = after(period.end, rule.due);
  return {
    opensOn: addDays(period.end, 1 - rule.opensBeforeEnd),
    dueOn,
    closesOn: rule.closesAfterDue === null ? null : addDays(dueOn, rule.closesAfterDue + 1),
  };
}
