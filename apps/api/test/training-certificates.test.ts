import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { importRows } from '../src/catalog/import.ts';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { generateWorkers } from '../src/modules/workers/generate.ts';
import { clock } from '../src/platform/clock/index.ts';
import { randomAddress, sessionWith, signIn } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';

/**
 * Training credentials (Decree 44/2016 Art 24): validity from the group rule in force on the issue date, the
 * current/superseded/revoked status kept right on every write, requests filed, submitted, refused and issued by the
 * right side, numbers gap-free per issuer and year (concurrent issues too), the issuer rule, the PDF with its QR,
 * the public verification without personal data, data scopes and bad input.
 */
let t: TestApp;
let system: OpContext;
const db = () => t.database.db;
const today = () => clock.today();
const year = () => Number(today().slice(0, 4));

const headers = new Map<string, Record<string, string>>();
async function as(userName: string): Promise<Record<string, string>> {
  if (!headers.has(userName)) headers.set(userName, (await signIn(t, { userName, password: DEMO_PASSWORD })).headers);
  return headers.get(userName)!;
}

type Who = string | null;
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: who ? await as(who) : {},
    remoteAddress: randomAddress(),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const CERT = '/api/TrainingCertificate';
const REQ = '/api/TrainingCertificateRequest';

let coffee: string; // dn.caudatxanh's employer
let flowers: string; // dn.rauhoa's employer
let trainer: string; // TTHL_ATLD
let otherTrainer: string; // a second training body
let otherTrainerUser: Record<string, string>;
const groups: Record<string, string> = {};

async function idOf(table: 'business' | 'unit', code: string): Promise<string> {
  return (await sql<{ id: string }>`select id from ${sql.table(table)} where code = ${code}`.execute(db())).rows[0]!.id;
}

let workerSerial = 0;
/** New workers of an employer (the demo's are taken by the demo courses), stored as an import stores them. */
async function workersOf(businessId: string, count: number): Promise<string[]> {
  workerSerial += 1;
  const code = businessId === coffee ? '5801234577' : '5807654320';
  const rows = generateWorkers(`chung-nhan:${workerSerial}`, count, {
    referenceDate: '2025-07-01',
    foreignShare: 0,
  }).map((w) => ({ ...w, businessId: code, address: null }));
  const outcome = await importRows(catalogOperations('worker'), system, rows, { dryRun: false });
  expect(
    outcome.data.every((r) => r.isSuccess),
    JSON.stringify(outcome.data.find((r) => !r.isSuccess)),
  ).toBe(true);
  return outcome.data.map((r) => r.id!);
}

let courseSerial = 0;
/** A course held for `businessId` by `trainerUnitId`, with participants passed (and `failed` ones). */
async function course(
  businessId: string,
  trainerUnitId: string | null,
  group: string,
  passed: string[],
  failed: string[] = [],
): Promise<string> {
  courseSerial += 1;
  const start = addDays(today(), -20);
  const created = await catalogOperations('training').create(system, {
    code: `HL-TEST-${courseSerial}-${Math.random().toString(36).slice(2, 7)}`,
    name: `Khóa huấn luyện thử nghiệm ${courseSerial}`,
    businessId,
    targetTrainingId: groups[group],
    trainerUnitId,
    startDate: start,
    endDate: addDays(start, 2),
    hours: 56,
  });
  const add = async (ids: string[], result: string) =>
    ids.length &&
    (await sql`insert into training_worker (training_id, worker_id, result)
      select ${created.id}::uuid, w, ${result} from unnest(${ids}::uuid[]) as w`.execute(db()));
  await add(passed, 'passed');
  await add(failed, 'failed');
  return created.id;
}

async function credential(id: string) {
  return (
    await sql<{
      status: string;
      validUntil: string | null;
      number: string;
      deleted: boolean;
    }>`select status, valid_until::text as "validUntil", certificate_number as number, deleted_at is not null as deleted
      from training_certificate where id = ${id}::uuid`.execute(db())
  ).rows[0]!;
}

