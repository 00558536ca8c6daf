import { describe, expect, it } from 'vitest';
import type { AnyWorkflow } from '../workflow/index.ts';
import {
  INSPECTION_ACTIONS,
  INSPECTION_STATUSES,
  inspectionActions,
  inspectionTransition,
  inspectionWorkflow,
  isRequirementOverdue,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_STATUSES,
  requirementTransition,
  requirementWorkflow,
  statusAfterReview,
} from './state.ts';

describe('the inspection state machine', () => {
  it('allows exactly the table’s moves', () => {
    const allowed: Record<string, string> = {};
    for (const s of INSPECTION_STATUSES)
      for (const a of INSPECTION_ACTIONS) {
        const t = inspectionTransition(s, a);
        if (t) allowed[`${s}.${a}`] = t.to;
      }
    expect(allowed).toEqual({
      'planned.edit': 'planned',
      'planned.start': 'inProgress',
      'planned.conclude': 'concluded',
      'planned.cancel': 'cancelled',
      'planned.delete': 'planned',
      'inProgress.edit': 'inProgress',
      'inProgress.conclude': 'concluded',
      'inProgress.cancel': 'cancelled',
      'cancelled.delete': 'cancelled',
    });
    // Concluded and closed inspections are never edited again.
    expect(inspectionActions('concluded')).toEqual([]);
    expect(inspectionActions('closed')).toEqual([]);
  });

  it('lets the employer answer and the department accept or return, in that order', () => {
    const allowed: Record<string, string> = {};
    for (const s of REQUIREMENT_STATUSES)
      for (const a of REQUIREMENT_ACTIONS) {
        const t = requirementTransition(s, a);
        if (t) allowed[`${s}.${a}`] = `${t.to} by ${t.actor}`;
      }
    expect(allowed).toEqual({
      'open.answer': 'answered by employer',
      'returned.answer': 'answered by employer',
      'answered.accept': 'accepted by inspector',
      'answered.return': 'returned by inspector',
    });
  });

  it('closes when every requirement is accepted; overdue only while waiting for the employer', () => {
    expect(statusAfterReview(['accepted', 'accepted'])).toBe('closed');
    expect(statusAfterReview(['accepted', 'answered'])).toBe('concluded');
    expect(isRequirementOverdue('open', '2026-01-01', '2026-01-02')).toBe(true);
    expect(isRequirementOverdue('returned', '2026-01-01', '2026-01-02')).toBe(true);
    expect(isRequirementOverdue('open', '2026-01-02', '2026-01-02')).toBe(false);
    expect(isRequirementOverdue('answered', '2026-01-01', '2026-01-02')).toBe(false);
  });

  it('declares what each move asks for, whom it tells, and who takes it', () => {
    const asked = (w: AnyWorkflow) =>
      Object.fromEntries(w.actions.map((a) => [a, { needs: w.needsOf(a), notify: w.notificationOf(a) }]));
    expect(asked(inspectionWorkflow)).toEqual({
      edit: { needs: {}, notify: undefined },
      start: { needs: { confirm: true }, notify: 'inspectionDecision' },
      conclude: {
        needs: { fields: ['conclusionNumber', 'conclusionDate', 'conclusionSummary'] },
        notify: 'inspectionConcluded',
      },
      cancel: { needs: { reason: true }, notify: undefined },
      delete: { needs: { confirm: true }, notify: undefined },
    });
    expect(asked(requirementWorkflow)).toEqual({
      answer: { needs: { fields: ['text'] }, notify: 'inspectionAnswered' },
      accept: { needs: { confirm: true }, notify: undefined },
      return: { needs: { reason: true }, notify: 'inspectionAnswerReturned' },
    });
    // The department alone moves an inspection; on a requirement each side is refused the other's moves (403).
    expect(inspectionWorkflow.check('planned', 'start', null)).toEqual({ ok: false, reason: 'actor' });
    expect(requirementWorkflow.check('answered', 'accept', 'employer')).toEqual({ ok: false, reason: 'actor' });
    expect(requirementWorkflow.check('open', 'accept', 'inspector')).toEqual({ ok: false, reason: 'state' });
    expect(requirementWorkflow.actionsFor('answered', 'employer')).toEqual([]);
    expect(requirementWorkflow.actionsFor('returned', 'employer')).toEqual(['answer']);
  });
});
