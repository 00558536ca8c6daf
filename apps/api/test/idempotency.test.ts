import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/equipment/rules';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { clock } from '../src/platform/clock/index.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import { purgeIdempotencyKeys, WAIT_MS } from '../src/platform/idempotency/index.ts';
import { withIdempotencyKeys } from '../src/platform/idempotency/tables.ts';
import {
  createBusiness,
  createDistrictUnit,
  randomAddress,
  scopeFixture,
  sessionWith,
  type Session,
} from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { forkliftInspection } from './equipment.fixtures.ts';

/**
 * Creates that cannot double: a create sent again with the same `Idempotency-Key` answers the first result (same
 * record, same receipt number, one row), also when both arrive at once; the key is the caller's own, a reused
 * key asking something else is refused, a server error frees the key, an answer is kept 24 hours, and without
 * the header nothing changes.
 */
let t: TestApp;
let system: OpContext;
let employerA: Session & { user: { id: string } };
let employerB: Session & { user: { id: string } };
let communeA: Session & { user: { id: string } };
let businessA: { id: string; unitId: string };
let businessB: { id: string; unitId: string };
let reasonId: string;
let elementId: string;
let injuryId: string;
let occupationId: string;
let forklift: string;
let org: string;
let inspector: string;

const WARDS = ['2025:24781', '2025:24778'] as const;
const PERMISSIONS = [
  'AccidentDeclaration.read',
  'AccidentDeclaration.create',
  'AccidentDeclaration.update',
  'EquipmentDeclaration.read',
  'EquipmentDeclaration.create',
  'EquipmentDeclaration.update',
  'Equipment.read',
];
const PROBE = '/api/Test/idempotent-probe';
const PUBLIC_PROBE = '/api/Test/idempotent-public-probe';

/** What the probe routes do: how often they ran, and what the next runs must do. */
const probe = { runs: 0, failures: 0, hold: null as Promise<void> | null };

const probeRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (
    request: { body: unknown },
    reply: { status(code: number): { send(b: unknown): unknown } },
  ) => {
    probe.runs += 1;
    const run = probe.runs;
    if (probe.hold) await probe.hold;
    if (probe.failures > 0) {
      probe.failures -= 1;
      throw new Error('probe failure');
    }
    if ((request.body as { refuse?: boolean } | null)?.refuse) throw new AppError(409, 'CONFLICT');
    return reply.status(201).send({ run });
  };
  app.post(PROBE, { config: { permission: 'authenticated', idempotent: true } }, handler);
  app.post(PUBLIC_PROBE, { config: { permission: 'Auth.read', idempotent: true } }, handler);
};

const today = () => clock.today();

