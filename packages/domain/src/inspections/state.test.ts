import { describe, expect, it } from 'vitest';
import {
  INSPECTION_ACTIONS,
  INSPECTION_STATUSES,
  inspectionActions,
  inspectionTransition,
  isRequirementOverdue,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_STATUSES,
  requirementTransition,
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
});
