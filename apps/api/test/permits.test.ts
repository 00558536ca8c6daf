import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, maxValidTo } from '@portal/domain/permits/rules';
import type { StoredStatus } from '@portal/domain/permits/state';
import { createTestApp, type TestApp } from './support/app.ts';
import type { Session } from './support/accounts.ts';
import {
  caller,
  confirmRequest,
  createWorker,
  fillRequired,
  newRequest,
  permitsWorld,
  requestIn,
  today,
  type Call,
  type PermitsWorld,
} from './permits.fixtures.ts';

let t: TestApp;
let w: PermitsWorld;
let call: Call;

beforeAll(async () => {
  t = await createTestApp();
  w = await permitsWorld(t);
  call = caller(t);
});
afterAll(async () => t?.close());

const errorCode = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('a request walks its whole life', () => {
  it('employer files with its documents → department returns it → employer fixes → department grants a number and validity', async () => {
    const workerId = await createWorker(t, w.businessA.id, 'JP', 'Tanaka Hiroshi');
    const created = await call(w.employerA, 'POST', 'add-require-license', newRequest(workerId));
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({
      kind: 'new',
      status: 'draft',
      number: null,
      workerName: 'Tanaka Hiroshi',
      nationality: 'JP',
      passportNumber: 'M12345678',
      version: 1,
    });
    expect(draft.allowedActions).toEqual(['edit', 'submit', 'delete']);

    // The department does not see drafts.
    expect((await call(w.department, 'GET', `worker-license/${draft.id}`)).statusCode).toBe(404);

    // Submitting without the documents names what is missing.
    const early = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('FILES_MISSING');
    expect(early.json().error.message).toContain('Giấy chứng nhận sức khỏe');
    expect(early.json().error.details.map((d: { field: string }) => d.field)).toContain('files.photos');

    await fillRequired(call, w.employerA, draft.id, 'new');
    const submitted = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: 1 });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', version: 2, allowedActions: [] });

    // The department's licensing list shows it waiting.
    const queue = await call(w.department, 'GET', 'workerLicenses?status=submitted&pageSize=200');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().pageLists.map((p: { id: string }) => p.id)).toContain(draft.id);
    const seen = await call(w.department, 'GET', `worker-license/${draft.id}`);
    expect(seen.json().allowedActions).toEqual(['return', 'approve', 'reject', 'attach']);
    expect(seen.json().proposedValidity).toMatchObject({
      validFrom: newRequest(workerId).requestedFrom,
      fixedFrom: false,
      fixedTo: false,
    });

    const returned = await call(w.department, 'POST', 'return-require', {
      id: draft.id,
      version: 2,
      reason: 'Phiếu lý lịch tư pháp đã quá 6 tháng',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned', returnReason: 'Phiếu lý lịch tư pháp đã quá 6 tháng' });

    // The employer sees the reason, fixes the request (and a document) and sends it again.
    const back = await call(w.employerA, 'GET', `worker-license/${draft.id}`);
    expect(back.json()).toMatchObject({
      status: 'returned',
      returnReason: 'Phiếu lý lịch tư pháp đã quá 6 tháng',
      allowedActions: ['edit', 'submit', 'delete'],
    });
    const edited = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: draft.id,
      version: 3,
      jobTitle: 'Chuyên gia rang xay cà phê đặc sản',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ jobTitle: 'Chuyên gia rang xay cà phê đặc sản', version: 4 });
    const again = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: 4 });
    expect(again.json().status).toBe('submitted');

    const validFrom = today();
    const validTo = addDays(today(), 700);
    const approved = await call(w.department, 'POST', 'approve-require', {
      id: draft.id,
      version: 5,
      validFrom,
      validTo,
      note: 'Cấp theo hồ sơ',
    });
    expect(approved.statusCode).toBe(200);
    const permit = approved.json();
    expect(permit).toMatchObject({ status: 'approved', validFrom, validTo, decisionNote: 'Cấp theo hồ sơ' });
    expect(permit.number).toMatch(new RegExp(`^LĐ-\\d{2}-${today().slice(0, 4)}-\\d{6}$`));
    expect(permit.decidedByName).toBeTruthy();
    expect(permit.history.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'submit',
      'return',
      'submit',
      'approve',
    ]);
    expect(permit.history[2]).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'returned',
      reason: 'Phiếu lý lịch tư pháp đã quá 6 tháng',
    });

    // The employer sees the number, and may now ask for an extension or a renewal.
    const mine = await call(w.employerA, 'GET', `worker-license/${draft.id}`);
    expect(mine.json()).toMatchObject({
      number: permit.number,
      validFrom,
      validTo,
      allowedActions: ['extend', 'renew'],
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', 'WorkerLicense')
      .where('record_id', '=', draft.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'file_upload', 'submit', 'return', 'update', 'approve']),
    );
  });
});

