import type { ReportSchedule } from './periods.ts';

/**
 * Where one expected reporter stands for one period, and the rates over many (DHIS2's definitions: expected = the
 * reporters assigned for the period; completeness = filed ÷ expected; timeliness = filed on time ÷ expected).
 *
 * A filing counts from its first submission: a report returned for correction and filed again keeps the day it was
 * first filed for timeliness, but while it sits returned it is not complete. An accepted report is complete.
 */
export const SUBMISSION_STATES = ['draft', 'submitted', 'returned', 'accepted'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export const FILING_STATUSES = ['notOpen', 'open', 'draft', 'submitted', 'returned', 'accepted', 'overdue'] as const;
/**
 * notOpen: the period's report is not open yet; open: open, nothing started, not yet due; draft: started, not
 * filed, not yet due; submitted / returned / accepted: as the submission stands; overdue: due day passed with
 * nothing filed (a draft included).
 */
export type FilingStatus = (typeof FILING_STATUSES)[number];

export interface FilingFacts {
  /** The submission's state, or null when the reporter has not started one. */
  state: SubmissionState | null;
  /** The day it was first filed ('YYYY-MM-DD', Vietnam's calendar), or null. */
  firstSubmittedOn: string | null;
}

export function filingStatus(facts: FilingFacts, schedule: ReportSchedule, today: string): FilingStatus {
  if (facts.state === 'submitted' || facts.state === 'returned' || facts.state === 'accepted') return facts.state;
  if (today < schedule.opensOn) return 'notOpen';
  if (today > schedule.dueOn) return 'overdue';
  return facts.state === 'draft' ? 'draft' : 'open';
}

/** On time when first filed by the due day; null when never filed. */
export function filedOnTime(facts: FilingFacts, schedule: ReportSchedule): boolean | null {
  return facts.firstSubmittedOn === null ? null : facts.firstSubmittedOn <= schedule.dueOn;
}

/** The counts a status page shows for one (report type, period), and per commune or sector. */
export interface FilingCounts {
  expected: number;
  /** Filed and not sitting returned: submitted or accepted. */
  complete: number;
  onTime: number;
  late: number;
  returned: number;
  /** Due day passed, nothing filed. */
  missing: number;
}

export const emptyCounts = (): FilingCounts => ({
  expected: 0,
  complete: 0,
  onTime: 0,
  late: 0,
  returned: 0,
  missing: 0,
});

/** Adds one expected reporter's standing to `counts`. */
export function countFiling(counts: FilingCounts, facts: FilingFacts, schedule: ReportSchedule, today: string) {
  counts.expected += 1;
  const status = filingStatus(facts, schedule, today);
  if (status === 'submitted' || status === 'accepted') counts.complete += 1;
  if (status === 'returned') counts.returned += 1;
  if (status === 'overdue') counts.missing += 1;
  const onTime = filedOnTime(facts, schedule);
  if (onTime === true) counts.onTime += 1;
  if (onTime === false) counts.late += 1;
  return counts;
}

export interface FilingRates {
  /** complete ÷ expected, 0–1; null when nothing is expected. */
  completeness: number | null;
  /** filed on time ÷ expected; null when nothing is expected. */
  timeliness: number | null;
}

export function filingRates(c: FilingCounts): FilingRates {
  if (c.expected === 0) return { completeness: null, timeliness: null };
  return { completeness: c.complete / c.expected, timeliness: c.onTime / c.expected };
}
