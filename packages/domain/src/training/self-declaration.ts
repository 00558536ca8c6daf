/**
 * An employer's self-declaration that it meets the conditions of a class A training organisation, so it may train
 * its own workers of groups 4 and 6 (Decree 44/2016 Art 26 as amended by Decree 140/2018 Art 1.11), as one
 * explicit table:
 *
 *   draft ──submit──▶ submitted ──acknowledge──▶ acknowledged   (the employer's unit becomes class A)
 *     │                   │
 *     │                   └──refuse (reason)──▶ refused ──resubmit──▶ resubmitted ──acknowledge / refuse──▶ …
 *     └── edit, delete (the declarant, while draft or refused)
 *
 * - The declarant is the employer (or the authority user who filed it for the employer).
 * - The reviewer is the department: it acknowledges (tiếp nhận) or refuses with a reason.
 * - The facts are checked when the file is sent, against the class A conditions in force that day: reference data
 *   the department keeps (catalog/areas/training-class-condition.ts), not numbers of the code.
 */
export const SELF_DECLARATION_STATUSES = ['draft', 'submitted', 'resubmitted', 'acknowledged', 'refused'] as const;
export type SelfDeclarationStatus = (typeof SELF_DECLARATION_STATUSES)[number];

export const SELF_DECLARATION_ACTIONS = ['edit', 'submit', 'resubmit', 'acknowledge', 'refuse', 'delete'] as const;
export type SelfDeclarationAction = (typeof SELF_DECLARATION_ACTIONS)[number];

export type SelfDeclarationActor = 'declarant' | 'reviewer';

export interface SelfDeclarationTransition {
  from: SelfDeclarationStatus;
  action: SelfDeclarationAction;
  to: SelfDeclarationStatus | 'deleted';
  actor: SelfDeclarationActor;
  needsReason?: boolean;
}

export const SELF_DECLARATION_TRANSITIONS: readonly SelfDeclarationTransition[] = [
  { from: 'draft', action: 'edit', to: 'draft', actor: 'declarant' },
  { from: 'draft', action: 'submit', to: 'submitted', actor: 'declarant' },
  { from: 'draft', action: 'delete', to: 'deleted', actor: 'declarant' },
  { from: 'refused', action: 'edit', to: 'refused', actor: 'declarant' },
  { from: 'refused', action: 'resubmit', to: 'resubmitted', actor: 'declarant' },
  { from: 'refused', action: 'delete', to: 'deleted', actor: 'declarant' },
  { from: 'submitted', action: 'acknowledge', to: 'acknowledged', actor: 'reviewer' },
  { from: 'submitted', action: 'refuse', to: 'refused', actor: 'reviewer', needsReason: true },
  { from: 'resubmitted', action: 'acknowledge', to: 'acknowledged', actor: 'reviewer' },
  { from: 'resubmitted', action: 'refuse', to: 'refused', actor: 'reviewer', needsReason: true },
];

export function selfDeclarationTransition(
  from: SelfDeclarationStatus,
  action: SelfDeclarationAction,
  actor: SelfDeclarationActor,
): SelfDeclarationTransition | null {
  return SELF_DECLARATION_TRANSITIONS.find((t) => t.from === from && t.action === action && t.actor === actor) ?? null;
}

/** What an actor may do to a declaration in a status (buttons in the page, checks in the API). */
export function selfDeclarationActions(
  status: SelfDeclarationStatus,
  actor: SelfDeclarationActor,
): SelfDeclarationAction[] {
  return SELF_DECLARATION_TRANSITIONS.filter((t) => t.from === status && t.actor === actor).map((t) => t.action);
}

/** Which side takes an action. */
export function selfDeclarationSide(action: SelfDeclarationAction): SelfDeclarationActor {
  return SELF_DECLARATION_TRANSITIONS.find((t) => t.action === action)?.actor ?? 'declarant';
}

/** Statuses waiting for the department. */
export const SELF_DECLARATION_WAITING: readonly SelfDeclarationStatus[] = ['submitted', 'resubmitted'];

/** The trainers a declaration names: one a line (or separated by ";"), blanks ignored. */
export function trainerNamesOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\n;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The acknowledgement's number: sequence/year/TCB-HLA (tự công bố huấn luyện hạng A). */
export const acknowledgementNumber = (sequence: number, year: number): string =>
  `${String(sequence).padStart(4, '0')}/${year}/TCB-HLA`;
