import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationWorkflow } from '@portal/domain/equipment/state';
import { permitWorkflow } from '@portal/domain/permits/state';
import { certificateRequestWorkflow } from '@portal/domain/training/certificates';
import { selfDeclarationWorkflow } from '@portal/domain/training/self-declaration';
import { createTestApp, type TestApp } from './support/app.ts';
import type { Session } from './support/accounts.ts';
import { caller, detailOf, permitsWorld, requestIn, today, type Call, type PermitsWorld } from './permits.fixtures.ts';
import { addDays } from '@portal/domain/permits/rules';
import { translate } from '@portal/domain/i18n';

/**
 * The workflow mechanism's properties, through a workflow served by it (work permits): each move is checked by the
 * declaration — an illegal move is refused with 409 and leaves the record as it was, a stale version is refused, a
 * declared reason is required, the declared notification is sent, and the actions a detail offers are exactly the
 * declaration's for the caller.
 */
let t: TestApp;
let w: PermitsWorld;
let call: Call;

beforeAll(async () => {
  t = await createTestApp();
  w = await permitsWorld(t);
  call = caller(t);
});
afterAll(async () => t?.close());

const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

async function stateOf(id: string) {
  const res = await detailOf(w, w.department, id);
  const d = res.json() as { status: string; version: number; history: unknown[] };
  return { status: d.status, version: d.version, moves: d.history.length };
}

/** The reviewer's moves the permit declaration has, with the body each needs. */
const REVIEW_PATHS: Record<string, { path: string; body: Record<string, unknown> }> = {
  return: { path: 'return-require', body: { reason: 'Thiếu bản dịch công chứng' } },
  reject: { path: 'reject-require', body: { reason: 'Không đáp ứng điều kiện' } },
  approve: { path: 'approve-require', body: { validFrom: today(), validTo: addDays(today(), 300) } },
};

describe('the workflow mechanism', () => {
  it('refuses a move the declaration does not allow from the status with 409, and leaves the record as it was', async () => {
    const made = await requestIn(w, 'returned');
    const before = await stateOf(made.id);
    for (const action of ['approve', 'reject', 'return'] as const) {
      expect(permitWorkflow.find('returned', action, 'reviewer')).toBeNull();
      const { path, body } = REVIEW_PATHS[action]!;
      const res = await call(w.department, 'POST', path, { id: made.id, version: made.version, ...body });
      expect(res.statusCode, res.body).toBe(409);
      expect(codeOf(res)).toBe('INVALID_STATE');
      // The refusal names the move and the status in words, never a message key.
      const message = (res.json() as { error: { message: string } }).error.message;
      expect(message).not.toMatch(/permits[.:]/);
      expect(message).toContain(translate('vi', `permits:actions.${action}`).toLocaleLowerCase('vi'));
      expect(message).toContain(translate('vi', 'permits:statuses.returned'));
    }
    expect(await stateOf(made.id)).toEqual(before);
  });

  it('refuses a move by the side that never takes it with 403', async () => {
    const made = await requestIn(w, 'submitted');
    expect(permitWorkflow.actorOf('approve')).toBe('reviewer');
    const res = await call(w.employerA, 'POST', 'approve-require', {
      id: made.id,
      version: made.version,
      ...REVIEW_PATHS.approve!.body,
    });
    // The employer lacks the review permission: refused before the workflow is asked, as 403 all the same.
    expect(res.statusCode, res.body).toBe(403);
    expect((await stateOf(made.id)).status).toBe('submitted');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const made = await requestIn(w, 'submitted');
    const before = await stateOf(made.id);
    const res = await call(w.department, 'POST', 'approve-require', {
      id: made.id,
      version: made.version - 1,
      ...REVIEW_PATHS.approve!.body,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(codeOf(res)).toBe('STALE_VERSION');
    expect(await stateOf(made.id)).toEqual(before);
  });

  it('requires the reason wherever the declaration says a move needs one', async () => {
    const needing = permitWorkflow.transitions.filter((x) => x.needs?.reason && x.actor === 'reviewer');
    expect(needing.map((x) => x.action).sort()).toEqual(['reject', 'return']);
    for (const transition of needing) {
      const made = await requestIn(w, transition.from as 'submitted');
      const { path } = REVIEW_PATHS[transition.action]!;
      for (const reason of [undefined, '', '   ']) {
        const res = await call(w.department, 'POST', path, {
          id: made.id,
          version: made.version,
          ...(reason === undefined ? {} : { reason }),
        });
        expect(res.statusCode, `${transition.action} ${JSON.stringify(reason)}: ${res.body}`).toBe(400);
      }
      expect((await stateOf(made.id)).status).toBe(transition.from);
    }
  });

  it('sends the notification each move declares, to the other side', async () => {
    const made = await requestIn(w, 'submitted');
    const kinds = async (session: Session) =>
      (
        await t.database.db
          .selectFrom('notification')
          .select('kind')
          .where('user_id', '=', (session as Session & { user: { id: string } }).user.id)
          .where('link', 'like', `%${made.id}%`)
          .execute()
      ).map((n) => n.kind);
    expect(await kinds(w.department)).toContain(permitWorkflow.notificationOf('submit'));
    const res = await call(w.department, 'POST', 'return-require', {
      id: made.id,
      version: made.version,
      reason: 'Thiếu bản dịch công chứng',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kinds(w.employerA)).toContain(permitWorkflow.notificationOf('return'));
    // The move is in the record's history, with its reason.
    expect(res.json().history.at(-1)).toMatchObject({
      action: 'return',
      fromStatus: 'submitted',
      toStatus: 'returned',
      reason: 'Thiếu bản dịch công chứng',
    });
  });

  it('offers in a detail exactly the moves the declaration gives the caller', async () => {
    for (const state of ['draft', 'submitted', 'returned', 'approved'] as const) {
      const made = await requestIn(w, state);
      const mine = (await detailOf(w, w.employerA, made.id)).json() as { allowedActions: string[] };
      const applicantMoves = permitWorkflow.actionsFor(state, 'applicant');
      expect(
        mine.allowedActions.every((a) => applicantMoves.includes(a as never)),
        state,
      ).toBe(true);
      if (state === 'draft') continue; // The department does not see drafts.
      const theirs = (await detailOf(w, w.department, made.id)).json() as { allowedActions: string[] };
      expect(theirs.allowedActions, state).toEqual(permitWorkflow.actionsFor(state, 'reviewer'));
    }
  });
});

describe('the declarations of the workflows it serves', () => {
  it('name a reason for every refusal-like move and a sender for every move', () => {
    for (const w of [permitWorkflow, declarationWorkflow, certificateRequestWorkflow, selfDeclarationWorkflow]) {
      for (const x of w.transitions) {
        if (['refuse', 'reject', 'return'].includes(x.action))
          expect(x.needs?.reason, `${w.name} ${x.action}`).toBe(true);
        expect(w.actors).toContain(x.actor);
      }
    }
  });
});
