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
import { defineWorkflow, filerMoves, type TransitionDecl } from '../workflow/index.ts';

export const SELF_DECLARATION_STATUSES = ['draft', 'submitted', 'resubmitted', 'acknowledged', 'refused'] as const;
export type SelfDeclarationStatus = (typeof SELF_DECLARATION_STATUSES)[number];

export const SELF_DECLARATION_ACTIONS = ['edit', 'submit', 'resubmit', 'acknowledge', 'refuse', 'delete'] as const;
export type SelfDeclarationAction = (typeof SELF_DECLARATION_ACTIONS)[number];

export type SelfDeclarationActor = 'declarant' | 'reviewer';

export const selfDeclarationWorkflow = defineWorkflow({
  name: 'training.selfDeclaration',
  statuses: SELF_DECLARATION_STATUSES,
  actions: SELF_DECLARATION_ACTIONS,
  actors: ['declarant', 'reviewer'],
  transitions: [
    ...filerMoves('declarant', [
      { status: 'draft', send: 'submit', to: 'submitted' },
      { status: 'refused', send: 'resubmit', to: 'resubmitted' },
    ]),
    { from: 'submitted', action: 'acknowledge', to: 'acknowledged', actor: 'reviewer', needs: { confirm: true } },
    { from: 'submitted', action: 'refuse', to: 'refused', actor: 'reviewer', needs: { reason: true } },
    { from: 'resubmitted', action: 'acknowledge', to: 'acknowledged', actor: 'reviewer', needs: { confirm: true } },
    { from: 'resubmitted', action: 'refuse', to: 'refused', actor: 'reviewer', needs: { reason: true } },
  ],
});

export type SelfDeclarationTransition = TransitionDecl<
  SelfDeclarationStatus,
  SelfDeclarationAction,
  SelfDeclarationActor
>;
export const SELF_DECLARATION_TRANSITIONS: readonly SelfDeclarationTransition[] = selfDeclarationWorkflow.transitions;

export function selfDeclarationTransition(
  from: SelfDeclarationStatus,
  action: SelfDeclarationAction,
  actor: SelfDeclarationActor,
): SelfDeclarationTransition | null {
  return selfDeclarationWorkflow.find(from, action, actor);
}

/** What an actor may do to a declaration in a status (buttons in the page, checks in the API). */
export function selfDeclarationActions(
  status: SelfDeclarationStatus,
  actor: SelfDeclarationActor,
): SelfDeclarationAction[] {
  return selfDeclarationWorkflow.actionsFor(status, actor);
}

/** Which side takes an action. */
export function selfDeclarationSide(action: SelfDeclarationAction): SelfDeclarationActor {
  return selfDeclarationWorkflow.actorOf(action);
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