let recordSerial = 0;
/** A credential recorded through the catalogue's operations, as the department (system) would. */
async function record(workerId: string, group: string, issuedOn: string, over: Record<string, unknown> = {}) {
  recordSerial += 1;
  return catalogOperations('trainingCertificate').create(system, {
    certificateNumber: `GHI-${recordSerial}-${Math.random().toString(36).slice(2, 8)}`,
    workerId,
    targetTrainingId: groups[group],
    issuedOn,
    ...over,
  });
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  coffee = await idOf('business', '5801234577');
  flowers = await idOf('business', '5807654320');
  trainer = await idOf('unit', 'TTHL_ATLD');
  for (const r of (await sql<{ id: string; code: string }>`select id, code from target_training`.execute(db())).rows)
    groups[r.code] = r.id;
  // A second training body, class C (every group), with its own code: its numbers never meet TTHL_ATLD's.
  otherTrainer = (
    await db()
      .insertInto('unit')
      .values({ kind: 'training_body', code: 'TTHL_KHAC', name: 'Trung tâm huấn luyện thử nghiệm khác' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await catalogOperations('trainingOrganization').create(system, {
    code: 'TCHL-KHAC',
    unitId: otherTrainer,
    className: 'C',
    certificateNumber: 'GCN-KHAC/2020',
    validFrom: '2020-01-01',
  });
  await catalogOperations('trainingOrganization').create(system, {
    code: 'TCHL-TTHL-C',
    unitId: trainer,
    className: 'C',
    certificateNumber: 'GCN-TTHL-C/2020',
    validFrom: '2020-01-01',
  });
  otherTrainerUser = (
    await sessionWith(t, {
      unitId: otherTrainer,
      permissions: [
        'TrainingCertificate.read',
        'TrainingCertificate.create',
        'TrainingCertificate.update',
        'TrainingCertificateRequest.read',
        'TrainingCertificateRequest.create',
        'TrainingCertificateRequest.update',
        'Training.read',
      ],
    })
  ).headers;
  headers.set('other-trainer', otherTrainerUser);
}, 240_000);
afterAll(async () => t?.close());

describe('demo credentials', () => {
  it('gives the demo courses their logbook entries and certificates, and a request waiting for the training body', async () => {
    const logbook = await sql<{
      number: string;
      credential: string;
      validUntil: string;
      issuedOn: string;
      status: string;
    }>`
      select certificate_number as number, credential, valid_until::text as "validUntil", issued_on::text as "issuedOn", status
      from training_certificate where business_id = ${coffee}::uuid and credential = 'logbook' order by certificate_number`.execute(
      db(),
    );
    expect(logbook.rows).toHaveLength(40);
    expect(logbook.rows[0]).toMatchObject({ number: '5801234577-0001/2025/SO-HL', status: 'current' });
    expect(logbook.rows[39]!.number).toBe('5801234577-0040/2025/SO-HL');
    for (const r of logbook.rows) expect(r.validUntil).toBe(addMonths(r.issuedOn, 12));

    const certificates = await sql<{ business: string; validUntil: string; number: string }>`
      select business_id::text as business, valid_until::text as "validUntil", certificate_number as number
      from training_certificate where credential = 'certificate' and issuer_unit_id = ${trainer}::uuid`.execute(db());
    const soon = certificates.rows.filter((r) => r.business === coffee);
    const expired = certificates.rows.filter((r) => r.business === flowers);
    expect(soon.length).toBeGreaterThanOrEqual(2);
    expect(expired.length).toBeGreaterThanOrEqual(2);
    for (const r of soon) {
      expect(r.validUntil >= today() && r.validUntil <= addDays(today(), 30)).toBe(true);
      expect(r.number).toMatch(/^TTHL_ATLD-\d{4}\/\d{4}\/GCN-HL$/);
    }
    for (const r of expired) expect(r.validUntil < today()).toBe(true);

    const waiting = await call('huanluyen', 'GET', `${REQ}/trainingCertificateRequests?status=submitted`);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().pageLists).toEqual([
      expect.objectContaining({
        businessId: flowers,
        status: 'submitted',
        issuer: 'organization',
        trainerUnitId: trainer,
      }),
    ]);
    const tasks = await call('huanluyen', 'GET', '/api/Workspace/tasks');
    expect(tasks.json().tasks).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'training.certificateRequestsToIssue', count: 1 })]),
    );
  });
});

