import { inForce as inForceOn } from '../equipment/rules.ts';
import type { LimitFactor, LimitParameter, VerdictKind, WorkCategory } from './factors.ts';

/**
 * The judgement of a reading against the national technical regulations: pure functions over the limit rows
 * (`MenuObservationMonitor`), so the API, the tests and a page's preview agree. A reading is judged by the rows
 * in force on its own date; rows of one limit over time share a `rule` (a later row replaces an earlier one from
 * its `validFrom`), so a limit changed later never changes an old reading's verdict.
 */

export interface Limit {
  id: string;
  code: string;
  /** One limit over time: the rows of its successive periods share it. */
  rule: string;
  name: string;
  factor: LimitFactor;
  parameter: LimitParameter;
  workCategory: WorkCategory | null;
  exposureMinutes: number | null;
  /** Lowest permitted value (illuminance, temperature, humidity, air speed). */
  minValue: number | null;
  /** Highest permitted value (the TWA of a chemical or a dust). */
  maxValue: number | null;
  /** Short-term exposure limit of a chemical (15 min). */
  stelValue: number | null;
  /** dB per halving of the exposure time (noise: 3), on the row the other exposure times derive from. */
  exchangeRate: number | null;
  unit: string;
  /** The regulation's number: `QCVN 24:2016/BYT`. */
  regulation: string;
  validFrom: string;
  validTo: string | null;
}

/** One bound checked: the value measured, the limit applied and whether it is outside. */
export interface Check {
  limitId: string;
  parameter: LimitParameter | 'stel';
  value: number;
  min: number | null;
  max: number | null;
  unit: string;
  exceeds: boolean;
}

export interface Verdict {
  verdict: VerdictKind;
  /** The main limit row applied (the first checked), null when none was in force. */
  limitId: string | null;
  /** The regulations applied, `; `-joined. */
  regulation: string | null;
  /** The limits applied, as read in a report: `≤ 85 dBA`, `20–34 °C; 40–80 %`. */
  limitText: string | null;
  checks: Check[];
}

export const NO_LIMIT: Verdict = { verdict: 'noLimit', limitId: null, regulation: null, limitText: null, checks: [] };

/** Rows in force on `date` (validity dates inclusive). */
export function inForce(limits: readonly Limit[], date: string): Limit[] {
  return limits.filter((l) => inForceOn(l, date));
}

/** The row of `rule` in force on `date` (the latest period when periods overlap). */
export function ruleInForce(limits: readonly Limit[], rule: string, date: string): Limit | null {
  const rows = inForce(limits, date).filter((l) => l.rule.toUpperCase() === rule.toUpperCase());
  return rows.sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0] ?? null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const num = (n: number) => String(round(n, 3));

function bound(min: number | null, max: number | null, unit: string): string {
  if (min != null && max != null) return `${num(min)}–${num(max)} ${unit}`;
  if (max != null) return `≤ ${num(max)} ${unit}`;
  if (min != null) return `≥ ${num(min)} ${unit}`;
  return '';
}

function check(limit: Limit, parameter: Check['parameter'], value: number, min: number | null, max: number | null) {
  return {
    limitId: limit.id,
    parameter,
    value,
    min,
    max,
    unit: limit.unit,
    exceeds: (min != null && value < min) || (max != null && value > max),
  };
}

/** The verdict of the checks made: exceeds when any bound is crossed; no limit when none could be checked. */
export function verdictOf(checks: Check[], applied: readonly Limit[]): Verdict {
  if (!checks.length) return NO_LIMIT;
  const regulations = [...new Set(applied.map((l) => l.regulation).filter(Boolean))];
  return {
    verdict: checks.some((c) => c.exceeds) ? 'exceeds' : 'pass',
    limitId: checks[0]!.limitId,
    regulation: regulations.join('; ') || null,
    limitText: checks
      .map((c) => {
        const text = bound(c.min, c.max, c.unit);
        return c.parameter === 'stel' ? `STEL ${text}` : text;
      })
      .join('; '),
    checks,
  };
}

/**
 * A value against the row of `rule` in force on `date`: its min and/or max (lighting, dust, vibration, fields, …).
 * No row in force, or a row without values (a limit the regulation's text has not been checked for yet): no limit.
 */
export function judgeValue(value: number | null, rule: string | null, limits: readonly Limit[], date: string): Verdict {
  if (value == null || !rule) return NO_LIMIT;
  const limit = ruleInForce(limits, rule, date);
  if (!limit || (limit.minValue == null && limit.maxValue == null)) return NO_LIMIT;
  return verdictOf([check(limit, limit.parameter, value, limit.minValue, limit.maxValue)], [limit]);
}

