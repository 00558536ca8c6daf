import { describe, expect, it } from 'vitest';
import { OVERTIME_ACTIONS, OVERTIME_STATUSES, overtimeWorkflow } from './model.ts';

describe('the overtime notification workflow', () => {
  it('lets the authority accept or return a submitted notice and the employer resubmit a returned one', () => {
    const allowed: Record<string, string> = {};
    for (const s of OVERTIME_STATUSES)
      for (const a of OVERTIME_ACTIONS) {
        const t = overtimeWorkflow.find(s, a);
        if (t) allowed[`${s}.${a}`] = `${t.to} by ${t.actor}`;
      }
    expect(allowed).toEqual({
      'submitted.accept': 'accepted by authority',
      'submitted.return': 'returned by authority',
      'returned.resubmit': 'submitted by employer',
    });
    // Accepted is final.
    expect(overtimeWorkflow.actionsFor('accepted')).toEqual([]);
  });

  it('asks a reason to return, and tells the other side of every move', () => {
    expect(overtimeWorkflow.needsOf('return')).toEqual({ reason: true });
    expect(OVERTIME_ACTIONS.filter((a) => overtimeWorkflow.needsReason(a))).toEqual(['return']);
    expect(OVERTIME_ACTIONS.map((a) => overtimeWorkflow.notificationOf(a))).toEqual([
      'overtimeAccepted',
      'overtimeReturned',
      'overtimeSubmitted',
    ]);
    // A side is refused the other's move (403), and a move from a status that has none (409).
    expect(overtimeWorkflow.check('submitted', 'accept', 'employer')).toEqual({ ok: false, reason: 'actor' });
    expect(overtimeWorkflow.check('submitted', 'resubmit', 'employer')).toEqual({ ok: false, reason: 'state' });
  });
});