describe('validity and status', () => {
  it('is valid until the issue date plus the months of the rule in force on that date, whatever comes later', async () => {
    const [worker] = await workersOf(coffee, 1);
    const old = await record(worker!, 'NHOM-6', addDays(today(), -400));
    // NHOM-6 rule of 2016: 12 months, and its credential by default.
    expect(old).toMatchObject({ validUntil: addMonths(addDays(today(), -400), 12), credential: 'certificate' });
    // The department sets a longer validity from a later date on.
    const from = addDays(today(), -100);
    await catalogOperations('trainingGroupRule').create(system, {
      code: 'HL-NHOM-6-TEST',
      targetTrainingId: groups['NHOM-6'],
      minimumHours: 4,
      periodicPercent: 50,
      credential: 'certificate',
      issuer: 'organization',
      validityMonths: 36,
      legalBasis: 'Quy định thử nghiệm',
      validFrom: from,
    });
    const newer = await record(worker!, 'NHOM-6', addDays(today(), -10));
    expect(newer.validUntil).toBe(addMonths(addDays(today(), -10), 36));
    // The old credential keeps its date, even when it is saved again.
    expect((await credential(old.id)).validUntil).toBe(addMonths(addDays(today(), -400), 12));
    await catalogOperations('trainingCertificate').update(system, old.id, { ...old, note: 'Sửa ghi chú' });
    expect((await credential(old.id)).validUntil).toBe(addMonths(addDays(today(), -400), 12));
    // A rule without validity: the credential does not expire.
    const noLimit = await catalogOperations('trainingGroupRule').create(system, {
      code: 'HL-NHOM-5-TEST',
      targetTrainingId: groups['NHOM-5'],
      minimumHours: 56,
      periodicPercent: 50,
      credential: 'certificate',
      issuer: 'organization',
      legalBasis: 'Quy định thử nghiệm',
      validFrom: addDays(today(), -30),
    });
    expect(noLimit.validityMonths).toBeNull();
    expect((await record(worker!, 'NHOM-5', addDays(today(), -5))).validUntil).toBeNull();
  });

  it('keeps the newest live, unrevoked credential of a worker and group current on issue, delete, restore and revoke', async () => {
    const [worker] = await workersOf(coffee, 1);
    const first = await record(worker!, 'NHOM-3', addDays(today(), -300));
    expect((await credential(first.id)).status).toBe('current');
    const second = await record(worker!, 'NHOM-3', addDays(today(), -30));
    expect((await credential(first.id)).status).toBe('superseded');
    expect((await credential(second.id)).status).toBe('current');
    // An older one recorded later does not take the place of the newest.
    const older = await record(worker!, 'NHOM-3', addDays(today(), -600));
    expect((await credential(older.id)).status).toBe('superseded');
    expect((await credential(second.id)).status).toBe('current');

    const removed = await call('canbo.so', 'POST', `${CERT}/delete-training-certificates`, [second.id]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await credential(first.id)).status).toBe('current');
    const restored = await call('canbo.so', 'POST', '/api/RecycleBin/restore', {
      area: 'TrainingCertificate',
      ids: [second.id],
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await credential(second.id)).status).toBe('current');
    expect((await credential(first.id)).status).toBe('superseded');

    const revoked = await call('canbo.so', 'POST', `${CERT}/revoke`, { ids: [second.id], reason: 'Cấp nhầm người' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await credential(second.id)).status).toBe('revoked');
    expect((await credential(first.id)).status).toBe('current');
    const again = await call('canbo.so', 'POST', `${CERT}/revoke`, { ids: [second.id], reason: 'Lần hai' });
    expect(again.statusCode).toBe(409);
    // Moving a credential to another group gives the group it leaves its newest back.
    await catalogOperations('trainingCertificate').update(system, first.id, {
      ...(await catalogOperations('trainingCertificate').get(system, first.id)),
      targetTrainingId: groups['NHOM-2'],
    });
    expect((await credential(older.id)).status).toBe('current');
    expect((await credential(first.id)).status).toBe('current');
  });

  it('refuses a credential from a course the worker did not pass, or of another group, or issued in the future', async () => {
    const [passed, failed] = await workersOf(coffee, 2);
    const courseId = await course(coffee, trainer, 'NHOM-1', [passed!], [failed!]);
    const input = (workerId: string, over: Record<string, unknown> = {}) => ({
      certificateNumber: `KT-${Math.random().toString(36).slice(2, 9)}`,
      workerId,
      targetTrainingId: groups['NHOM-1'],
      trainingId: courseId,
      issuedOn: today(),
      ...over,
    });
    const bad = await call('canbo.so', 'POST', `${CERT}/trainingCertificates`, input(failed!));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'workerId' })]);
    const group = await call('canbo.so', 'POST', `${CERT}/trainingCertificates`, {
      ...input(passed!),
      targetTrainingId: groups['NHOM-4'],
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().error.details.map((d: { field: string }) => d.field)).toContain('targetTrainingId');
    const future = await call('canbo.so', 'POST', `${CERT}/trainingCertificates`, {
      ...input(passed!),
      issuedOn: addDays(today(), 3),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0].field).toBe('issuedOn');
    const good = await call('canbo.so', 'POST', `${CERT}/trainingCertificates`, input(passed!));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ businessId: coffee, status: 'current', credential: 'certificate' });
  });
});