describe('who may move a request, in which state', () => {
  type Role = 'employerA' | 'department' | 'employerB' | 'district';
  type Move = 'edit' | 'submit' | 'delete' | 'return' | 'approve' | 'reject';
  const roles: Role[] = ['employerA', 'department', 'employerB', 'district'];
  const moves: Move[] = ['edit', 'submit', 'delete', 'return', 'approve', 'reject'];
  const states: StoredStatus[] = ['draft', 'submitted', 'returned', 'approved', 'rejected'];

  /**
   * The table by role: 200 allowed; 403 FORBIDDEN no permission for the call, NOT_YOUR_STEP this side never takes
   * this step; 404 not visible to the caller; 409 INVALID_STATE not in this status.
   */
  function expected(role: Role, state: StoredStatus, move: Move): [number, string?] {
    const review = move === 'return' || move === 'approve' || move === 'reject';
    if (role === 'employerB') return review ? [403, 'FORBIDDEN'] : [404, 'NOT_FOUND'];
    if (role === 'district') {
      if (review) return [403, 'FORBIDDEN'];
      // Sees the submitted requests of its commune's employers, never moves them.
      return state === 'draft' ? [404, 'NOT_FOUND'] : [403, 'NOT_YOUR_STEP'];
    }
    if (role === 'department') {
      if (state === 'draft') return [404, 'NOT_FOUND']; // drafts stay the employer's own
      if (!review) return [403, 'NOT_YOUR_STEP'];
      return state === 'submitted' ? [200] : [409, 'INVALID_STATE'];
    }
    // Employer A, the applicant.
    if (review) return [403, 'FORBIDDEN'];
    return state === 'draft' || state === 'returned' ? [200] : [409, 'INVALID_STATE'];
  }

  function body(move: Move, id: string, version: number) {
    switch (move) {
      case 'edit':
        return { id, version, jobTitle: 'Chuyên gia kỹ thuật' };
      case 'delete':
        return [id];
      case 'return':
      case 'reject':
        return { id, version, reason: 'Lý do thẩm định' };
      case 'approve':
        return { id, version, validFrom: today(), validTo: addDays(today(), 100) };
      default:
        return { id, version };
    }
  }
  const paths: Record<Move, ['POST' | 'PUT', string]> = {
    edit: ['PUT', 'edit-require-license'],
    submit: ['POST', 'submit-require'],
    delete: ['POST', 'delete-worker-license'],
    return: ['POST', 'return-require'],
    approve: ['POST', 'approve-require'],
    reject: ['POST', 'reject-require'],
  };
  const after: Partial<Record<Move, StoredStatus | 'deleted'>> = {
    submit: 'submitted',
    return: 'returned',
    approve: 'approved',
    reject: 'rejected',
    delete: 'deleted',
  };

  it('refuses every move the table does not allow and leaves the request as it was', async () => {
    const fixtures = Object.fromEntries(
      await Promise.all(states.map(async (s) => [s, await requestIn(w, s)] as const)),
    );
    const failures: string[] = [];
    for (const state of states) {
      const made = fixtures[state]!;
      for (const role of roles) {
        for (const move of moves) {
          const [want, code] = expected(role, state, move);
          if (want === 200) continue;
          const [method, path] = paths[move];
          const res = await call(w[role] as Session, method, path, body(move, made.id, made.version));
          const got = res.statusCode === want ? errorCode(res) : undefined;
          if (res.statusCode !== want || got !== code) {
            failures.push(
              `${role} ${move} ${state}: ${res.statusCode} ${got ?? ''} (want ${want} ${code}) ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
      const row = await t.database.db
        .selectFrom('work_permit')
        .select(['status', 'version', 'deleted_at'])
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(row, state).toMatchObject({ status: state, version: made.version, deleted_at: null });
    }
    expect(failures).toEqual([]);
  });

  it('performs every move the table allows', async () => {
    for (const state of states) {
      for (const role of roles) {
        for (const move of moves) {
          if (expected(role, state, move)[0] !== 200) continue;
          const made = await requestIn(w, state);
          // A returned request is resubmitted as it is; a draft needs its documents first.
          if (move === 'submit' && state === 'draft') await fillRequired(call, w.employerA, made.id, 'new');
          const [method, path] = paths[move];
          const res = await call(w[role] as Session, method, path, body(move, made.id, made.version));
          expect(res.statusCode, `${role} ${move} ${state}: ${res.body.slice(0, 200)}`).toBe(200);
          const row = await t.database.db
            .selectFrom('work_permit')
            .select(['status', 'deleted_at'])
            .where('id', '=', made.id)
            .executeTakeFirstOrThrow();
          const want = after[move] ?? state;
          if (want === 'deleted') expect(row.deleted_at).not.toBeNull();
          else expect(row.status, `${role} ${move} ${state}`).toBe(want);
        }
      }
    }
  });

  it('another user of the same employer shares its requests; a read-only user of it moves nothing', async () => {
    const made = await requestIn(w, 'draft');
    const edited = await call(w.employerA2, 'PUT', 'edit-require-license', {
      id: made.id,
      version: made.version,
      workplace: 'Bảo Lộc',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call(w.employerReader, 'GET', `worker-license/${made.id}`)).json().allowedActions).toEqual([]);
    expect(
      (await call(w.employerReader, 'PUT', 'edit-require-license', { id: made.id, version: 2, workplace: 'Di Linh' }))
        .statusCode,
    ).toBe(403);
  });

  it('a change based on an old version is refused with 409 (two reviewers, one decision)', async () => {
    const made = await requestIn(w, 'submitted');
    const first = await call(w.department, 'POST', 'return-require', {
      id: made.id,
      version: made.version,
      reason: 'Bổ sung hợp đồng lao động',
    });
    expect(first.statusCode).toBe(200);
    const second = await call(w.department, 'POST', 'approve-require', {
      id: made.id,
      version: made.version,
      validFrom: today(),
      validTo: addDays(today(), 30),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('STALE_VERSION');
    expect(second.json().error.message).toMatch(/tải lại/);
  });
});

describe('two employers see only their own', () => {
  it('lists, details, files and linked requests of another employer are not there', async () => {
    const a = await requestIn(w, 'approved');
    const workerB = await createWorker(t, w.businessB.id, 'CN');
    const b = (await call(w.employerB, 'POST', 'add-require-license', newRequest(workerB))).json();

    const listA = (await call(w.employerA, 'GET', 'workerLicenses?pageSize=200')).json();
    const listB = (await call(w.employerB, 'GET', 'workerLicenses?pageSize=200')).json();
    expect(listA.pageLists.every((p: { businessId: string }) => p.businessId === w.businessA.id)).toBe(true);
    expect(listB.pageLists.map((p: { id: string }) => p.id)).toEqual([b.id]);
    expect(listB.totalRecord).toBe(1);
    // Asking for the other employer by filter changes nothing: the scope comes from the token.
    expect((await call(w.employerB, 'GET', `workerLicenses?businessId=${w.businessA.id}`)).json().totalRecord).toBe(0);

    expect((await call(w.employerB, 'GET', `worker-license/${a.id}`)).statusCode).toBe(404);
    expect((await call(w.employerB, 'GET', `list-file-requires?licenseId=${a.id}`)).statusCode).toBe(404);
    expect((await call(w.employerB, 'GET', `list-file-in-worker-license?licenseId=${a.id}`)).statusCode).toBe(404);
    const fileA = (await call(w.employerA, 'GET', `list-file-requires?licenseId=${a.id}`)).json()[0].file.id;
    expect((await call(w.employerB, 'GET', `download-file-require/${fileA}`)).statusCode).toBe(404);
    expect((await call(w.employerB, 'POST', 'delete-file-require', [fileA])).statusCode).toBe(404);
    expect((await call(w.employerB, 'POST', 'require-extend', { parentId: a.id, ...extendFields() })).statusCode).toBe(
      404,
    );
    expect((await call(w.employerB, 'POST', 'require-renew', { parentId: a.id, renewReason: 'lost' })).statusCode).toBe(
      404,
    );
    // Nor can it file for the other employer's worker.
    const foreign = await call(w.employerB, 'POST', 'add-require-license', newRequest(a.workerId));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({ code: 'WORKER_NOT_FOUND', details: [{ field: 'body.workerId' }] });
    // Its picker offers only its own foreign workers.
    const options = (await call(w.employerB, 'GET', 'get-combobox-foreign-worker')).json();
    expect(options.map((o: { value: string }) => o.value)).toEqual([workerB]);
    // The worker's own passport prefills the form.
    expect(options[0]).toMatchObject({ nationality: 'CN', passportNumber: expect.stringMatching(/^P\d{8}$/) });
    // The worker already has a request in progress (b, a draft): flagged in the picker at once, except for b itself.
    expect(options[0].conflict).toBe('openRequest');
    const editing = (await call(w.employerB, 'GET', `get-combobox-foreign-worker?exceptId=${b.id}`)).json();
    expect(editing[0].conflict).toBeNull();
    // An approved permit still valid blocks a new permit for the worker, but not a confirmation.
    const approvedFor = (await call(w.employerA, 'GET', 'get-combobox-foreign-worker?take=100')).json();
    expect(approvedFor.find((o: { value: string }) => o.value === a.workerId).conflict).toBe('alreadyValid');
    const confirmFor = (await call(w.employerA, 'GET', 'get-combobox-foreign-worker?take=100&kind=confirm')).json();
    expect(confirmFor.find((o: { value: string }) => o.value === a.workerId).conflict).toBeNull();

    // The department sees both (once submitted); the commune unit only its employers'.
    const dept = (await call(w.department, 'GET', 'workerLicenses?pageSize=200')).json();
    expect(dept.pageLists.map((p: { id: string }) => p.id)).toContain(a.id);
    expect(dept.pageLists.map((p: { id: string }) => p.id)).not.toContain(b.id); // a draft
    const commune = (await call(w.district, 'GET', 'workerLicenses?pageSize=200')).json();
    expect(commune.pageLists.every((p: { businessId: string }) => p.businessId === w.businessA.id)).toBe(true);
    expect(commune.pageLists.map((p: { id: string }) => p.id)).toContain(a.id);
  });
});

function extendFields(over: Record<string, unknown> = {}) {
  return {
    passportNumber: 'M12345678',
    position: 'expert',
    jobTitle: 'Chuyên gia kỹ thuật',
    workplace: 'Đà Lạt',
    workForm: 'labourContract',
    requestedTo: addDays(today(), 365 + 300),
    ...over,
  };
}

describe('filing rules', () => {
  it('refuses Vietnamese workers, a second open request and a new permit while one is valid', async () => {
    const vn = await createWorker(t, w.businessA.id, 'VN');
    const refused = await call(w.employerA, 'POST', 'add-require-license', newRequest(vn));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('WORKER_NOT_FOREIGN');

    const made = await requestIn(w, 'submitted');
    const second = await call(w.employerA, 'POST', 'add-require-confirm', confirmRequest(made.workerId));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('OPEN_REQUEST_EXISTS');

    const granted = await requestIn(w, 'approved');
    const again = await call(w.employerA, 'POST', 'add-require-license', newRequest(granted.workerId));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_VALID');
    expect(again.json().error.message).toMatch(/LĐ-\d{2}-\d{4}-\d{6}/);
  });

  it('only employer users file requests', async () => {
    const worker = await createWorker(t, w.businessA.id);
    const res = await call(w.department, 'POST', 'add-require-license', newRequest(worker));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('APPLICANT_ONLY');
  });

  it('numbers approvals in sequence per year, XN- for confirmations, and checks the validity granted', async () => {
    const one = await requestIn(w, 'approved');
    const two = await requestIn(w, 'approved');
    const n1 = (await call(w.employerA, 'GET', `worker-license/${one.id}`)).json().number as string;
    const n2 = (await call(w.employerA, 'GET', `worker-license/${two.id}`)).json().number as string;
    expect(Number(n2.slice(-6))).toBe(Number(n1.slice(-6)) + 1);

    const confirm = await requestIn(w, 'approved', 'confirm');
    const c = (await call(w.employerA, 'GET', `worker-confirm/${confirm.id}`)).json();
    expect(c.number).toMatch(/^XN-\d{2}-\d{4}-000001$/);
    // The spec's two detail calls keep to their kinds.
    expect((await call(w.employerA, 'GET', `worker-license/${confirm.id}`)).statusCode).toBe(404);
    expect((await call(w.employerA, 'GET', `worker-confirm/${one.id}`)).statusCode).toBe(404);

    const pending = await requestIn(w, 'submitted');
    const tooLong = await call(w.department, 'POST', 'approve-require', {
      id: pending.id,
      version: pending.version,
      validFrom: today(),
      validTo: addDays(maxValidTo(today()), 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'APPROVAL_INVALID',
      details: [{ field: 'body.validTo', code: 'periodTooLong' }],
    });
    expect(tooLong.json().error.details[0].message).toContain(maxValidTo(today()).slice(0, 4));
    const over = await call(w.department, 'POST', 'approve-require', {
      id: pending.id,
      version: pending.version,
      validFrom: addDays(today(), -40),
      validTo: addDays(today(), -1),
    });
    expect(over.json().error.details[0].code).toBe('alreadyOver');
  });

  it('derives expired from the last valid day: the list filters it and nothing moves it any more', async () => {
    const made = await requestIn(w, 'approved');
    await t.database.db
      .updateTable('work_permit')
      .set({ valid_from: addDays(today(), -400), valid_to: addDays(today(), -1) })
      .where('id', '=', made.id)
      .execute();
    const d = (await call(w.employerA, 'GET', `worker-license/${made.id}`)).json();
    expect(d).toMatchObject({ status: 'expired', allowedActions: [], extendBlocker: 'notValid' });
    const expired = (await call(w.employerA, 'GET', 'workerLicenses?status=expired&pageSize=200')).json();
    expect(expired.pageLists.map((p: { id: string }) => p.id)).toContain(made.id);
    const valid = (await call(w.employerA, 'GET', 'workerLicenses?status=approved&pageSize=200')).json();
    expect(valid.pageLists.map((p: { id: string }) => p.id)).not.toContain(made.id);
    const ext = await call(w.employerA, 'POST', 'require-extend', { parentId: made.id, ...extendFields() });
    expect(ext.statusCode).toBe(409);
    expect(ext.json().error.code).toBe('INVALID_STATE');
    // With it expired, a new permit may be filed for the worker.
    expect((await call(w.employerA, 'POST', 'add-require-license', newRequest(made.workerId))).statusCode).toBe(201);
  });

  it('extends a permit once, from the day after it ends; a renewal keeps its end', async () => {
    const made = await requestIn(w, 'approved');
    const parent = (await call(w.employerA, 'GET', `worker-license/${made.id}`)).json();
    const ext = await call(w.employerA, 'POST', 'require-extend', { parentId: made.id, ...extendFields() });
    expect(ext.statusCode).toBe(201);
    expect(ext.json()).toMatchObject({
      kind: 'extend',
      status: 'draft',
      parentId: made.id,
      parent: { id: made.id, number: parent.number },
    });
    // One open request per permit.
    const twice = await call(w.employerA, 'POST', 'require-renew', { parentId: made.id, renewReason: 'lost' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/chưa xử lý xong/);

    const id = ext.json().id as string;
    await fillRequired(call, w.employerA, id, 'extend');
    await call(w.employerA, 'POST', 'submit-require', { id, version: 1 });
    const review = (await call(w.department, 'GET', `worker-license/${id}`)).json();
    expect(review.proposedValidity).toMatchObject({ validFrom: addDays(parent.validTo, 1), fixedFrom: true });
    const wrongStart = await call(w.department, 'POST', 'approve-require', {
      id,
      version: 2,
      validFrom: today(),
      validTo: addDays(today(), 30),
    });
    expect(wrongStart.json().error.details[0]).toMatchObject({ field: 'body.validFrom', code: 'extensionStart' });
    const ok = await call(w.department, 'POST', 'approve-require', {
      id,
      version: 2,
      validFrom: review.proposedValidity.validFrom,
      validTo: review.proposedValidity.validTo,
    });
    expect(ok.statusCode).toBe(200);

    // Extended once: neither the permit nor its extension can be extended again.
    expect((await call(w.employerA, 'GET', `worker-license/${made.id}`)).json().extendBlocker).toBe('alreadyExtended');
    const third = await call(w.employerA, 'POST', 'require-extend', { parentId: id, ...extendFields() });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: 'EXTEND_BLOCKED', details: [{ code: 'alreadyExtended' }] });

    // Renewal of the extension: keeps its remaining validity.
    const renew = await call(w.employerA, 'POST', 'require-renew', {
      parentId: id,
      renewReason: 'detailsChanged',
      passportNumber: 'n9876543',
    });
    expect(renew.statusCode).toBe(201);
    expect(renew.json()).toMatchObject({ kind: 'renew', passportNumber: 'N9876543', renewReason: 'detailsChanged' });
    const rid = renew.json().id as string;
    await fillRequired(call, w.employerA, rid, 'renew');
    await call(w.employerA, 'POST', 'submit-require', { id: rid, version: 1 });
    const extended = (await call(w.employerA, 'GET', `worker-license/${id}`)).json();
    const wrongEnd = await call(w.department, 'POST', 'approve-require', {
      id: rid,
      version: 2,
      validFrom: today(),
      validTo: addDays(extended.validTo, -1),
    });
    expect(wrongEnd.json().error.details[0].code).toBe('renewalEnd');
    expect(
      (
        await call(w.department, 'POST', 'approve-require', {
          id: rid,
          version: 2,
          validFrom: today(),
          validTo: extended.validTo,
        })
      ).statusCode,
    ).toBe(200);
    // Replaced: further requests go from the renewal.
    expect((await call(w.employerA, 'GET', `worker-license/${id}`)).json().renewBlocker).toBe('replaced');
    expect((await call(w.employerA, 'GET', `worker-license/${rid}`)).json()).toMatchObject({
      extendBlocker: 'alreadyExtended',
      renewBlocker: null,
    });
  });
});

describe('bad input is a 4xx with the error body, never a 500', () => {
  it('explains field errors in the request language, with the rule that failed', async () => {
    const worker = await createWorker(t, w.businessA.id);
    const long = await call(
      w.employerA,
      'POST',
      'add-require-license',
      newRequest(worker, { requestedTo: addDays(today(), 800) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('VALIDATION');
    expect(long.json().error.details).toEqual([
      expect.objectContaining({
        field: 'body.requestedTo',
        message: expect.stringMatching(/^Thời hạn tối đa là 2 năm/),
      }),
    ]);
    const en = await t.request({
      method: 'POST',
      url: '/api/WorkerLicense/add-require-license',
      headers: { ...w.employerA.headers, 'accept-language': 'en' },
      // An empty job title is only not filled yet (a draft); values given must be valid.
      payload: newRequest(worker, { jobTitle: '', position: 'boss', passportNumber: 'A 1' }),
    });
    expect(en.statusCode).toBe(400);
    const fields = en
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['body.passportNumber', 'body.position']);
    expect(en.json().error.message).toBe('The data is not valid');
    expect(en.json().error.details.find((d: { field: string }) => d.field === 'body.passportNumber').message).toMatch(
      /5–20 letters or digits/,
    );
  });

  it('answers 400 for malformed ids, bodies and filters, 404 for unknown ids', async () => {
    const cases: [string, string, unknown, number][] = [
      ['GET', 'worker-license/not-a-uuid', undefined, 400],
      ['GET', 'worker-license/00000000-0000-4000-8000-000000000000', undefined, 404],
      ['GET', 'workerLicenses?status=archived', undefined, 400],
      ['GET', 'workerLicenses?pageSize=100000', undefined, 400],
      ['GET', 'list-file-requires', undefined, 400],
      ['POST', 'submit-require', { id: '00000000-0000-4000-8000-000000000000' }, 400],
      ['POST', 'submit-require', { id: '00000000-0000-4000-8000-000000000000', version: 1 }, 404],
      ['POST', 'delete-worker-license', [], 400],
      ['POST', 'delete-worker-license', ['x'], 400],
      [
        'PUT',
        'edit-require-license',
        { id: '00000000-0000-4000-8000-000000000000', version: 1, requestedFrom: '2026-13-40' },
        400,
      ],
      ['POST', 'add-require-confirm', { workerId: '00000000-0000-4000-8000-000000000000' }, 400],
      ['POST', 'require-extend', { parentId: '00000000-0000-4000-8000-000000000000', ...extendFields() }, 404],
    ];
    for (const [method, path, payload, status] of cases) {
      const res = await call(w.employerA, method as 'GET', path, payload);
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(res.json().error, path).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
        details: expect.any(Array),
      });
    }
    const broken = await t.request({
      method: 'POST',
      url: '/api/WorkerLicense/add-require-license',
      headers: { ...w.employerA.headers, 'content-type': 'application/json' },
      payload: '{"workerId":',
    });
    expect(broken.statusCode).toBe(400);
    expect((await call(null, 'GET', 'workerLicenses')).statusCode).toBe(401);
  });

  it('edits a confirmation only through its own call and keeps its ground rules for submission', async () => {
    const made = await requestIn(w, 'draft', 'confirm');
    const wrong = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: made.id,
      version: made.version,
      jobTitle: 'x',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('KIND_MISMATCH');
    // The "other" ground without its detail is saved (a draft) but not submitted.
    const other = await call(w.employerA, 'PUT', 'edit-require-confirm', {
      id: made.id,
      version: made.version,
      ...confirmRequest(made.workerId, { exemptionGround: 'other' }),
    });
    expect(other.statusCode).toBe(200);
    const unsent = await call(w.employerA, 'POST', 'submit-require', { id: made.id, version: other.json().version });
    expect(unsent.statusCode).toBe(400);
    expect(unsent.json().error.details).toEqual([expect.objectContaining({ field: 'body.exemptionDetail' })]);
    const ok = await call(w.employerA, 'PUT', 'edit-require-confirm', {
      id: made.id,
      version: other.json().version,
      ...confirmRequest(made.workerId, {
        exemptionGround: 'other',
        exemptionDetail: 'Tình nguyện viên theo chương trình hợp tác',
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ exemptionGround: 'other', version: made.version + 2 });
  });
});

describe('garbage in, a 4xx out', () => {
  it('every WorkerLicense route answers malformed input with the error body, never a 5xx', async () => {
    const made = await requestIn(w, 'submitted');
    const routes = t.app.routePermissions.filter((r) => r.url.startsWith('/api/WorkerLicense/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(21);
    const payloads: unknown[] = [
      undefined,
      {},
      [],
      'x',
      42,
      null,
      { id: 'x', version: 'one' },
      { id: made.id, version: -1, validFrom: '31/12/2026' },
      [made.id, 'x'],
      { ids: [] },
    ];
    const queries = [
      '',
      '?licenseId=x',
      `?licenseId=${made.id}&requirementCode=photos`,
      '?pageSize=-1&status=,',
      '?year=abc&sortBy=evil',
    ];
    const failures: string[] = [];
    for (const r of routes) {
      for (const session of [w.employerA, w.department]) {
        for (const id of r.url.includes(':id') ? ['x', '00000000-0000-4000-8000-000000000000', made.id] : ['']) {
          for (const query of r.method === 'GET' ? queries : queries.slice(0, 3)) {
            for (const payload of r.method === 'GET' ? [undefined] : payloads) {
              const url = `${r.url.replace(':id', id)}${query}`;
              const res = await t.request({
                method: r.method as 'GET',
                url,
                headers: {
                  ...session.headers,
                  ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
              });
              if (res.statusCode >= 500)
                failures.push(
                  `${r.method} ${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
                );
              else if (res.statusCode >= 400 && !res.json().error?.message)
                failures.push(`${r.method} ${url} → ${res.statusCode} without the error body`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('API documentation', () => {
  it('documents every spec call and the review calls', async () => {
    const doc = (await t.request('/api/docs/json')).json() as { paths: Record<string, unknown> };
    const calls = [
      'workerLicenses',
      'add-require-license',
      'add-require-confirm',
      'edit-require-license',
      'edit-require-confirm',
      'worker-license/{id}',
      'worker-confirm/{id}',
      'delete-worker-license',
      'list-file-in-worker-license',
      'add-file-to-license',
      'delete-file-in-license',
      'require-extend',
      'require-renew',
      'list-file-requires',
      'update-file-require',
      'download-file-require/{id}',
      'delete-file-require',
      'submit-require',
      'return-require',
      'approve-require',
      'reject-require',
    ];
    for (const c of calls) expect(Object.keys(doc.paths), c).toContain(`/api/WorkerLicense/${c}`);
    const stored = await sql<{ n: number }>`select count(*)::int as n from work_permit`.execute(t.database.db);
    expect(stored.rows[0]!.n).toBeGreaterThan(0);
  });
});
