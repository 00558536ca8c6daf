import { describe, expect, it } from 'vitest';
import {
  actorFor,
  allowedActions,
  checkTransition,
  effectiveStatus,
  PERMIT_ACTIONS,
  PERMIT_ACTORS,
  PERMIT_STATUSES,
  TRANSITIONS,
  type PermitAction,
  type PermitActor,
  type PermitStatus,
} from './state.ts';

/** The whole table, written out once more by hand: a change to the machine must change this test too. */
const EXPECTED: Record<string, string> = {
  'draft edit applicant': 'draft',
  'draft submit applicant': 'submitted',
  'draft delete applicant': 'deleted',
  'submitted return reviewer': 'returned',
  'submitted approve reviewer': 'approved',
  'submitted reject reviewer': 'rejected',
  'submitted attach reviewer': 'submitted',
  'returned edit applicant': 'returned',
  'returned submit applicant': 'submitted',
  'returned delete applicant': 'deleted',
  'approved attach reviewer': 'approved',
  'approved extend applicant': 'approved',
  'approved renew applicant': 'approved',
  'approved expire system': 'expired',
};

describe('permit state machine', () => {
  it('allows exactly the moves of the table, for every status × action × actor', () => {
    for (const from of PERMIT_STATUSES) {
      for (const action of PERMIT_ACTIONS) {
        for (const actor of PERMIT_ACTORS) {
          const key = `${from} ${action} ${actor}`;
          const check = checkTransition(from, action, actor);
          if (EXPECTED[key]) {
            expect(check, key).toEqual({
              ok: true,
              to: EXPECTED[key],
              needsReason: action === 'return' || action === 'reject',
            });
          } else {
            expect(check.ok, key).toBe(false);
          }
        }
      }
    }
    expect(TRANSITIONS).toHaveLength(Object.keys(EXPECTED).length);
  });

  it('tells "not your step" (actor) from "not now" (state)', () => {
    // The employer never approves; the department never submits.
    expect(checkTransition('submitted', 'approve', 'applicant')).toEqual({ ok: false, reason: 'actor' });
    expect(checkTransition('draft', 'submit', 'reviewer')).toEqual({ ok: false, reason: 'actor' });
    // The department approves, but not a draft nor twice; the employer edits, but not once submitted.
    expect(checkTransition('draft', 'approve', 'reviewer')).toEqual({ ok: false, reason: 'state' });
    expect(checkTransition('approved', 'approve', 'reviewer')).toEqual({ ok: false, reason: 'state' });
    expect(checkTransition('submitted', 'edit', 'applicant')).toEqual({ ok: false, reason: 'state' });
    expect(checkTransition('rejected', 'submit', 'applicant')).toEqual({ ok: false, reason: 'state' });
    expect(checkTransition('expired', 'extend', 'applicant')).toEqual({ ok: false, reason: 'state' });
    // Nobody at all.
    expect(checkTransition('draft', 'edit', null)).toEqual({ ok: false, reason: 'actor' });
  });

  it('final statuses allow nothing but what the department attaches to a valid permit', () => {
    const finals: PermitStatus[] = ['rejected', 'expired'];
    for (const s of finals) {
      for (const actor of PERMIT_ACTORS) expect(allowedActions(s, actor), `${s} ${actor}`).toEqual([]);
    }
    expect(allowedActions('approved', 'reviewer')).toEqual(['attach']);
    expect(allowedActions('approved', 'applicant')).toEqual(['extend', 'renew']);
  });

  it('lists the buttons each side sees', () => {
    const cases: [PermitStatus, PermitActor, PermitAction[]][] = [
      ['draft', 'applicant', ['edit', 'submit', 'delete']],
      ['draft', 'reviewer', []],
      ['submitted', 'applicant', []],
      ['submitted', 'reviewer', ['return', 'approve', 'reject', 'attach']],
      ['returned', 'applicant', ['edit', 'submit', 'delete']],
      ['returned', 'reviewer', []],
    ];
    for (const [status, actor, actions] of cases)
      expect(allowedActions(status, actor), `${status} ${actor}`).toEqual(actions);
    expect(allowedActions('draft', null)).toEqual([]);
  });

  it('derives expired from the last valid day, in string (calendar) order', () => {
    expect(effectiveStatus('approved', '2026-03-31', '2026-03-31')).toBe('approved');
    expect(effectiveStatus('approved', '2026-03-31', '2026-04-01')).toBe('expired');
    expect(effectiveStatus('submitted', '2020-01-01', '2026-04-01')).toBe('submitted');
    expect(effectiveStatus('approved', null, '2026-04-01')).toBe('approved');
  });

  it('names the actor: own employer → applicant, department reviewer → reviewer, others → nobody', () => {
    const employer = { employerId: 'A', wholeProvince: false, canReview: false, canEdit: true };
    expect(actorFor(employer, 'A')).toBe('applicant');
    expect(actorFor(employer, 'B')).toBeNull();
    expect(actorFor({ ...employer, canEdit: false }, 'A')).toBeNull();
    // An employer user granted review by mistake still only applies for its own employer.
    expect(actorFor({ ...employer, canReview: true }, 'B')).toBeNull();
    expect(actorFor({ employerId: null, wholeProvince: true, canReview: true, canEdit: true }, 'A')).toBe('reviewer');
    // A district officer (part of the province) reads only.
    expect(actorFor({ employerId: null, wholeProvince: false, canReview: true, canEdit: true }, 'A')).toBeNull();
    expect(actorFor({ employerId: null, wholeProvince: true, canReview: false, canEdit: true }, 'A')).toBeNull();
  });
});
