/**
 * Risk assessment the way EU-OSHA's OiRA guides it (Preparation → Identification → Evaluation → Action plan →
 * Report), under Law 84/2015 Art 77 and Decree 39/2016 Art 7: the employer names the work area or job, answers each
 * hazard of its sector's library (present / not present / not applicable), rates the present ones (likelihood ×
 * severity, 1–5 each), reads the level from the risk matrix in force (reference data) and plans measures.
 */

/** An assessment is a draft until the employer completes it; a completed one is re-opened by a new assessment. */
export const ASSESSMENT_STATUSES = ['draft', 'completed'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** Sectors of the hazard library (the province's common trades); `general` hazards belong to every sector. */
export const HAZARD_SECTORS = [
  'general',
  'agriculture',
  'construction',
  'mining',
  'manufacturing',
  'hospitality',
  'transport',
] as const;
export type HazardSector = (typeof HAZARD_SECTORS)[number];

/** Hazard groups (ILO / TCVN families of harmful and dangerous factors). */
export const HAZARD_GROUPS = [
  'mechanical',
  'electrical',
  'fall',
  'fire',
  'physical',
  'chemical',
  'biological',
  'ergonomic',
  'psychosocial',
  'traffic',
] as const;
export type HazardGroup = (typeof HAZARD_GROUPS)[number];

/** The employer's answer to a hazard of the list (OiRA's identification step). */
export const HAZARD_ANSWERS = ['unanswered', 'present', 'absent', 'notApplicable'] as const;
export type HazardAnswer = (typeof HAZARD_ANSWERS)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'veryHigh'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const MEASURE_STATUSES = ['planned', 'done'] as const;
export type MeasureStatus = (typeof MEASURE_STATUSES)[number];

/** Likelihood and severity are rated 1 (rare, negligible) to 5 (almost certain, fatal or disabling). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A row of the risk matrix in force: the scores (likelihood × severity) from `minScore` to `maxScore` are `level`. */
export interface MatrixBand {
  level: RiskLevel;
  minScore: number;
  maxScore: number;
}

export const riskScore = (likelihood: number, severity: number): number => likelihood * severity;

/** The level of a score in the matrix's bands; null when no band holds it (a set-up fault the caller reports). */
export function levelOf(score: number, bands: readonly MatrixBand[]): RiskLevel | null {
  return bands.find((b) => score >= b.minScore && score <= b.maxScore)?.level ?? null;
}

/** Rank of a level for the priority list: very high first. */
export const levelRank = (level: RiskLevel | null | undefined): number => (level ? RISK_LEVELS.indexOf(level) : -1);

/** Present hazards by level, highest first; equal levels by score, then by the order they were listed in. */
export function byPriority<T extends { level: RiskLevel | null; score: number | null; position: number }>(
  hazards: readonly T[],
): T[] {
  return [...hazards].sort(
    (a, b) => levelRank(b.level) - levelRank(a.level) || (b.score ?? 0) - (a.score ?? 0) || a.position - b.position,
  );
}

/** Why a completed assessment is due again (Decree 39/2016 Art 7: periodically, and after an accident). */
export const REVIEW_REASONS = ['accident', 'dateReached'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * The reasons a completed assessment must be done again on `today`, the more urgent first: an accident in its
 * work area, on or after the day it was completed, was linked to it; or its review date has come. A draft is not
 * due (it is being done), nor one a newer assessment re-does (`superseded`).
 */
export function reviewReasons(
  assessment: {
    status: AssessmentStatus | null;
    completedOn: string | null;
    nextReviewOn: string | null;
    superseded: boolean;
  },
  today: string,
  accidentDays: readonly string[],
): ReviewReason[] {
  if (assessment.status !== 'completed' || !assessment.completedOn || assessment.superseded) return [];
  const reasons: ReviewReason[] = [];
  if (accidentDays.some((day) => day >= assessment.completedOn!)) reasons.push('accident');
  if (assessment.nextReviewOn && assessment.nextReviewOn <= today) reasons.push('dateReached');
  return reasons;
}

/** LegalDeadline rule of the periodic re-assessment interval. */
export const REVIEW_INTERVAL_RULE = 'RISK_ASSESSMENT_REVIEW';

/** Permissions: the assessments are a catalogue area; hazards, ratings and measures are parts of one. */
export const RISK_ASSESSMENT_PERMISSIONS = {
  read: 'RiskAssessment.read',
  update: 'RiskAssessment.update',
} as const;

const BASE = '/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro';

/** Web paths (Vietnamese slugs). */
export const RISK_ASSESSMENT_PATHS = {
  list: `${BASE}/danh-sach`,
  create: `${BASE}/tao-moi`,
  edit: `${BASE}/chinh-sua/:id`,
  detail: `${BASE}/chi-tiet/:id`,
} as const;

/** What the assessment page shows of one hazard. */
export interface AssessmentHazard {
  id: string;
  hazardId: string | null;
  code: string | null;
  name: string;
  group: HazardGroup;
  own: boolean;
  position: number;
  answer: HazardAnswer;
  currentControls: string | null;
  suggestedMeasures: string | null;
  likelihood: number | null;
  severity: number | null;
  score: number | null;
  level: RiskLevel | null;
  note: string | null;
  measures: AssessmentMeasure[];
}

export interface AssessmentMeasure {
  id: string;
  hazardRowId: string;
  description: string;
  owner: string;
  deadline: string;
  cost: number;
  status: MeasureStatus;
  doneOn: string | null;
  overdue: boolean;
}

/** An assessment's header as the API reads it and the page shows it. */
export interface Assessment {
  id: string;
  businessId: string;
  businessName: string | null;
  title: string;
  workArea: string;
  sector: HazardSector;
  assessedOn: string;
  assessors: string;
  workerCount: number | null;
  status: AssessmentStatus;
  completedOn: string | null;
  nextReviewOn: string | null;
  previousId: string | null;
  note: string | null;
}
