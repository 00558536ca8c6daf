import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/permits/rules';
import { createTestApp, type TestApp } from './support/app.ts';
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

/**
 * A request's draft keeps whatever is filled (only the worker is needed); values given are still checked, and
 * completeness is checked when it is submitted: one field error per missing field, like any validation error.
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

interface ErrorBody {
  error: { code: string; message: string; details: { field?: string; code?: string; message: string }[] };
}
const errorOf = (res: { json(): unknown }) => (res.json() as ErrorBody).error;
const fieldsOf = (res: { json(): unknown }) => errorOf(res).details.map((d) => d.field);

const LICENSE_FIELDS = [
  'passportNumber',
  'position',
  'workForm',
  'jobTitle',
  'workplace',
  'requestedFrom',
  'requestedTo',
];

describe('a draft saves with what is filled', () => {
  it('a new-permit draft with only the worker saves, is refused on submit field by field, and submits once filled', async () => {
    const workerId = await createWorker(t, w.businessA.id);
    const created = await call(w.employerA, 'POST', 'add-require-license', { workerId });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({
      status: 'draft',
      workerId,
      passportNumber: null,
      position: null,
      workForm: null,
      jobTitle: null,
      workplace: null,
      requestedFrom: null,
      requestedTo: null,
    });

    // The employer's and the department's lists both cope with the empty fields.
    const list = await call(w.employerA, 'GET', `workerLicenses?workerId=${workerId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().pageLists).toEqual([expect.objectContaining({ id: draft.id, jobTitle: null })]);

    // Documents first: the missing fields are still what refuses it, before the files are looked at.
    await fillRequired(call, w.employerA, draft.id, 'new');
    const refused = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: draft.version });
    expect(refused.statusCode, refused.body).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Hồ sơ còn thiếu thông tin, cần bổ sung trước khi nộp');
    expect(fieldsOf(refused)).toEqual(LICENSE_FIELDS.map((f) => `body.${f}`));
    expect(error.details.every((d) => d.code === 'required')).toBe(true);
    expect(error.details[0]!.message).toBe('Chưa nhập số hộ chiếu');
    expect((await call(w.employerA, 'GET', `worker-license/${draft.id}`)).json()).toMatchObject({ status: 'draft' });

    // Part of it filled: only what is still missing is named.
    const part = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: draft.id,
      version: draft.version,
      passportNumber: 'm12345678',
      jobTitle: 'Kỹ sư vận hành dây chuyền',
      requestedFrom: addDays(today(), 10),
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ passportNumber: 'M12345678', requestedFrom: addDays(today(), 10) });
    const still = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: part.json().version });
    expect(still.statusCode).toBe(400);
    expect(fieldsOf(still)).toEqual(['body.position', 'body.workForm', 'body.workplace', 'body.requestedTo']);

    const full = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: draft.id,
      version: part.json().version,
      ...newRequest(workerId),
    });
    expect(full.statusCode, full.body).toBe(200);
    const sent = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: full.json().version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', position: 'expert' });

    // The department reads it in its queue.
    const queue = await call(w.department, 'GET', `workerLicenses?status=submitted&workerId=${workerId}`);
    expect(queue.json().pageLists).toEqual([expect.objectContaining({ id: draft.id })]);
  });

  it('values that are given are still checked: a date must be a real date, and the period rules apply', async () => {
    const workerId = await createWorker(t, w.businessA.id);
    const badDate = await call(w.employerA, 'POST', 'add-require-license', { workerId, requestedFrom: '2026-02-30' });
    expect(badDate.statusCode, badDate.body).toBe(400);
    expect(errorOf(badDate).code).toBe('VALIDATION');
    expect(errorOf(badDate).details).toEqual([
      expect.objectContaining({ field: 'body.requestedFrom', message: 'Ngày không hợp lệ' }),
    ]);
    const reversed = await call(w.employerA, 'POST', 'add-require-license', {
      workerId,
      requestedFrom: addDays(today(), 30),
      requestedTo: addDays(today(), 10),
    });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).details).toEqual([
      expect.objectContaining({ field: 'body.requestedTo', message: 'Ngày kết thúc phải sau ngày bắt đầu' }),
    ]);
    const badValues = await call(w.employerA, 'POST', 'add-require-license', {
      workerId,
      passportNumber: 'A 1',
      position: 'boss',
    });
    expect(badValues.statusCode).toBe(400);
    expect(fieldsOf(badValues).sort()).toEqual(['body.passportNumber', 'body.position']);
    // No worker, no draft: it is what the request is about.
    const noWorker = await call(w.employerA, 'POST', 'add-require-license', { jobTitle: 'Kỹ sư' });
    expect(noWorker.statusCode).toBe(400);
    expect(fieldsOf(noWorker)).toEqual(['body.workerId']);
    // Nothing of these was saved: the worker is still free.
    const ok = await call(w.employerA, 'POST', 'add-require-license', { workerId, requestedFrom: '' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().requestedFrom).toBeNull();

    const badEdit = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: ok.json().id,
      version: ok.json().version,
      requestedTo: '2026-13-01',
    });
    expect(badEdit.statusCode).toBe(400);
    expect(fieldsOf(badEdit)).toEqual(['body.requestedTo']);
  });

  it('an edit empties what is sent empty and keeps what is not sent', async () => {
    const made = await requestIn(w, 'draft');
    const res = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: made.id,
      version: made.version,
      jobTitle: '',
      position: null,
      requestedTo: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      jobTitle: null,
      position: null,
      requestedTo: null,
      passportNumber: 'M12345678',
      workplace: 'Xưởng rang xay, phường Xuân Hương - Đà Lạt',
      requestedFrom: addDays(today(), 10),
    });
    const refused = await call(w.employerA, 'POST', 'submit-require', { id: made.id, version: res.json().version });
    expect(fieldsOf(refused)).toEqual(['body.position', 'body.jobTitle', 'body.requestedTo']);
  });

  it('a returned request may be saved incomplete, and is not sent again until it is complete', async () => {
    const made = await requestIn(w, 'returned');
    const cleared = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: made.id,
      version: made.version,
      workplace: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const refused = await call(w.employerA, 'POST', 'submit-require', { id: made.id, version: cleared.json().version });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['body.workplace']);
    const fixed = await call(w.employerA, 'PUT', 'edit-require-license', {
      id: made.id,
      version: cleared.json().version,
      workplace: 'Nhà máy chế biến, Bảo Lộc',
    });
    const sent = await call(w.employerA, 'POST', 'submit-require', { id: made.id, version: fixed.json().version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('submitted');
  });

  it('a confirmation draft with only the worker saves; its submission needs the ground, and its detail for "other"', async () => {
    const workerId = await createWorker(t, w.businessA.id);
    const created = await call(w.employerA, 'POST', 'add-require-confirm', { workerId });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    const refused = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: draft.version });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([
      'body.passportNumber',
      'body.exemptionGround',
      'body.jobTitle',
      'body.workplace',
      'body.requestedFrom',
      'body.requestedTo',
    ]);
    const other = await call(w.employerA, 'PUT', 'edit-require-confirm', {
      id: draft.id,
      version: draft.version,
      ...confirmRequest(workerId, { exemptionGround: 'other' }),
    });
    expect(other.statusCode, other.body).toBe(200);
    const noDetail = await call(w.employerA, 'POST', 'submit-require', { id: draft.id, version: other.json().version });
    expect(noDetail.statusCode).toBe(400);
    expect(errorOf(noDetail).details).toEqual([
      expect.objectContaining({
        field: 'body.exemptionDetail',
        message: 'Chưa mô tả cụ thể trường hợp không thuộc diện cấp giấy phép',
      }),
    ]);
    const en = await t.request({
      method: 'POST',
      url: '/api/WorkerLicense/submit-require',
      headers: { ...w.employerA.headers, 'accept-language': 'en' },
      payload: { id: draft.id, version: other.json().version },
    });
    expect(errorOf(en).details[0]!.message).toBe('The ground for needing no permit is not described');
  });

  it('keeps one request in progress per worker, however little of the draft is filled', async () => {
    const workerId = await createWorker(t, w.businessA.id);
    const first = await call(w.employerA, 'POST', 'add-require-license', { workerId });
    expect(first.statusCode).toBe(201);
    const second = await call(w.employerA, 'POST', 'add-require-license', { workerId });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('OPEN_REQUEST_EXISTS');
    const confirm = await call(w.employerA, 'POST', 'add-require-confirm', { workerId });
    expect(confirm.statusCode).toBe(409);
    const options = (await call(w.employerA, 'GET', 'get-combobox-foreign-worker?take=100')).json() as {
      value: string;
      conflict: string | null;
    }[];
    expect(options.find((o) => o.value === workerId)?.conflict).toBe('openRequest');
  });
});
