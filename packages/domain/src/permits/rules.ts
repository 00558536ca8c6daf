import { addDays, addYears } from '../dates.ts';
import type { PermitKind, PermitStatus } from './state.ts';

// The calendar helpers once defined here, for the modules that still read them from the permits' rules.
export { addDays, addYears, daysBetween, isCalendarDate, todayInVietnam, VIETNAM_TIME_ZONE, yearOf } from '../dates.ts';

/**
 * The rules of Vietnamese law the portal enforces for work permits (Labour Code 2019 art. 151–157; Decree
 * 152/2020/NĐ-CP as amended by Decree 70/2023/NĐ-CP, and Decree 219/2025/NĐ-CP that replaces them):
 * - a work permit or a confirmation of exemption is valid for at most 2 years;
 * - a work permit is extended once, for at most 2 more years, continuing the day after it ends;
 * - a renewal (reissue after loss, damage or changed details) keeps the remaining validity of the permit it
 *   replaces.
 * Dates are calendar dates 'YYYY-MM-DD' (no time zone can shift them); "today" is Vietnam's.
 */

export const MAX_VALIDITY_YEARS = 2;
/** Permits ending within this many days are shown as ending soon (the review queue, the workspace). */
export const PERMIT_EXPIRING_DAYS = 45;

/** The last day a validity starting on `validFrom` may reach: two years, the day before the anniversary. */
export function maxValidTo(validFrom: string): string {
  return addDays(addYears(validFrom, MAX_VALIDITY_YEARS), -1);
}

/** A problem with a value: the field it concerns and a code (message key `permits:rules.{code}`). */
export interface RuleIssue {
  field: string;
  code: string;
  vars?: Record<string, string | number>;
}

/** A period the applicant asks for or the department grants: in order and at most two years. */
export function checkPeriod(from: string, to: string, fields: { from: string; to: string }): RuleIssue[] {
  if (to < from) return [{ field: fields.to, code: 'periodOrder' }];
  if (to > maxValidTo(from))
    return [{ field: fields.to, code: 'periodTooLong', vars: { years: MAX_VALIDITY_YEARS, max: maxValidTo(from) } }];
  return [];
}

/** The permit an extension or renewal is filed from, as the rules need it. */
export interface ParentPermit {
  kind: PermitKind;
  status: PermitStatus;
  validFrom: string;
  validTo: string;
}

/**
 * The validity the department grants when approving, and which ends are fixed by law:
 * - extension: starts the day after the permit it extends ends (fixed), at most two years;
 * - renewal: ends when the permit it replaces ends (fixed), starts on approval;
 * - new permit, confirmation: what the applicant asked for, or from today for two years.
 */
export function proposedValidity(
  kind: PermitKind,
  request: { requestedFrom: string | null; requestedTo: string | null },
  parent: Pick<ParentPermit, 'validTo'> | null,
  today: string,
): { validFrom: string; validTo: string; fixedFrom: boolean; fixedTo: boolean } {
  if (kind === 'extend' && parent) {
    const validFrom = addDays(parent.validTo, 1);
    const wanted =
      request.requestedTo && request.requestedTo >= validFrom ? request.requestedTo : maxValidTo(validFrom);
    return {
      validFrom,
      validTo: wanted > maxValidTo(validFrom) ? maxValidTo(validFrom) : wanted,
      fixedFrom: true,
      fixedTo: false,
    };
  }
  if (kind === 'renew' && parent) {
    const validFrom = today > parent.validTo ? parent.validTo : today;
    return { validFrom, validTo: parent.validTo, fixedFrom: false, fixedTo: true };
  }
  const validFrom = request.requestedFrom && request.requestedFrom >= today ? request.requestedFrom : today;
  const validTo =
    request.requestedTo && request.requestedTo >= validFrom && request.requestedTo <= maxValidTo(validFrom)
      ? request.requestedTo
      : maxValidTo(validFrom);
  return { validFrom, validTo, fixedFrom: false, fixedTo: false };
}

/** The validity an approval grants, checked against the rules. Empty when acceptable. */
export function checkApproval(args: {
  kind: PermitKind;
  validFrom: string;
  validTo: string;
  parent: Pick<ParentPermit, 'validTo'> | null;
  today: string;
}): RuleIssue[] {
  const { kind, validFrom, validTo, parent, today } = args;
  const issues = checkPeriod(validFrom, validTo, { from: 'validFrom', to: 'validTo' });
  if (issues.length) return issues;
  if (validTo < today) return [{ field: 'validTo', code: 'alreadyOver' }];
  if (kind === 'extend' && parent && validFrom !== addDays(parent.validTo, 1)) {
    return [{ field: 'validFrom', code: 'extensionStart', vars: { date: addDays(parent.validTo, 1) } }];
  }
  if (kind === 'renew' && parent && validTo !== parent.validTo) {
    return [{ field: 'validTo', code: 'renewalEnd', vars: { date: parent.validTo } }];
  }
  return [];
}

