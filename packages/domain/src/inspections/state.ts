import { defineWorkflow, type TransitionDecl } from '../workflow/index.ts';

/**
 * The life of an inspection and of each requirement it sets, as two workflow declarations (tested as tables):
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

/** What a conclusion must give (its dialog asks for them). */
const CONCLUSION_FIELDS = ['conclusionNumber', 'conclusionDate', 'conclusionSummary'] as const;

/** Only the department (its inspectors, with the permissions) moves an inspection. */
export const INSPECTION_ACTORS = ['inspector'] as const;
export type InspectionActor = (typeof INSPECTION_ACTORS)[number];

export type InspectionTransition = TransitionDecl<InspectionStatus, InspectionAction, InspectionActor>;

export const inspectionWorkflow = defineWorkflow({
  name: 'inspections.inspection',
  statuses: INSPECTION_STATUSES,
  actions: INSPECTION_ACTIONS,
  actors: INSPECTION_ACTORS,
  transitions: [
    { from: 'planned', action: 'edit', to: 'planned', actor: 'inspector' },
    { from: 'inProgress', action: 'edit', to: 'inProgress', actor: 'inspector' },
    {
      from: 'planned',
      action: 'start',
      to: 'inProgress',
      actor: 'inspector',
      needs: { confirm: true },
      notify: 'inspectionDecision',
    },
    // Concluded here; closed at once by the service when no requirement is to be followed up.
    {
      from: 'planned',
      action: 'conclude',
      to: 'concluded',
      actor: 'inspector',
      needs: { fields: CONCLUSION_FIELDS },
      notify: 'inspectionConcluded',
    },
    {
      from: 'inProgress',
      action: 'conclude',
      to: 'concluded',
      actor: 'inspector',
      needs: { fields: CONCLUSION_FIELDS },
      notify: 'inspectionConcluded',
    },
    { from: 'planned', action: 'cancel', to: 'cancelled', actor: 'inspector', needs: { reason: true } },
    { from: 'inProgress', action: 'cancel', to: 'cancelled', actor: 'inspector', needs: { reason: true } },
    // Only a record that never reached the employer as a finding may be removed; it keeps its status in the trash.
    { from: 'planned', action: 'delete', to: 'planned', actor: 'inspector', needs: { confirm: true } },
    { from: 'cancelled', action: 'delete', to: 'cancelled', actor: 'inspector', needs: { confirm: true } },
  ],
});

export const INSPECTION_TRANSITIONS: readonly InspectionTransition[] = inspectionWorkflow.transitions;

export function inspectionTransition(from: InspectionStatus, action: InspectionAction): InspectionTransition | null {
  return inspectionWorkflow.find(from, action);
}

export function inspectionActions(status: InspectionStatus): InspectionAction[] {
  return inspectionWorkflow.actionsFor(status);
}

export const REQUIREMENT_STATUSES = ['open', 'answered', 'accepted', 'returned'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export const REQUIREMENT_ACTIONS = ['answer', 'accept', 'return'] as const;
export type RequirementAction = (typeof REQUIREMENT_ACTIONS)[number];

/** The employer answers; the department (inspectors) accepts or returns. */
export const REQUIREMENT_ACTORS = ['employer', 'inspector'] as const;
export type RequirementActor = (typeof REQUIREMENT_ACTORS)[number];

export type RequirementTransition = TransitionDecl<RequirementStatus, RequirementAction, RequirementActor>;

export const requirementWorkflow = defineWorkflow({
  name: 'inspections.requirement',
  statuses: REQUIREMENT_STATUSES,
  actions: REQUIREMENT_ACTIONS,
  actors: REQUIREMENT_ACTORS,
  transitions: [
    {
      from: 'open',
      action: 'answer',
      to: 'answered',
      actor: 'employer',
      needs: { fields: ['text'] },
      notify: 'inspectionAnswered',
    },
    {
      from: 'returned',
      action: 'answer',
      to: 'answered',
      actor: 'employer',
      needs: { fields: ['text'] },
      notify: 'inspectionAnswered',
    },
    { from: 'answered', action: 'accept', to: 'accepted', actor: 'inspector', needs: { confirm: true } },
    {
      from: 'answered',
      action: 'return',
      to: 'returned',
      actor: 'inspector',
      needs: { reason: true },
      notify: 'inspectionAnswerReturned',
    },
  ],
});

export const REQUIREMENT_TRANSITIONS: readonly RequirementTransition[] = requirementWorkflow.transitions;

export function requirementTransition(
  from: RequirementStatus,
  action: RequirementAction,
): RequirementTransition | null {
  return requirementWorkflow.find(from, action);
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