describe('requests', () => {
  let requestId: string;
  let participants: string[];
  let failedWorker: string;
  const workflow = async (who: Who) => call(who, 'GET', `${REQ}/workflow/${requestId}`);

  beforeAll(async () => {
    participants = await workersOf(coffee, 3);
    failedWorker = (await workersOf(coffee, 1))[0]!;
    const courseId = await course(coffee, trainer, 'NHOM-1', participants, [failedWorker]);
    const created = await call('dn.caudatxanh', 'POST', `${REQ}/trainingCertificateRequests`, {
      code: 'CV-15/2026-CDX',
      trainingId: courseId,
      note: 'Đề nghị cấp giấy chứng nhận cho cán bộ quản lý',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      businessId: coffee,
      status: 'draft',
      filedBy: 'employer',
      issuer: 'organization',
      trainerUnitId: trainer,
      targetTrainingId: groups['NHOM-1'],
      participantCount: 3,
    });
    requestId = created.json().id;
  });

  it('names by default every participant who passed and holds no credential from the course', async () => {
    const res = await workflow('dn.caudatxanh');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.actions.sort()).toEqual(['delete', 'edit', 'submit']);
    expect(
      body.participants
        .filter((p: { selected: boolean }) => p.selected)
        .map((p: { workerId: string }) => p.workerId)
        .sort(),
    ).toEqual([...participants].sort());
    expect((await workflow('huanluyen')).json().actions).toEqual([]);
    expect((await workflow('canbo.so')).json().actions).toEqual([]);
    expect((await workflow('dn.rauhoa')).statusCode).toBe(404);
    expect((await workflow('other-trainer')).statusCode).toBe(404);
  });

  it('lets only the filer choose the participants, among those eligible', async () => {
    const failed = await call('dn.caudatxanh', 'PUT', `${REQ}/participants/${requestId}`, {
      workerIds: [failedWorker],
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.details[0]).toMatchObject({ field: 'workerIds.0' });
    const other = await call('huanluyen', 'PUT', `${REQ}/participants/${requestId}`, {
      workerIds: participants.slice(0, 2),
    });
    expect(other.statusCode).toBe(403);
    const two = await call('dn.caudatxanh', 'PUT', `${REQ}/participants/${requestId}`, {
      workerIds: participants.slice(0, 2),
    });
    expect(two.statusCode, two.body).toBe(200);
    const detail = await call('dn.caudatxanh', 'GET', `${REQ}/trainingCertificateRequests/${requestId}`);
    expect(detail.json().participantCount).toBe(2);
  });

  it('moves by role through the state table (403 for the wrong side, 409 for the wrong moment)', async () => {
    const steps: [Who, 'submit' | 'issue' | 'refuse' | 'edit' | 'delete', number, string?][] = [
      ['huanluyen', 'submit', 403],
      ['canbo.xuanhuong', 'submit', 403],
      ['dn.caudatxanh', 'issue', 403],
      ['dn.caudatxanh', 'submit', 200, 'submitted'],
      ['dn.caudatxanh', 'submit', 409],
      ['dn.caudatxanh', 'edit', 409],
      ['dn.caudatxanh', 'delete', 409],
      ['dn.caudatxanh', 'refuse', 403],
      ['canbo.so', 'issue', 403],
      ['other-trainer', 'issue', 404],
      ['huanluyen', 'refuse', 200, 'refused'],
      ['huanluyen', 'issue', 409],
      ['huanluyen', 'refuse', 409],
      ['dn.caudatxanh', 'edit', 200, 'refused'],
      ['dn.caudatxanh', 'submit', 200, 'submitted'],
      ['huanluyen', 'issue', 200, 'issued'],
      ['huanluyen', 'issue', 409],
      ['dn.caudatxanh', 'delete', 409],
    ];
    for (const [who, action, status, after] of steps) {
      const res =
        action === 'edit'
          ? await call(who, 'PUT', `${REQ}/trainingCertificateRequests/${requestId}`, {
              code: 'CV-15/2026-CDX',
              trainingId: (
                await sql<{ id: string }>`select training_id as id from training_certificate_request
                where id = ${requestId}::uuid`.execute(db())
              ).rows[0]!.id,
              note: 'Bổ sung hồ sơ',
            })
          : action === 'delete'
            ? await call(who, 'POST', `${REQ}/delete-training-certificate-requests`, [requestId])
            : await call(
                who,
                'POST',
                `${REQ}/${action}/${requestId}`,
                action === 'refuse' ? { reason: 'Thiếu biên bản kiểm tra kết quả huấn luyện' } : {},
              );
      expect(res.statusCode, `${who} ${action}: ${res.body}`).toBe(status);
      if (status >= 400) expect(res.json().error.message.length).toBeGreaterThan(0);
      if (after)
        expect((await call('canbo.so', 'GET', `${REQ}/trainingCertificateRequests/${requestId}`)).json().status).toBe(
          after,
        );
    }
    const issued = await sql<{ number: string; workerId: string; issuer: string }>`
      select c.certificate_number as number, c.worker_id as "workerId", c.issuer_unit_id::text as issuer
      from training_certificate_request_worker rw join training_certificate c on c.id = rw.certificate_id
      where rw.request_id = ${requestId}::uuid order by c.certificate_number`.execute(db());
    expect(issued.rows.map((r) => r.workerId).sort()).toEqual(participants.slice(0, 2).sort());
    expect(issued.rows.every((r) => r.issuer === trainer)).toBe(true);
    // The course's participant rows show their numbers.
    const rows = await sql<{ number: string | null }>`select certificate_number as number from training_worker
      where worker_id = any(${participants.slice(0, 2)}::uuid[]) and certificate_number like 'TTHL_ATLD-%'`.execute(
      db(),
    );
    expect(rows.rows).toHaveLength(2);
    // The employer was told of the refusal and of the credentials.
    const told = await sql<{ kind: string }>`select n.kind from notification n join app_user u on u.id = n.user_id
      where u.user_name = 'dn.caudatxanh' and n.kind like 'trainingCertificate%'`.execute(db());
    expect(told.rows.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['trainingCertificateRequestRefused', 'trainingCertificatesIssued']),
    );
    const staff = await sql<{
      n: number;
    }>`select count(*)::int as n from notification n join app_user u on u.id = n.user_id
      where u.user_name = 'huanluyen' and n.kind = 'trainingCertificateRequestSubmitted'`.execute(db());
    expect(staff.rows[0]!.n).toBeGreaterThanOrEqual(2);
    const print = await call('dn.caudatxanh', 'GET', `${CERT}/print-request/${requestId}`);
    expect(print.statusCode).toBe(200);
    expect((await readPdf(print.rawPayload)).pages).toBe(2);
  });

  it('counts refused requests for the filer in its workspace', async () => {
    const courseId = await course(flowers, trainer, 'NHOM-1', await workersOf(flowers, 2));
    const created = await call('dn.rauhoa', 'POST', `${REQ}/trainingCertificateRequests`, {
      code: 'CV-07/2026-RH',
      trainingId: courseId,
    });
    const id = created.json().id as string;
    expect((await call('dn.rauhoa', 'POST', `${REQ}/submit/${id}`)).statusCode).toBe(200);
    expect((await call('huanluyen', 'POST', `${REQ}/refuse/${id}`, { reason: 'Sai danh sách' })).statusCode).toBe(200);
    const tasks = (await call('dn.rauhoa', 'GET', '/api/Workspace/tasks')).json().tasks;
    expect(tasks).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'training.certificateRequestsRefused', count: 1 })]),
    );
    // A refused request may be withdrawn by its filer.
    expect((await call('dn.rauhoa', 'POST', `${REQ}/delete-training-certificate-requests`, [id])).statusCode).toBe(200);
  });

  it('lets a training unit file only for the courses it ran', async () => {
    const theirs = await course(coffee, trainer, 'NHOM-1', await workersOf(coffee, 1));
    const filed = await call('huanluyen', 'POST', `${REQ}/trainingCertificateRequests`, {
      code: 'TTHL-DN-01',
      trainingId: theirs,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ filedBy: 'organization', trainerUnitId: trainer, businessId: coffee });
    const notTheirs = await call('other-trainer', 'POST', `${REQ}/trainingCertificateRequests`, {
      code: 'KHAC-DN-01',
      trainingId: theirs,
    });
    expect(notTheirs.statusCode).toBeGreaterThanOrEqual(400);
    expect(notTheirs.statusCode).toBeLessThan(500);
    expect(notTheirs.json().error.details[0].field).toBe('trainingId');
  });
});