function post(session: Session | null, url: string, payload: unknown, key?: string, remoteAddress?: string) {
  return t.request({
    method: 'POST',
    url,
    headers: { ...(session ? session.headers : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

let keySerial = 0;
const newKey = () => `${Date.now().toString(36)}-${(keySerial += 1)}-${Math.random().toString(36).slice(2)}`;

const accident = (over: Record<string, unknown> = {}) => ({
  wardId: WARDS[0],
  occurredAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  place: `Kho thành phẩm ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Người lao động bị kẹt tay vào băng tải khi vệ sinh máy đang chạy.',
  accidentReasonId: reasonId,
  injuryElementId: elementId,
  reporterName: 'Lê Thị Hồng',
  reporterPhone: '0263 3821 456',
  victims: [
    {
      fullName: 'Nguyễn Văn Tâm',
      female: false,
      birthYear: 1987,
      occupationId,
      injuryTypeId: injuryId,
      bodyPart: 'Tay',
      severity: 'light',
      underManagement: true,
      daysOff: 3,
      medicalCost: 1_500_000,
      wageCost: 0,
      compensationCost: 0,
    },
  ],
  ...over,
});

const accidentsAt = async (place: string) =>
  (await sql<{ id: string; code: string }>`select id, code from accident where place = ${place}`.execute(t.database.db))
    .rows;

const keysOf = async (userId: string, key: string) =>
  withIdempotencyKeys(t.database.db)
    .selectFrom('idempotency_key')
    .selectAll()
    .where('owner', '=', userId)
    .where('key', '=', key)
    .execute();

let serial = 0;
/** A machine of the employer with its certificate: one declaration item. */
async function item(businessId: string) {
  serial += 1;
  const tag = `${serial}-${Math.random().toString(36).slice(2, 7)}`;
  const equipment = await catalogOperations('equipment').create(system, {
    code: `ID-${tag}`,
    name: `Xe nâng hàng ${serial}`,
    businessId,
    indexEquipmentId: forklift,
    serialNumber: `SN-ID-${tag}`,
    capacity: '3 tấn',
    status: 'inUse',
    firstUseDate: addDays(today(), -10),
  });
  const certificate = await catalogOperations('equipmentInspection').create(system, {
    certificateNumber: `KĐ-ID-${tag}/${today().slice(0, 4)}`,
    equipmentId: equipment.id,
    organizationId: org,
    inspectorId: inspector,
    kind: 'first',
    inspectionDate: addDays(today(), -12),
    result: 'pass',
  });
  return { equipmentId: equipment.id, certificateId: certificate.id };
}

const declarationsOf = async (equipmentId: string) =>
  (
    await sql<{ id: string }>`select distinct d.id from equipment_declaration d
      join equipment_declaration_item i on i.declaration_id = d.id where i.equipment_id = ${equipmentId}`.execute(
      t.database.db,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probeRoutes] });
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  const db = t.database.db;
  const id = async (table: string, code: string) =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where code = ${code}`.execute(db)).rows[0]!.id;
  reasonId = await id('accident_reason', 'NN02');
  elementId = await id('injury_element', 'YT02');
  injuryId = await id('injury_reason', 'CT01');
  occupationId = await id('type_of_profession', '71');
  forklift = await id('index_equipment', 'TB11');
  ({ org, inspector } = await forkliftInspection(system, 'ID1', {
    organisation: 'Trung tâm kiểm định thử nghiệm khóa gửi',
    inspector: 'Trần Văn Khóa',
  }));
  businessA = await createBusiness(t, WARDS[0], 'Công ty Gửi Một Lần A');
  businessB = await createBusiness(t, WARDS[1], 'Công ty Gửi Một Lần B');
  const communeUnit = await createDistrictUnit(t, WARDS[0]);
  [employerA, employerB, communeA] = await Promise.all([
    sessionWith(t, { permissions: PERMISSIONS, unitId: businessA.unitId }),
    sessionWith(t, { permissions: PERMISSIONS, unitId: businessB.unitId }),
    sessionWith(t, { permissions: PERMISSIONS, unitId: communeUnit }),
  ]);
});
afterAll(async () => t?.close());

describe('an accident declaration sent twice', () => {
  const ADD = '/api/Accident/add-accident';

  it('with the same key answers the first declaration: same id, same receipt number, one row', async () => {
    const key = newKey();
    const body = accident();
    const first = await post(employerA, ADD, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(employerA, ADD, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await accidentsAt(body.place)).toEqual([{ id: first.json().id, code: first.json().code }]);
    expect(await keysOf(employerA.user.id, key)).toHaveLength(1);

    // No receipt number was used by the repeat: the next declaration takes the very next one.
    const next = await post(employerA, ADD, accident());
    expect(next.statusCode, next.body).toBe(201);
    const sequence = (code: string) => Number(code.split('/')[0]);
    expect(sequence(next.json().code)).toBe(sequence(first.json().code) + 1);
  });

  it('at the same moment with one key makes one declaration', async () => {
    const key = newKey();
    const body = accident();
    const answers = await Promise.all([1, 2, 3].map(() => post(employerA, ADD, body, key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json().code)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await accidentsAt(body.place)).toHaveLength(1);
  });

  it('the commune declaring a worker without a contract gets the same protection', async () => {
    const key = newKey();
    const body = accident();
    const first = await post(communeA, ADD, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(communeA, ADD, body, key);
    expect(again.json().id).toBe(first.json().id);
    expect(await accidentsAt(body.place)).toHaveLength(1);
  });

  it('with the same key but another content is refused with 422, in the caller language', async () => {
    const key = newKey();
    const body = accident();
    expect((await post(employerA, ADD, body, key)).statusCode).toBe(201);
    const other = await t.request({
      method: 'POST',
      url: ADD,
      headers: { ...employerA.headers, 'idempotency-key': key, 'accept-language': 'en' },
      payload: { ...body, place: `${body.place} (sửa)` },
    });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(other.json().error.message).toMatch(/already sent/);
    expect(await accidentsAt(`${body.place} (sửa)`)).toHaveLength(0);
  });

  it("another user's same key is their own", async () => {
    const key = newKey();
    const a = await post(employerA, ADD, accident(), key);
    const b = await post(employerB, ADD, accident({ wardId: WARDS[1] }), key);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect(b.json().code).not.toBe(a.json().code);
  });

  it('without the header makes two declarations, as before', async () => {
    const body = accident();
    const one = await post(employerA, ADD, body);
    const two = await post(employerA, ADD, body);
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json().id).not.toBe(one.json().id);
    expect(await accidentsAt(body.place)).toHaveLength(2);
  });

  it('a malformed key is a 400 with the error body, and nothing is declared', async () => {
    for (const key of ['', 'x'.repeat(201), 'khoá-gửi']) {
      const body = accident();
      const res = await t.request({
        method: 'POST',
        url: ADD,
        headers: { ...employerA.headers, 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
        payload: body,
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', details: [] });
      expect(res.json().error.message).toBeTruthy();
      expect(await accidentsAt(body.place)).toHaveLength(0);
    }
    // 200 characters is the longest key taken.
    expect((await post(employerA, ADD, accident(), 'k'.repeat(200))).statusCode).toBe(201);
  });
});

describe('an equipment declaration sent twice', () => {
  const ADD = '/api/Equipment/add-declaration';

  it('with the same key answers the first declaration and keeps one row', async () => {
    const one = await item(businessA.id);
    const key = newKey();
    const body = { items: [one], contactName: 'Nguyễn Văn An' };
    const first = await post(employerA, ADD, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(employerA, ADD, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await declarationsOf(one.equipmentId)).toEqual([{ id: first.json().id }]);
    expect(await keysOf(employerA.user.id, key)).toHaveLength(1);
  });

  it('at the same moment with one key makes one declaration', async () => {
    const one = await item(businessA.id);
    const key = newKey();
    const body = { items: [one], contactName: 'Nguyễn Văn An' };
    const answers = await Promise.all([post(employerA, ADD, body, key), post(employerA, ADD, body, key)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect(await declarationsOf(one.equipmentId)).toHaveLength(1);
  });

  it('with the same key but other machines is refused with 422', async () => {
    const [one, two] = [await item(businessA.id), await item(businessA.id)];
    const key = newKey();
    expect((await post(employerA, ADD, { items: [one], contactName: 'An' }, key)).statusCode).toBe(201);
    const other = await post(employerA, ADD, { items: [two], contactName: 'An' }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(await declarationsOf(two.equipmentId)).toHaveLength(0);
  });

  it("another employer's same key declares its own machine", async () => {
    const [mine, theirs] = [await item(businessA.id), await item(businessB.id)];
    const key = newKey();
    const a = await post(employerA, ADD, { items: [mine] }, key);
    const b = await post(employerB, ADD, { items: [theirs] }, key);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await declarationsOf(theirs.equipmentId)).toEqual([{ id: b.json().id }]);
  });
});

describe('other opted-in creates', () => {
  it('a message sent twice with one key is sent once', async () => {
    const f = await scopeFixture(t, ['Message.read', 'Message.create']);
    const key = newKey();
    const body = { recipientIds: [f.department.user.id], subject: `Một lần ${key}`, body: 'Nội dung' };
    const answers = await Promise.all([
      post(f.employerA, '/api/Message/send-email', body, key),
      post(f.employerA, '/api/Message/send-email', body, key),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(300);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    const sent = await sql`select id from message where subject = ${body.subject}`.execute(t.database.db);
    expect(sent.rows).toHaveLength(1);
  });
});

describe('the mechanism', () => {
  const ownKey = async () => {
    const key = newKey();
    const before = probe.runs;
    return { key, ran: () => probe.runs - before };
  };

  it('a server error frees the key: the retry runs again and its answer is kept', async () => {
    const { key, ran } = await ownKey();
    probe.failures = 1;
    const failed = await post(employerA, PROBE, { a: 1 }, key);
    expect(failed.statusCode).toBe(500);
    expect(await keysOf(employerA.user.id, key)).toHaveLength(0);
    const retried = await post(employerA, PROBE, { a: 1 }, key);
    expect(retried.statusCode, retried.body).toBe(201);
    const replayed = await post(employerA, PROBE, { a: 1 }, key);
    expect(replayed.json()).toEqual(retried.json());
    expect(ran()).toBe(2);
  });

  it('a refusal (4xx) is kept and answered again, the handler not run twice', async () => {
    const { key, ran } = await ownKey();
    const refused = await post(employerA, PROBE, { refuse: true }, key);
    expect(refused.statusCode).toBe(409);
    const again = await post(employerA, PROBE, { refuse: true }, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
    expect(ran()).toBe(1);
  });

  it('the same content in another key order is the same request', async () => {
    const { key, ran } = await ownKey();
    expect((await post(employerA, PROBE, { a: 1, b: { c: 2, d: 3 } }, key)).statusCode).toBe(201);
    const again = await post(employerA, PROBE, { b: { d: 3, c: 2 }, a: 1 }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(ran()).toBe(1);
  });

  it('a repeat while the first still runs waits for it, or answers 409 when it does not finish in time', async () => {
    const { key, ran } = await ownKey();
    let release!: () => void;
    probe.hold = new Promise((resolve) => (release = resolve));
    const first = post(employerA, PROBE, { slow: true }, key);
    await new Promise((r) => setTimeout(r, 200));
    const waiting = post(employerA, PROBE, { slow: true }, key);
    await new Promise((r) => setTimeout(r, 300));
    release();
    probe.hold = null;
    const [a, b] = await Promise.all([first, waiting]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(ran()).toBe(1);

    const { key: key2 } = await ownKey();
    probe.hold = new Promise((resolve) => (release = resolve));
    const stuck = post(employerA, PROBE, { slow: true }, key2);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const impatient = await post(employerA, PROBE, { slow: true }, key2);
    expect(impatient.statusCode, impatient.body).toBe(409);
    expect(impatient.json().error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    release();
    probe.hold = null;
    expect((await stuck).statusCode).toBe(201);
  });

  it('a claim left running by a dead process is taken over, and answers past 24 hours are not replayed', async () => {
    const db = withIdempotencyKeys(t.database.db);
    const { key, ran } = await ownKey();
    await db
      .insertInto('idempotency_key')
      .values({
        owner: employerA.user.id,
        method: 'POST',
        route: PROBE,
        key,
        fingerprint: 'whatever it was',
        created_at: sql<Date>`now() - interval '10 minutes'`,
      })
      .execute();
    const taken = await post(employerA, PROBE, { a: 2 }, key);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(ran()).toBe(1);

    await db
      .updateTable('idempotency_key')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .execute();
    const fresh = await post(employerA, PROBE, { a: 2 }, key);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(ran()).toBe(2);

    // The nightly purge removes what is past its time and keeps the rest.
    await db
      .updateTable('idempotency_key')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .execute();
    const kept = newKey();
    expect((await post(employerA, PROBE, { a: 3 }, kept)).statusCode).toBe(201);
    expect(await purgeIdempotencyKeys(db)).toBeGreaterThan(0);
    const left = await db.selectFrom('idempotency_key').select('key').execute();
    expect(left.map((r) => r.key)).toEqual([kept]);
  });

  it('a public form keeps keys apart per sender address', async () => {
    const key = newKey();
    const before = probe.runs;
    const [here, there] = [randomAddress(), randomAddress()];
    const a = await post(null, PUBLIC_PROBE, { s: 1 }, key, here);
    const a2 = await post(null, PUBLIC_PROBE, { s: 1 }, key, here);
    const b = await post(null, PUBLIC_PROBE, { s: 1 }, key, there);
    expect([a.statusCode, a2.statusCode, b.statusCode]).toEqual([201, 201, 201]);
    expect(a2.json()).toEqual(a.json());
    expect(b.json()).not.toEqual(a.json());
    expect(probe.runs - before).toBe(2);
  });

  it('a route that did not opt in ignores the header', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/Accident/accidents',
      headers: { ...employerA.headers, 'idempotency-key': 'x'.repeat(500) },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
