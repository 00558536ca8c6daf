/**
 * Who must file a report type: the assignment rows (the ReportAssignment area) valid on a day, applied to one
 * reporter. The API applies the same rules in one SQL statement over every employer (modules/reports/expected.ts);
 * this is the rule as it reads, for explanations and to test the SQL against.
 *
 * - `rule` rows are OR'ed: a reporter matching any one is expected. A rule's criteria (sector, employer type,
 *   commune, size) are AND'ed; an empty criterion matches everyone. A sector matches the employer's sectors and
 *   everything under them in the sector tree (the caller passes each sector with its ancestors).
 * - `include` rows add one named employer whatever the rules say.
 * - `exempt` rows remove one named employer, with the reason; an exemption wins over rules and additions.
 */
export const ASSIGNMENT_KINDS = ['rule', 'include', 'exempt'] as const;

/** The calls of who must report (the API's routes and the web's client share the spelling). */
export const EXPECTED_API = {
  expected: '/api/Report/expected',
  changes: '/api/Report/expected-changes',
  periods: '/api/Report/periods',
  openPeriod: '/api/Report/open-period',
} as const;

/** The page of who must report: the assignment rules and, beside them, the expected reporters of a period. */
export const ASSIGNMENT_PAGE = '/phan-loai-bao-cao/danh-sach';
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export interface AssignmentRow {
  id: string;
  code?: string | null;
  kind: AssignmentKind;
  sectorId?: string | null;
  businessTypeId?: string | null;
  wardCode?: string | null;
  minEmployees?: number | null;
  maxEmployees?: number | null;
  /** The named employer of an include or exempt row. */
  employerId?: string | null;
  reason?: string | null;
  /** 'YYYY-MM-DD' */
  validFrom: string;
  validTo?: string | null;
}

/** What the rules look at in a reporter (an employer; a commune has only its ward). */
export interface ReporterFacts {
  /** The employer's id (a commune: its ward code; a unit: its id). */
  id: string;
  /** The employer's sectors and all their ancestors in the sector tree. */
  sectors: readonly string[];
  businessTypeId: string | null;
  wardCode: string | null;
  /** Number of employees; null when unknown (a size rule does not match it). */
  employees: number | null;
}

export type Expectation =
  | { expected: true; /** The row that makes it expected (an addition before a rule). */ assignmentId: string }
  | {
      expected: false;
      /** Set when an exemption removed a reporter the rules or an addition expected. */ exemption?: {
        assignmentId: string;
        reason: string;
      };
    };

/** The rows in force on `date` (validFrom ≤ date ≤ validTo). */
export function assignmentsValidOn<T extends Pick<AssignmentRow, 'validFrom' | 'validTo'>>(
  rows: readonly T[],
  date: string,
): T[] {
  return rows.filter((r) => r.validFrom <= date && (r.validTo == null || date <= r.validTo));
}

/** Whether a `rule` row's criteria all hold for the reporter. */
export function ruleMatches(rule: AssignmentRow, reporter: ReporterFacts): boolean {
  if (rule.sectorId && !reporter.sectors.includes(rule.sectorId)) return false;
  if (rule.businessTypeId && rule.businessTypeId !== reporter.businessTypeId) return false;
  if (rule.wardCode && rule.wardCode !== reporter.wardCode) return false;
  if (rule.minEmployees != null && (reporter.employees == null || reporter.employees < rule.minEmployees)) return false;
  if (rule.maxEmployees != null && (reporter.employees == null || reporter.employees > rule.maxEmployees)) return false;
  return true;
}

// Plain code-point order (the SQL's `collate "C"`), never the locale's: both sides must pick the same row.
const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byCode = (a: AssignmentRow, b: AssignmentRow) => compare(a.code ?? '', b.code ?? '') || compare(a.id, b.id);

/**
 * Whether the reporter is expected for the type whose assignment rows are `rows`, on `date`. When several rows
 * apply, the first by code names the reason (stable, so the SQL and this agree).
 */
export function expectationOf(reporter: ReporterFacts, rows: readonly AssignmentRow[], date: string): Expectation {
  const valid = assignmentsValidOn(rows, date).sort(byCode);
  const include = valid.find((r) => r.kind === 'include' && r.employerId === reporter.id);
  const rule = valid.find((r) => r.kind === 'rule' && ruleMatches(r, reporter));
  const by = include ?? rule;
  if (!by) return { expected: false };
  const exempt = valid.find((r) => r.kind === 'exempt' && r.employerId === reporter.id);
  if (exempt) return { expected: false, exemption: { assignmentId: exempt.id, reason: exempt.reason ?? '' } };
  return { expected: true, assignmentId: by.id };
}

/** What is wrong with an assignment row as a whole (the form's checks beyond each field), as locale keys. */
export function assignmentProblems(
  row: Pick<
    AssignmentRow,
    'kind' | 'employerId' | 'reason' | 'minEmployees' | 'maxEmployees' | 'validFrom' | 'validTo'
  >,
): { field: keyof AssignmentRow; messageKey: string }[] {
  const problems: { field: keyof AssignmentRow; messageKey: string }[] = [];
  if ((row.kind === 'include' || row.kind === 'exempt') && !row.employerId)
    problems.push({ field: 'employerId', messageKey: 'reports:validation.employerRequired' });
  if (row.kind === 'exempt' && !row.reason?.trim())
    problems.push({ field: 'reason', messageKey: 'reports:validation.reasonRequired' });
  if (row.minEmployees != null && row.maxEmployees != null && row.minEmployees > row.maxEmployees)
    problems.push({ field: 'maxEmployees', messageKey: 'reports:validation.employeesRange' });
  if (row.validTo && row.validTo < row.validFrom)
    problems.push({ field: 'validTo', messageKey: 'reports:validation.validRange' });
  return problems;
}