describe('issuing', () => {
  const sequenceOf = (number: string) => Number(/-(\d{4})\/\d{4}\//.exec(number)![1]);
  /** Every number of an issuer's series for the year, in order. */
  async function series(prefix: string, suffix: string): Promise<number[]> {
    const rows = await sql<{ number: string }>`select certificate_number as number from training_certificate
      where certificate_number like ${`${prefix}-%/${year()}/${suffix}`}`.execute(db());
    return rows.rows.map((r) => Number(r.number.slice(prefix.length + 1).split('/')[0])).sort((a, b) => a - b);
  }
  const gapFree = (numbers: number[]) => numbers.every((n, i) => n === i + 1);

  it('numbers each issuer gap-free per year, also when two issues run at once, and never twice', async () => {
    const aWorkers = await workersOf(coffee, 3);
    const a = await course(coffee, trainer, 'NHOM-1', aWorkers);
    const b = await course(flowers, trainer, 'NHOM-1', await workersOf(flowers, 3));
    const [one, two] = await Promise.all([
      call('huanluyen', 'POST', `${CERT}/issue-course/${a}`, {}),
      call('huanluyen', 'POST', `${CERT}/issue-course/${b}`, {}),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const numbers = [...one.json().numbers, ...two.json().numbers] as string[];
    expect(new Set(numbers).size).toBe(6);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^TTHL_ATLD-\\d{4}/${year()}/GCN-HL$`));
    const all = await series('TTHL_ATLD', 'GCN-HL');
    expect(gapFree(all)).toBe(true);

    // A refused issue takes no number: the next one follows on.
    const again = await call('huanluyen', 'POST', `${CERT}/issue-course/${a}`, {
      workerIds: aWorkers.slice(0, 1),
    });
    expect(again.statusCode).toBe(409);
    const c = await course(coffee, trainer, 'NHOM-1', await workersOf(coffee, 1));
    const next = await call('huanluyen', 'POST', `${CERT}/issue-course/${c}`, {});
    expect(next.statusCode, next.body).toBe(200);
    expect(sequenceOf(next.json().numbers[0])).toBe(all.length + 1);

    // The same course twice at once: one issues, the other finds nobody left; no credential twice.
    const d = await course(flowers, trainer, 'NHOM-1', await workersOf(flowers, 2));
    const both = await Promise.all([
      call('huanluyen', 'POST', `${CERT}/issue-course/${d}`, {}),
      call('huanluyen', 'POST', `${CERT}/issue-course/${d}`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const held = await sql<{
      n: number;
    }>`select count(*)::int as n from training_certificate where training_id = ${d}::uuid`.execute(db());
    expect(held.rows[0]!.n).toBe(2);
    expect(gapFree(await series('TTHL_ATLD', 'GCN-HL'))).toBe(true);

    // Another issuer's series starts at one: its prefix keeps the numbers apart in the province.
    const e = await course(coffee, otherTrainer, 'NHOM-2', await workersOf(coffee, 2));
    const other = await call('other-trainer', 'POST', `${CERT}/issue-course/${e}`, {});
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().numbers).toEqual([`TTHL_KHAC-0001/${year()}/GCN-HL`, `TTHL_KHAC-0002/${year()}/GCN-HL`]);
  });

  it('lets only the issuer the group rule names issue: the training unit that ran the course, or the employer', async () => {
    const group1 = await course(coffee, trainer, 'NHOM-1', await workersOf(coffee, 2));
    // An employer cannot issue a certificate of group 1.
    const employer = await call('dn.caudatxanh', 'POST', `${CERT}/issue-course/${group1}`, {});
    expect(employer.statusCode).toBe(403);
    // A training unit that did not run the course does not even see it.
    expect((await call('other-trainer', 'POST', `${CERT}/issue-course/${group1}`, {})).statusCode).toBe(404);
    // The department does not issue.
    expect((await call('canbo.so', 'POST', `${CERT}/issue-course/${group1}`, {})).statusCode).toBe(403);
    // A logbook entry (group 4) is the employer's to give, even for a course a training unit ran.
    const group4 = await course(coffee, trainer, 'NHOM-4', await workersOf(coffee, 2));
    expect((await call('huanluyen', 'POST', `${CERT}/issue-course/${group4}`, {})).statusCode).toBe(403);
    const logbook = await call('dn.caudatxanh', 'POST', `${CERT}/issue-course/${group4}`, {});
    expect(logbook.statusCode, logbook.body).toBe(200);
    expect(logbook.json().numbers[0]).toMatch(new RegExp(`^5801234577-\\d{4}/${year()}/SO-HL$`));
    // A safety card (group 3) too.
    const group3 = await course(coffee, otherTrainer, 'NHOM-3', await workersOf(coffee, 1));
    const card = await call('dn.caudatxanh', 'POST', `${CERT}/issue-course/${group3}`, {});
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().numbers[0]).toMatch(/THE-AT$/);
    // An employer records a group-1 certificate another organisation issued, but never as its own.
    const [worker] = await workersOf(coffee, 1);
    const own = await call('dn.caudatxanh', 'POST', `${CERT}/trainingCertificates`, {
      certificateNumber: 'NGOAI-001/2024',
      workerId: worker,
      targetTrainingId: groups['NHOM-1'],
      issuedOn: '2024-06-01',
      issuerUnitId: (await sql<{ id: string }>`select id from unit where business_id = ${coffee}::uuid`.execute(db()))
        .rows[0]!.id,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.details[0].field).toBe('issuerUnitId');
    const recorded = await call('dn.caudatxanh', 'POST', `${CERT}/trainingCertificates`, {
      certificateNumber: 'NGOAI-001/2024',
      workerId: worker,
      targetTrainingId: groups['NHOM-1'],
      issuedOn: '2024-06-01',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ issuerUnitId: null, validUntil: '2026-06-01', credential: 'certificate' });
    // The issuer's credentials are changed or revoked by the issuer or the department only.
    const issued = (
      await sql<{ id: string }>`select id from training_certificate where training_id = ${group3}::uuid`.execute(db())
    ).rows[0]!.id;
    expect((await call('huanluyen', 'POST', `${CERT}/revoke`, { ids: [issued], reason: 'x' })).statusCode).toBe(404);
    const tthl = (
      await sql<{ id: string }>`select id from training_certificate where issuer_unit_id = ${trainer}::uuid
      and business_id = ${coffee}::uuid and status = 'current' limit 1`.execute(db())
    ).rows[0]!.id;
    expect((await call('dn.caudatxanh', 'GET', `${CERT}/actions/${tthl}`)).json()).toEqual({ actions: ['print'] });
    expect((await call('huanluyen', 'GET', `${CERT}/actions/${tthl}`)).json().actions).toEqual([
      'print',
      'edit',
      'delete',
      'revoke',
    ]);
    expect((await call('dn.caudatxanh', 'POST', `${CERT}/revoke`, { ids: [tthl], reason: 'x' })).statusCode).toBe(403);
    expect((await call('dn.caudatxanh', 'POST', `${CERT}/delete-training-certificates`, [tthl])).statusCode).toBe(403);
  });
});

describe('documents and verification', () => {
  it('prints a credential with its number, name and dates, and a QR to its public page', async () => {
    const row = (
      await sql<{ id: string; number: string; issuedOn: string; validUntil: string; fullName: string }>`
        select c.id, c.certificate_number as number, c.issued_on::text as "issuedOn", c.valid_until::text as "validUntil",
          w.full_name as "fullName"
        from training_certificate c join worker w on w.id = c.worker_id
        where c.issuer_unit_id = ${trainer}::uuid and c.business_id = ${coffee}::uuid and c.status = 'current'
        order by c.certificate_number limit 1`.execute(db())
    ).rows[0]!;
    const res = await call('dn.caudatxanh', 'GET', `${CERT}/print/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const pdf = await readPdf(res.rawPayload);
    const text = pdf.text.replace(/\s+/g, ' ');
    const dmy = (d: string) => d.split('-').reverse().join('/');
    for (const expected of [
      'GIẤY CHỨNG NHẬN HUẤN LUYỆN AN TOÀN, VỆ SINH LAO ĐỘNG',
      row.number,
      row.fullName,
      dmy(row.issuedOn),
      dmy(row.validUntil),
      'TRUNG TÂM HUẤN LUYỆN AN TOÀN LAO ĐỘNG LÂM ĐỒNG',
    ])
      expect(text).toContain(expected);
    expect(pdf.qrCodes).toEqual([`${t.config.publicUrl.replace(/\/+$/, '')}/tra-cuu-chung-nhan-huan-luyen/${row.id}`]);
    // Another employer, or nobody, gets nothing.
    expect((await call('dn.rauhoa', 'GET', `${CERT}/print/${row.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${CERT}/print/${row.id}`)).statusCode).toBe(401);
  });

  it('verifies a credential publicly with only the allowed facts, and its status', async () => {
    const KEYS = ['credential', 'fullName', 'group', 'issuedOn', 'issuer', 'number', 'status', 'validUntil'];
    const one = async (where: ReturnType<typeof sql>) =>
      (
        await sql<{
          id: string;
          number: string;
        }>`select c.id, c.certificate_number as number from training_certificate c
          where c.deleted_at is null and ${where} order by c.certificate_number limit 1`.execute(db())
      ).rows[0]!;
    const valid = await one(sql`c.status = 'current' and c.valid_until > ${today()}::date`);
    const res = await call(
      null,
      'GET',
      `${CERT}/public-lookup?number=${encodeURIComponent(valid.number.toLowerCase())}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(KEYS);
    expect(res.json()).toMatchObject({ number: valid.number, status: 'valid' });
    const byId = await call(null, 'GET', `${CERT}/public/${valid.id}`);
    expect(byId.json()).toEqual(res.json());

    const statusOf = async (where: ReturnType<typeof sql>) =>
      (await call(null, 'GET', `${CERT}/public/${(await one(where)).id}`)).json().status;
    expect(await statusOf(sql`c.status = 'current' and c.valid_until < ${today()}::date`)).toBe('expired');
    expect(await statusOf(sql`c.status = 'revoked'`)).toBe('revoked');
    expect(await statusOf(sql`c.status = 'superseded'`)).toBe('replaced');

    expect((await call(null, 'GET', `${CERT}/public-lookup?number=KHONG-CO-0001/2026/GCN-HL`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${CERT}/public/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${CERT}/public/khong-phai-uuid`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `${CERT}/public-lookup?number=a`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `${CERT}/public-lookup`)).statusCode).toBe(400);
  });
});

describe('scope and bad input', () => {
  it('shows each side only its own credentials and requests', async () => {
    const list = async (who: string, url: string) =>
      (await call(who, 'GET', `${url}?pageSize=500`)).json().pageLists as {
        businessId: string;
        issuerUnitId?: string;
      }[];
    const a = await list('dn.caudatxanh', `${CERT}/trainingCertificates`);
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((r) => r.businessId === coffee)).toBe(true);
    const trainerSees = await list('huanluyen', `${CERT}/trainingCertificates`);
    expect(trainerSees.length).toBeGreaterThan(0);
    expect(trainerSees.every((r) => r.issuerUnitId === trainer)).toBe(true);
    const district = await list('canbo.xuanhuong', `${CERT}/trainingCertificates`);
    expect(district.every((r) => r.businessId === coffee)).toBe(true);
    expect((await list('dn.rauhoa', `${REQ}/trainingCertificateRequests`)).every((r) => r.businessId === flowers)).toBe(
      true,
    );
    const other = (
      await sql<{
        id: string;
      }>`select id from training_certificate where business_id = ${flowers}::uuid limit 1`.execute(db())
    ).rows[0]!.id;
    expect((await call('dn.caudatxanh', 'GET', `${CERT}/trainingCertificates/${other}`)).statusCode).toBe(404);
    expect((await call('dn.caudatxanh', 'POST', `${CERT}/revoke`, { ids: [other], reason: 'x' })).statusCode).toBe(404);
  });

  it('answers bad input with a 4xx and the error body', async () => {
    const bad: [Who, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['canbo.so', 'POST', `${CERT}/revoke`, { ids: [], reason: 'x' }],
      ['canbo.so', 'POST', `${CERT}/revoke`, { ids: ['khong-phai-uuid'], reason: 'x' }],
      ['canbo.so', 'POST', `${CERT}/revoke`, { ids: ['00000000-0000-4000-8000-000000000000'], reason: '' }],
      ['canbo.so', 'POST', `${CERT}/revoke`, 'khong-phai-json'],
      ['huanluyen', 'POST', `${CERT}/issue-course/khong-phai-uuid`, {}],
      ['huanluyen', 'POST', `${CERT}/issue-course/00000000-0000-4000-8000-000000000000`, {}],
      ['huanluyen', 'POST', `${CERT}/issue-course/00000000-0000-4000-8000-000000000000`, { issuedOn: '2026-02-30' }],
      ['huanluyen', 'POST', `${CERT}/issue-course/00000000-0000-4000-8000-000000000000`, { workerIds: ['x'] }],
      ['huanluyen', 'POST', `${REQ}/refuse/00000000-0000-4000-8000-000000000000`, {}],
      ['dn.caudatxanh', 'PUT', `${REQ}/participants/00000000-0000-4000-8000-000000000000`, { workerIds: 'x' }],
      ['dn.caudatxanh', 'POST', `${REQ}/trainingCertificateRequests`, {}],
      ['dn.caudatxanh', 'POST', `${REQ}/trainingCertificateRequests`, { trainingId: 'x' }],
      ['dn.caudatxanh', 'GET', `${CERT}/print/khong-phai-uuid`],
      ['dn.caudatxanh', 'GET', `${CERT}/print-request/00000000-0000-4000-8000-000000000000`],
      [null, 'POST', `${CERT}/revoke`, { ids: ['00000000-0000-4000-8000-000000000000'], reason: 'x' }],
    ];
    for (const [who, method, url, payload] of bad) {
      const res = await call(who, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
    // A future issue date is refused beside its field.
    const courseId = await course(coffee, trainer, 'NHOM-1', await workersOf(coffee, 1));
    const future = await call('huanluyen', 'POST', `${CERT}/issue-course/${courseId}`, {
      issuedOn: addDays(today(), 5),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0].field).toBe('issuedOn');
  });
});