/** A chemical (QCVN 03:2019/BYT, 01:2025/BYT): the time-weighted average against the TWA, the short-term value
 * against the STEL. */
export function judgeChemical(
  reading: { twa: number | null; stel: number | null },
  rule: string | null,
  limits: readonly Limit[],
  date: string,
): Verdict {
  const limit = rule ? ruleInForce(limits, rule, date) : null;
  if (!limit) return NO_LIMIT;
  const checks: Check[] = [];
  if (reading.twa != null && limit.maxValue != null)
    checks.push(check(limit, 'twa', reading.twa, null, limit.maxValue));
  if (reading.stel != null && limit.stelValue != null)
    checks.push(check(limit, 'stel', reading.stel, null, limit.stelValue));
  return verdictOf(checks, [limit]);
}

/**
 * The LAeq limit for an exposure time (QCVN 24:2016/BYT): the row for exactly that time when the table has one;
 * otherwise derived from the row that carries the exchange rate (85 dBA for 480 min, 3 dB: each halving of the
 * time allows 3 dB more), never above the peak limit. Null when no row is in force.
 */
export function noiseLimit(
  exposureMinutes: number,
  limits: readonly Limit[],
  date: string,
): { max: number; limit: Limit } | null {
  const rows = inForce(limits, date).filter(
    (l) => l.factor === 'noise' && l.parameter === 'laeq' && l.maxValue != null,
  );
  const exact = rows
    .filter((l) => l.exposureMinutes === exposureMinutes)
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  if (exact) return { max: exact.maxValue!, limit: exact };
  const base = rows
    .filter((l) => l.exchangeRate != null && l.exposureMinutes != null && l.exposureMinutes > 0)
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  if (!base) return null;
  const derived = round(base.maxValue! + base.exchangeRate! * Math.log2(base.exposureMinutes! / exposureMinutes));
  const peak = peakLimit(limits, date);
  return { max: peak ? Math.min(derived, peak.maxValue!) : derived, limit: base };
}

function peakLimit(limits: readonly Limit[], date: string): Limit | null {
  return (
    inForce(limits, date)
      .filter((l) => l.factor === 'noise' && l.parameter === 'peak' && l.maxValue != null)
      .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0] ?? null
  );
}

/** Noise: LAeq over the exposure time against its limit, and the peak level (when measured) against the peak. */
export function judgeNoise(
  reading: { laeq: number | null; exposureMinutes: number | null; peak?: number | null },
  limits: readonly Limit[],
  date: string,
): Verdict {
  const checks: Check[] = [];
  const applied: Limit[] = [];
  if (reading.laeq != null && reading.exposureMinutes) {
    const found = noiseLimit(reading.exposureMinutes, limits, date);
    if (found) {
      checks.push(check(found.limit, 'laeq', reading.laeq, null, found.max));
      applied.push(found.limit);
    }
  }
  const peak = peakLimit(limits, date);
  if (reading.peak != null && peak) {
    checks.push(check(peak, 'peak', reading.peak, null, peak.maxValue));
    applied.push(peak);
  }
  return verdictOf(checks, applied);
}

/** Microclimate (QCVN 26:2016/BYT): temperature, humidity and air speed, each against the range of the work
 * category in force on the date. */
export function judgeClimate(
  reading: {
    workCategory: WorkCategory | null;
    temperature: number | null;
    humidity: number | null;
    airSpeed: number | null;
  },
  limits: readonly Limit[],
  date: string,
): Verdict {
  const rows = inForce(limits, date).filter(
    (l) => l.factor === 'temperature' && l.workCategory === reading.workCategory,
  );
  const checks: Check[] = [];
  const applied: Limit[] = [];
  for (const parameter of ['temperature', 'humidity', 'airSpeed'] as const) {
    const value = reading[parameter];
    const limit = rows
      .filter((l) => l.parameter === parameter)
      .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
    if (value == null || !limit || (limit.minValue == null && limit.maxValue == null)) continue;
    checks.push(check(limit, parameter, value, limit.minValue, limit.maxValue));
    applied.push(limit);
  }
  return verdictOf(checks, applied);
}

/**
 * A factor without a row in the standards (an ergonomic indicator, a biological agent): the limit the monitoring
 * organisation states it applied, named by its basis.
 */
export function judgeStated(
  value: number | null,
  permitted: number | null,
  unit: string | null,
  basis: string | null,
): Verdict {
  if (value == null || permitted == null) return NO_LIMIT;
  const exceeds = value > permitted;
  return {
    verdict: exceeds ? 'exceeds' : 'pass',
    limitId: null,
    regulation: basis,
    limitText: bound(null, permitted, unit ?? '').trim(),
    checks: [],
  };
}
