import { addDays, addMonths, daysBetween } from '../dates.ts';

/**
 * Equipment with strict safety requirements (Law 84/2015 Arts 30–31, Decree 44/2016 Art 16): the pure rules.
 * Every number the law sets (the declaration window, the processing time, inspection intervals) is reference
 * data with its legal basis and validity dates, read from the database; these functions only combine them, so a
 * record is judged by the rules in force on its own date.
 */

/** Keys of the legal deadlines (LegalDeadline area) the equipment domain reads. */
export const EQUIPMENT_DEADLINES = {
  /** Days after first use within which a machine must be declared (Decree 44/2016 Art 16). */
  declarationWindow: 'EQUIPMENT_DECLARATION_WINDOW',
  /** Working days the department has to confirm or refuse a declaration (provincial procedure 2.000134). */
  declarationProcessing: 'EQUIPMENT_DECLARATION_PROCESSING',
} as const;

/** Days before a machine's next inspection is due when its employer is reminded (and on the day itself: 0). */
export const DUE_REMINDER_DAYS = [30, 7, 0] as const;
/** The "due soon" lists and counts look this many days ahead. */
export const DUE_SOON_DAYS = 30;

export const EQUIPMENT_STATUSES = ['inUse', 'outOfUse', 'scrapped'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/** Where a machine stands against its inspection on a day. */
export const DUE_STATES = ['overdue', 'dueSoon', 'valid', 'none'] as const;
export type DueState = (typeof DUE_STATES)[number];

// The calendar helpers once defined here, for the modules that still read them from the equipment's rules.
export { addDays, addMonths, addWorkingDays, daysBetween } from '../dates.ts';

/** A rule or limit with its validity: in force on `date` when validFrom ≤ date ≤ validTo (open-ended if none). */
export interface Dated {
  validFrom: string;
  validTo: string | null;
}
export const inForce = (r: Dated, date: string): boolean => r.validFrom <= date && (!r.validTo || date <= r.validTo);

/** A periodic-inspection interval of an equipment type (DevicesTestedForSafety). */
export interface IntervalRule extends Dated {
  id: string;
  indexEquipmentId: string;
  intervalMonths: number;
  /** Applies only to machines older than this many years (a lift older than 20 years: every year). */
  olderThanYears: number | null;
}

/**
 * The interval that decides a certificate's next due date: among the rules of the machine's type in force on the
 * inspection date, the one for the oldest age band the machine has passed; the type's own cycle when none.
 */
export function intervalFor(
  rules: readonly IntervalRule[],
  typeId: string,
  inspectionDate: string,
  manufactureYear: number | null,
  typeCycleMonths: number | null,
): { months: number; ruleId: string | null } | null {
  const age = manufactureYear ? Number(inspectionDate.slice(0, 4)) - manufactureYear : 0;
  const fitting = rules
    .filter((r) => r.indexEquipmentId === typeId && inForce(r, inspectionDate))
    .filter((r) => r.olderThanYears == null || age > r.olderThanYears)
    .sort((a, b) => (b.olderThanYears ?? -1) - (a.olderThanYears ?? -1));
  const rule = fitting[0];
  if (rule) return { months: rule.intervalMonths, ruleId: rule.id };
  return typeCycleMonths ? { months: typeCycleMonths, ruleId: null } : null;
}

/** A certificate's next due date: the one it states, else the inspection date plus the interval. */
export function nextDueDate(
  inspectionDate: string,
  intervalMonths: number | null,
  stated: string | null,
): string | null {
  if (stated) return stated;
  return intervalMonths ? addMonths(inspectionDate, intervalMonths) : null;
}

export function dueStateOf(nextDue: string | null, today: string, soonDays = DUE_SOON_DAYS): DueState {
  if (!nextDue) return 'none';
  if (nextDue < today) return 'overdue';
  return nextDue <= addDays(today, soonDays) ? 'dueSoon' : 'valid';
}

/** Late: declared more than `windowDays` after the machine was first used (Decree 44/2016 Art 16). */
export function isLateDeclaration(firstUseDate: string | null, declaredOn: string, windowDays: number): boolean {
  return !!firstUseDate && daysBetween(firstUseDate, declaredOn) > windowDays;
}

/**
 * Equipment type codes an inspector or an inspection organisation is accredited for, as written in one cell
 * ("TB07, TB11; TB12"): upper-cased, unique, in order.
 */
export function parseTypeCodes(text: string | null | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const part of text.split(/[,;\s]+/)) {
    const code = part.trim().toUpperCase();
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

export interface Accreditation {
  validFrom: string | null;
  validTo: string | null;
  typeCodes: readonly string[];
}

/** Why an accreditation does not cover inspecting a type on a date (null: it does). */
export function accreditationGap(
  a: Accreditation,
  typeCode: string,
  date: string,
): 'notYetValid' | 'expired' | 'typeNotCovered' | null {
  if (a.validFrom && date < a.validFrom) return 'notYetValid';
  if (a.validTo && date > a.validTo) return 'expired';
  if (!a.typeCodes.includes(typeCode.toUpperCase())) return 'typeNotCovered';
  return null;
}
