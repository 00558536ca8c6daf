/**
 * The life of an inspection and of each requirement it sets, as tables (tested as tables):
 *
 *   planned ──start──▶ in_progress ──conclude──▶ concluded ──(every requirement accepted)──▶ closed
 *      │                   │
 *      └──conclude─────────┤   (a conclusion with no requirement to follow up closes at once)
 *      └──cancel───────────┴──▶ cancelled
 *
 * A requirement (what the employer must fix, by a deadline the inspector sets):
 *   open ──answer──▶ answered ──accept──▶ accepted
 *                        └────return──▶ returned ──answer──▶ answered
 */
export const INSPECTION_KINDS = ['planned', 'surprise', 'check', 'followUp'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** What is inspected (one main subject per decision). */
export const INSPECTION_TOPICS = ['osh', 'labourLaw', 'equipment', 'accident', 'other'] as const;
export type InspectionTopic = (typeof INSPECTION_TOPICS)[number];

export const INSPECTION_STATUSES = ['planned', 'inProgress', 'concluded', 'closed', 'cancelled'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const INSPECTION_ACTIONS = ['edit', 'start', 'conclude', 'cancel', 'delete'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

export interface InspectionTransition {
  from: InspectionStatus;
  action: InspectionAction;
  to: InspectionStatus;
}

export const INSPECTION_TRANSITIONS: readonly InspectionTransition[] = [
  { from: 'planned', action: 'edit', to: 'planned' },
  { from: 'inProgress', action: 'edit', to: 'inProgress' },
  { from: 'planned', action: 'start', to: 'inProgress' },
  { from: 'planned', action: 'conclude', to: 'concluded' },
  { from: 'inProgress', action: 'conclude', to: 'concluded' },
  { from: 'planned', action: 'cancel', to: 'cancelled' },
  { from: 'inProgress', action: 'cancel', to: 'cancelled' },
  // Only a record that never reached the employer as a finding may be removed.
  { from: 'planned', action: 'delete', to: 'planned' },
  { from: 'cancelled', action: 'delete', to: 'cancelled' },
];

export function inspectionTransition(from: InspectionStatus, action: InspectionAction): InspectionTransition | null {
  return INSPECTION_TRANSITIONS.find((t) => t.from === from && t.action === action) ?? null;
}

export function inspectionActions(status: InspectionStatus): InspectionAction[] {
  return INSPECTION_TRANSITIONS.filter((t) => t.from === status).map((t) => t.action);
}

export const REQUIREMENT_STATUSES = ['open', 'answered', 'accepted', 'returned'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export const REQUIREMENT_ACTIONS = ['answer', 'accept', 'return'] as const;
export type RequirementAction = (typeof REQUIREMENT_ACTIONS)[number];

export interface RequirementTransition {
  from: RequirementStatus;
  action: RequirementAction;
  to: RequirementStatus;
  /** The employer answers; the department (inspectors) accepts or returns. */
  actor: 'employer' | 'inspector';
}

export const REQUIREMENT_TRANSITIONS: readonly RequirementTransition[] = [
  { from: 'open', action: 'answer', to: 'answered', actor: 'employer' },
  { from: 'returned', action: 'answer', to: 'answered', actor: 'employer' },
  { from: 'answered', action: 'accept', to: 'accepted', actor: 'inspector' },
  { from: 'answered', action: 'return', to: 'returned', actor: 'inspector' },
];

export function requirementTransition(
  from: RequirementStatus,
  action: RequirementAction,
): RequirementTransition | null {
  return REQUIREMENT_TRANSITIONS.find((t) => t.from === from && t.action === action) ?? null;
}

/** Requirements still waiting for the employer: past their deadline they are overdue. */
export const PENDING_REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['open', 'returned'];

export function isRequirementOverdue(status: RequirementStatus, deadline: string, today: string): boolean {
  return PENDING_REQUIREMENT_STATUSES.includes(status) && deadline < today;
}

/** The inspection's status once a requirement is accepted: closed when every one is. */
export function statusAfterReview(requirements: readonly RequirementStatus[]): 'concluded' | 'closed' {
  return requirements.every((s) => s === 'accepted') ? 'closed' : 'concluded';
}
