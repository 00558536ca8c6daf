import { defineWorkflow, filerMoves } from '../workflow/index.ts';

/**
 * A declaration of machines put into use (khai báo máy, thiết bị — Law 84/2015 Art 30.2, Decree 44/2016 Art 16),
 * as one explicit table:
 *
 *   draft ──submit──▶ submitted ──confirm──▶ confirmed   (numbered giấy xác nhận khai báo)
 *     ▲                  │
 *     └──── edit ── refused ◀──refuse (reason)
 *
 * - The declarant is the employer: it lists its machines (one or many), attaches the inspection result, submits;
 *   a refused declaration may be corrected and submitted again.
 * - The reviewer is the department: it confirms with a number, or refuses with a reason.
 */
export const DECLARATION_STATUSES = ['draft', 'submitted', 'confirmed', 'refused'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

export const DECLARATION_ACTIONS = ['edit', 'submit', 'confirm', 'refuse', 'delete'] as const;
export type DeclarationAction = (typeof DECLARATION_ACTIONS)[number];

export type DeclarationActor = 'declarant' | 'reviewer';

export const declarationWorkflow = defineWorkflow({
  name: 'equipment.declaration',
  statuses: DECLARATION_STATUSES,
  actions: DECLARATION_ACTIONS,
  actors: ['declarant', 'reviewer'],
  transitions: [
    ...filerMoves('declarant', [
      { status: 'draft', send: 'submit', to: 'submitted', notify: 'equipmentDeclarationSubmitted' },
      { status: 'refused', send: 'submit', to: 'submitted', notify: 'equipmentDeclarationSubmitted' },
    ]),
    {
      from: 'submitted',
      action: 'confirm',
      to: 'confirmed',
      actor: 'reviewer',
      needs: { confirm: true },
      notify: 'equipmentDeclarationConfirmed',
    },
    {
      from: 'submitted',
      action: 'refuse',
      to: 'refused',
      actor: 'reviewer',
      needs: { reason: true },
      notify: 'equipmentDeclarationRefused',
    },
  ],
});

export const DECLARATION_TRANSITIONS = declarationWorkflow.transitions;

export function declarationTransition(from: DeclarationStatus, action: DeclarationAction, actor: DeclarationActor) {
  return declarationWorkflow.find(from, action, actor);
}

/** What an actor may do to a declaration in a status (buttons in the page, checks in the API). */
export function declarationActions(status: DeclarationStatus, actor: DeclarationActor): DeclarationAction[] {
  return declarationWorkflow.actionsFor(status, actor);
}

/** The confirmation's number: sequence/year/XNKB (xác nhận khai báo), taken in the confirming transaction. */
export const confirmationNumber = (sequence: number, year: number): string =>
  `${String(sequence).padStart(4, '0')}/${year}/XNKB`;