/**
 * May this permit get an extension request? Once per permit, counting its whole line (a renewal of an extended
 * permit is still extended), only while it is valid, not once replaced by a renewal, and not while a request
 * filed from it (or an extension filed anywhere in its line) is still open.
 * Returns the reason it may not, or null.
 */
export function extensionBlocker(args: {
  parent: ParentPermit;
  /** Kinds of the permit's line: itself and the permits it renewed or extended, back to the first. */
  lineKinds: readonly PermitKind[];
  /** Requests already filed from permits of the line (kind and status). */
  lineChildren: readonly { kind: PermitKind; status: PermitStatus }[];
  /** Requests filed from this very permit. */
  children: readonly { kind: PermitKind; status: PermitStatus }[];
}): 'notLicense' | 'notValid' | 'replaced' | 'alreadyExtended' | 'openRequest' | null {
  const { parent, lineKinds, lineChildren, children } = args;
  if (parent.kind === 'confirm') return 'notLicense';
  if (parent.status !== 'approved') return 'notValid';
  if (isReplaced(children)) return 'replaced';
  if (lineKinds.includes('extend') || lineChildren.some((c) => c.kind === 'extend' && c.status === 'approved')) {
    return 'alreadyExtended';
  }
  const open = (c: { status: PermitStatus }) =>
    c.status === 'draft' || c.status === 'submitted' || c.status === 'returned';
  if (children.some(open) || lineChildren.some((c) => c.kind === 'extend' && open(c))) return 'openRequest';
  return null;
}

/** A permit whose renewal was approved is replaced by it: further requests go from the new permit. */
export function isReplaced(children: readonly { kind: PermitKind; status: PermitStatus }[]): boolean {
  return children.some((c) => c.kind === 'renew' && (c.status === 'approved' || c.status === 'expired'));
}

/** May this permit get a renewal request? Only while valid and with no other linked request open. */
export function renewalBlocker(args: {
  parent: ParentPermit;
  children: readonly { kind: PermitKind; status: PermitStatus }[];
}): 'notLicense' | 'notValid' | 'replaced' | 'openRequest' | null {
  const { parent, children } = args;
  if (parent.kind === 'confirm') return 'notLicense';
  if (parent.status !== 'approved') return 'notValid';
  if (isReplaced(children)) return 'replaced';
  if (children.some((c) => c.status === 'draft' || c.status === 'submitted' || c.status === 'returned'))
    return 'openRequest';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers

/**
 * Permit numbers: `{prefix}-{province}-{year}-{sequence}`, e.g. `LĐ-68-2026-000123`.
 * - prefix `LĐ` (giấy phép lao động) for new permits, extensions and renewals; `XN` (giấy xác nhận không thuộc
 *   diện cấp giấy phép lao động) for confirmations;
 * - province: the two-digit province code since 1 July 2025 (Lâm Đồng: 68), `00` until one is configured;
 * - year: the year of approval in Vietnam;
 * - sequence: six digits, from 1 each year for each prefix, without gaps (taken inside the approval's transaction).
 */
export const NUMBER_PREFIXES = { license: 'LĐ', confirm: 'XN' } as const;
export const PERMIT_NUMBER_PATTERN = /^(LĐ|XN)-(\d{2})-(\d{4})-(\d{6})$/;

export function numberPrefix(kind: PermitKind): string {
  return kind === 'confirm' ? NUMBER_PREFIXES.confirm : NUMBER_PREFIXES.license;
}

export function formatPermitNumber(args: {
  kind: PermitKind;
  provinceCode: string | null;
  year: number;
  sequence: number;
}): string {
  const province = args.provinceCode && /^\d{2}$/.test(args.provinceCode) ? args.provinceCode : '00';
  if (!Number.isInteger(args.sequence) || args.sequence < 1 || args.sequence > 999_999) {
    throw new RangeError(`Permit sequence out of range: ${args.sequence}`);
  }
  return `${numberPrefix(args.kind)}-${province}-${args.year}-${String(args.sequence).padStart(6, '0')}`;
}

export function parsePermitNumber(
  value: string,
): { prefix: string; provinceCode: string; year: number; sequence: number } | null {
  const m = PERMIT_NUMBER_PATTERN.exec(value.normalize('NFC'));
  if (!m) return null;
  return { prefix: m[1]!, provinceCode: m[2]!, year: Number(m[3]), sequence: Number(m[4]) };
}
