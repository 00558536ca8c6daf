import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/equipment/rules';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { clock } from '../src/platform/clock/index.ts';
import { createBusiness, createDistrictUnit, sessionWith, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';
import { forkliftInspection } from './equipment.fixtures.ts';

/**
 * Declarations of machines put into use and the department's answer: the whole life (draft → submitted →
 * confirmed, numbered, with its PDF and QR), refusal and resubmission, the certificate the law requires, the late
 * mark, one live declaration per machine, each side's scope, the notifications, and bad input as 4xx.
 */
let t: TestApp;
let system: OpContext;
let forklift: string;
let org: string;
let inspector: string;
let businessA: { id: string; unitId: string; code: string };
let businessB: { id: string; unitId: string; code: string };
let employerA: Session & { user: { id: string } };
let employerB: Session;
let department: Session & { user: { id: string } };
let district: Session;
let districtB: Session;

const DECLARANT = [
  'EquipmentDeclaration.read',
  'EquipmentDeclaration.create',
  'EquipmentDeclaration.update',
  'EquipmentDeclaration.delete',
  'Equipment.read',
];
const REVIEWER = [...DECLARANT, 'EquipmentDeclaration.review'];
const READER = ['EquipmentDeclaration.read', 'Equipment.read'];
const WARDS = ['2025:24781', '2025:24778'] as const;

const today = () => clock.today();

let serial = 0;
async function machine(businessId: string, over: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const row = await catalogOperations('equipment').create(system, {
    code: `KB-${serial}-${Math.random().toString(36).slice(2, 7)}`,
    name: `Xe nâng hàng ${serial}`,
    businessId,
    indexEquipmentId: forklift,
    serialNumber: `SN-KB-${serial}-${Math.random().toString(36).slice(2, 7)}`,
    capacity: '3 tấn',
    status: 'inUse',
    firstUseDate: addDays(today(), -10),
    ...over,
  });
  return row.id;
}

async function certificate(equipmentId: string): Promise<string> {
  serial += 1;
  const row = await catalogOperations('equipmentInspection').create(system, {
    certificateNumber: `KĐ-${serial}/${today().slice(0, 4)}`,
    equipmentId,
    organizationId: org,
    inspectorId: inspector,
    kind: 'first',
    inspectionDate: addDays(today(), -12),
    result: 'pass',
  });
  return row.id;
}

/** A machine of the employer with its certificate: one declaration item. */
async function item(businessId: string, over: Record<string, unknown> = {}) {
  const equipmentId = await machine(businessId, over);
  return { equipmentId, certificateId: await certificate(equipmentId) };
}

function call(session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url: `/api/Equipment/${url}`,
    headers: session ? session.headers : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function draft(session: Session, items: { equipmentId: string; certificateId?: string | null }[]) {
  const res = await call(session, 'POST', 'add-declaration', { items, contactName: 'Nguyễn Văn An' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number; status: string };
}

async function submitted(session: Session, items: { equipmentId: string; certificateId?: string | null }[]) {
  const d = await draft(session, items);
  const res = await call(session, 'POST', `submit-declaration/${d.id}`, { version: d.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number; status: string; late: boolean };
}

const machineRow = async (id: string) =>
  (
    await sql<{
      declaration_status: string;
      declaration_number: string | null;
    }>`select declaration_status, declaration_number from equipment where id = ${id}`.execute(t.database.db)
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  forklift = (await sql<{ id: string }>`select id from index_equipment where code = 'TB11'`.execute(t.database.db))
    .rows[0]!.id;
  ({ org, inspector } = await forkliftInspection(system, 'KB1', {
    organisation: 'Trung tâm kiểm định thử nghiệm khai báo',
    inspector: 'Trần Văn Kiểm',
  }));
  businessA = await createBusiness(t, WARDS[0], 'Công ty Cà phê A');
  businessB = await createBusiness(t, WARDS[1], 'Công ty Rau B');
  await t.database.db
    .updateTable('business')
    .set({ address: '12 Trần Phú, Phường Xuân Hương' })
    .where('id', '=', businessA.id)
    .execute();
  const [unitA, unitB] = await Promise.all([createDistrictUnit(t, WARDS[0]), createDistrictUnit(t, WARDS[1])]);
  [employerA, employerB, department, district, districtB] = await Promise.all([
    sessionWith(t, { permissions: DECLARANT, unitId: businessA.unitId }),
    sessionWith(t, { permissions: DECLARANT, unitId: businessB.unitId }),
    sessionWith(t, { permissions: REVIEWER }),
    sessionWith(t, { permissions: READER, unitId: unitA }),
    sessionWith(t, { permissions: READER, unitId: unitB }),
  ]);
});
afterAll(async () => t?.close());

describe('a declaration walks its whole life', () => {
  it('draft → submitted → confirmed with a number, the machines marked, the PDF with its QR', async () => {
    const one = await item(businessA.id, { serialNumber: 'FD30-KB-0001', name: 'Xe nâng Komatsu FD30' });
    const two = await item(businessA.id);
    const created = await draft(employerA, [one, two]);
    expect(created).toMatchObject({ status: 'draft', number: null, itemCount: 2, version: 1 });
    expect((created as unknown as { actions: string[] }).actions).toEqual(['edit', 'submit', 'delete']);
    expect((created as unknown as { items: unknown[] }).items[0]).toMatchObject({
      equipmentId: one.equipmentId,
      typeCode: 'TB11',
      typeName: 'Xe nâng hàng',
      serialNumber: 'FD30-KB-0001',
      certificateId: one.certificateId,
      result: 'pass',
    });

    // The department does not see drafts.
    expect((await call(department, 'GET', `declarations/${created.id}`)).statusCode).toBe(404);

    const sent = await call(employerA, 'POST', `submit-declaration/${created.id}`, { version: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'submitted',
      declaredOn: today(),
      late: false,
      version: 2,
      actions: [],
    });
    expect(sent.json().dueBy > today()).toBe(true);
    expect((await machineRow(one.equipmentId)).declaration_status).toBe('submitted');

    // The department is told, and sees it waiting.
    const told = await t.database.db
      .selectFrom('notification')
      .select(['kind', 'params', 'link'])
      .where('user_id', '=', department.user.id)
      .where('kind', '=', 'equipmentDeclarationSubmitted')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ count: 2 });

    const queue = await call(department, 'GET', 'declarations?status=submitted&pageSize=50');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().pageLists.map((d: { id: string }) => d.id)).toContain(created.id);
    const seen = await call(department, 'GET', `declarations/${created.id}`);
    expect(seen.json().actions).toEqual(['confirm', 'refuse']);

    const confirmed = await call(department, 'POST', `confirm-declaration/${created.id}`, { version: 2 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const c = confirmed.json();
    const year = today().slice(0, 4);
    expect(c).toMatchObject({ status: 'confirmed', number: `0001/${year}/XNKB`, version: 3 });
    expect(c.publicCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(c.decidedByName).toBeTruthy();
    expect(c.history.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'confirm']);
    expect(await machineRow(one.equipmentId)).toEqual({
      declaration_status: 'confirmed',
      declaration_number: `0001/${year}/XNKB`,
    });

    // The employer is told (the statutory answer).
    const answer = await t.database.db
      .selectFrom('notification')
      .select(['kind', 'params', 'link'])
      .where('user_id', '=', employerA.user.id)
      .where('kind', '=', 'equipmentDeclarationConfirmed')
      .execute();
    expect(answer).toHaveLength(1);
    expect(answer[0]!.params).toMatchObject({ number: `0001/${year}/XNKB` });

    // The machine's history tells of it.
    const history = await call(employerA, 'GET', `machine-history/${one.equipmentId}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['registered', 'inspected', 'declared', 'declarationConfirmed']),
    );
    expect(history.json().declarations).toEqual([
      expect.objectContaining({ id: created.id, status: 'confirmed', number: `0001/${year}/XNKB` }),
    ]);
    expect((await call(employerB, 'GET', `machine-history/${one.equipmentId}`)).statusCode).toBe(404);

    // The confirmation, read back as a person would.
    const pdf = await call(employerA, 'GET', `declaration-confirmation/${created.id}`);
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain("filename*=UTF-8''Gi%E1%BA%A5y");
    const read = await readPdf(pdf.rawPayload);
    const flat = read.text.replace(/\s+/g, ' ');
    expect(flat).toContain('GIẤY XÁC NHẬN KHAI BÁO MÁY, THIẾT BỊ');
    expect(flat).toContain('SỞ NỘI VỤ');
    expect(flat).toContain('Độc lập - Tự do - Hạnh phúc');
    expect(flat).toContain(`0001/${year}/XNKB`);
    expect(flat).toContain('Công ty Cà phê A');
    expect(flat).toContain(businessA.code);
    expect(flat).toContain('FD30-KB-0001');
    expect(read.qrCodes).toEqual([`${t.config.publicUrl.replace(/\/+$/, '')}/tra-cuu-thiet-bi/${c.publicCode}`]);

    // English on request.
    const en = await t.request({
      url: `/api/Equipment/declaration-confirmation/${created.id}`,
      headers: { ...employerA.headers, 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    expect((await readPdf(en.rawPayload)).text.replace(/\s+/g, ' ')).toContain('CONFIRMATION OF THE DECLARATION');

    // The confirmed declaration can no longer change; the next one takes the next number.
    const late = await call(employerA, 'PUT', `update-declaration/${created.id}`, { version: 3, note: 'sửa' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INVALID_STATE');
    const next = await submitted(employerA, [await item(businessA.id)]);
    const second = await call(department, 'POST', `confirm-declaration/${next.id}`, {});
    expect(second.json().number).toBe(`0002/${year}/XNKB`);
  });

  it('answers 404 for the confirmation of a declaration not confirmed, or not visible', async () => {
    const d = await submitted(employerA, [await item(businessA.id)]);
    expect((await call(employerA, 'GET', `declaration-confirmation/${d.id}`)).statusCode).toBe(404);
    await call(department, 'POST', `confirm-declaration/${d.id}`, {});
    expect((await call(employerA, 'GET', `declaration-confirmation/${d.id}`)).statusCode).toBe(200);
    expect((await call(employerB, 'GET', `declaration-confirmation/${d.id}`)).statusCode).toBe(404);
  });
});

describe("the confirmation's signature block", () => {
  it('is whoever the administrator set, with the delegation formula; unset, a blank under the title — never the confirming officer', async () => {
    const admin = await sessionWith(t, { permissions: ['Configuration.read', 'Configuration.update'] });
    const d = await submitted(employerA, [await item(businessA.id)]);
    const confirmed = await call(department, 'POST', `confirm-declaration/${d.id}`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const decidedBy = String(confirmed.json().decidedByName);
    expect(decidedBy).toBeTruthy();
    const printed = async () =>
      (await readPdf((await call(employerA, 'GET', `declaration-confirmation/${d.id}`)).rawPayload)).text.replace(
        /\s+/g,
        ' ',
      );

    // Nothing set: the head's title over a blank, neither a deputy's formula nor the officer who confirmed.
    const unset = await printed();
    expect(unset).toContain('GIÁM ĐỐC');
    expect(unset).not.toContain('KT.');
    expect(unset).not.toContain('PHÓ GIÁM ĐỐC');
    expect(unset).not.toContain(decidedBy);

    // The administrator sets who signs; a formula without the signer's title, or a non-administrator, is refused.
    const signatory = {
      document: 'equipmentConfirmation',
      authorityTitle: 'Giám đốc',
      delegation: 'KT',
      signerTitle: 'Phó Giám đốc',
      signerName: 'Trần Quốc Hưng',
    };
    const put = (session: Session, items: object[]) =>
      t.request({
        method: 'PUT',
        url: '/api/Configuration/signatories',
        headers: session.headers,
        payload: { items },
      });
    const bad = await put(admin, [{ ...signatory, signerTitle: '' }]);
    expect(bad.statusCode).toBe(400);
    expect((await put(department, [signatory])).statusCode).toBe(403);
    const saved = await put(admin, [signatory]);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.request({ url: '/api/Configuration/signatories', headers: admin.headers });
    expect(read.json()).toEqual({ items: [signatory] });

    const set = await printed();
    expect(set).toContain('KT. GIÁM ĐỐC PHÓ GIÁM ĐỐC Trần Quốc Hưng');
    expect(set).not.toContain(decidedBy);

    // Thừa lệnh, with the name left for the hand.
    await put(admin, [{ ...signatory, delegation: 'TL', signerTitle: 'Chánh Văn phòng', signerName: '' }]);
    const byOrder = await printed();
    expect(byOrder).toContain('TL. GIÁM ĐỐC CHÁNH VĂN PHÒNG');
    expect(byOrder).not.toContain('Trần Quốc Hưng');
    await put(admin, []);
  });
});

describe('refusal and resubmission', () => {
  it('the department refuses with a reason; the employer corrects and sends it again', async () => {
    const first = await item(businessA.id);
    const d = await submitted(employerA, [first]);
    const short = await call(department, 'POST', `refuse-declaration/${d.id}`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    const refused = await call(department, 'POST', `refuse-declaration/${d.id}`, {
      version: d.version,
      reason: 'Giấy chứng nhận kiểm định không rõ số seri',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refuseReason: 'Giấy chứng nhận kiểm định không rõ số seri',
    });
    expect((await machineRow(first.equipmentId)).declaration_status).toBe('refused');
    const notice = await t.database.db
      .selectFrom('notification')
      .select('params')
      .where('user_id', '=', employerA.user.id)
      .where('kind', '=', 'equipmentDeclarationRefused')
      .execute();
    expect(notice.map((n) => n.params)).toContainEqual(
      expect.objectContaining({ reason: 'Giấy chứng nhận kiểm định không rõ số seri' }),
    );

    const mine = await call(employerA, 'GET', `declarations/${d.id}`);
    expect(mine.json().actions).toEqual(['edit', 'submit', 'delete']);
    // Corrected: another machine added, the first one's new certificate.
    const extra = await item(businessA.id);
    const edited = await call(employerA, 'PUT', `update-declaration/${d.id}`, {
      version: mine.json().version,
      items: [{ equipmentId: first.equipmentId, certificateId: await certificate(first.equipmentId) }, extra],
      note: 'Đã bổ sung',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'refused', itemCount: 2, note: 'Đã bổ sung' });
    const stale = await call(employerA, 'PUT', `update-declaration/${d.id}`, { version: 1, note: 'cũ' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');

    const again = await call(employerA, 'POST', `submit-declaration/${d.id}`, { version: edited.json().version });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('submitted');
    expect((await machineRow(extra.equipmentId)).declaration_status).toBe('submitted');
    expect(again.json().history.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'submit',
      'refuse',
      'edit',
      'submit',
    ]);
  });

  it('the declarant deletes a draft or refused declaration; the machines go back to undeclared', async () => {
    const m = await item(businessA.id);
    const d = await submitted(employerA, [m]);
    // Submitted: not the declarant's to withdraw any more.
    const early = await call(employerA, 'POST', 'delete-declarations', [d.id]);
    expect(early.statusCode).toBe(409);
    await call(department, 'POST', `refuse-declaration/${d.id}`, { reason: 'Thiếu hồ sơ kỹ thuật' });
    // The department may not delete the employer's declaration.
    expect((await call(department, 'POST', 'delete-declarations', { ids: [d.id] })).statusCode).toBe(403);
    const gone = await call(employerA, 'POST', 'delete-declarations', { ids: [d.id] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: 1 });
    expect((await machineRow(m.equipmentId)).declaration_status).toBe('none');
    expect((await call(employerA, 'GET', `declarations/${d.id}`)).statusCode).toBe(404);
    // The machine may be declared again.
    await draft(employerA, [m]);
  });
});

describe('the rules of a declaration', () => {
  it('refuses to submit machines without their inspection certificate, naming them (400)', async () => {
    const bare = await machine(businessA.id, { name: 'Xe nâng chưa kiểm định' });
    const d = await draft(employerA, [{ equipmentId: bare }, await item(businessA.id)]);
    const res = await call(employerA, 'POST', `submit-declaration/${d.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CERTIFICATES_MISSING');
    expect(res.json().error.message).toContain('Xe nâng chưa kiểm định');
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'items.0.certificateId' })]);
    expect((await call(employerA, 'GET', `declarations/${d.id}`)).json().status).toBe('draft');
  });

  it('marks a declaration late when a machine was first used longer ago than the window (30 days)', async () => {
    const late = await submitted(employerA, [await item(businessA.id, { firstUseDate: addDays(today(), -45) })]);
    expect(late.late).toBe(true);
    const onTime = await submitted(employerA, [await item(businessA.id, { firstUseDate: addDays(today(), -10) })]);
    expect(onTime.late).toBe(false);
    const lateList = await call(department, 'GET', 'declarations?late=true&pageSize=200');
    const ids = lateList.json().pageLists.map((d: { id: string }) => d.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(onTime.id);
  });

  it('refuses a machine already in another live declaration (409 naming it)', async () => {
    const m = await item(businessA.id, { name: 'Xe nâng khai báo hai lần' });
    await draft(employerA, [m]);
    const twice = await call(employerA, 'POST', 'add-declaration', { items: [m] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_DECLARED');
    expect(twice.json().error.message).toContain('Xe nâng khai báo hai lần');
    expect(twice.json().error.details[0]).toMatchObject({ field: 'body.items.0.equipmentId' });
  });

  it("refuses a certificate of another machine, a scrapped machine, another employer's machine", async () => {
    const a = await item(businessA.id);
    const b = await item(businessA.id);
    const wrong = await call(employerA, 'POST', 'add-declaration', {
      items: [{ equipmentId: a.equipmentId, certificateId: b.certificateId }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CERTIFICATE_NOT_OF_MACHINE');
    const scrapped = await machine(businessA.id, { status: 'scrapped' });
    const s = await call(employerA, 'POST', 'add-declaration', { items: [{ equipmentId: scrapped }] });
    expect(s.statusCode).toBe(400);
    expect(s.json().error.code).toBe('MACHINE_SCRAPPED');
    const theirs = await item(businessB.id);
    const other = await call(employerA, 'POST', 'add-declaration', { items: [theirs] });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('MACHINE_NOT_FOUND');
  });

  it('an authority user files for an employer in its scope, naming it', async () => {
    const m = await item(businessB.id);
    const none = await call(department, 'POST', 'add-declaration', { items: [m] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('BUSINESS_REQUIRED');
    const res = await call(department, 'POST', 'add-declaration', { businessId: businessB.id, items: [m] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      businessId: businessB.id,
      status: 'draft',
      actions: ['edit', 'submit', 'delete'],
    });
    // Its own draft: visible to it, and to the employer.
    expect((await call(employerB, 'GET', `declarations/${res.json().id}`)).statusCode).toBe(200);
  });
});

describe('each side sees its own', () => {
  it('two employers neither see nor act on each other’s declarations', async () => {
    const d = await draft(employerA, [await item(businessA.id)]);
    expect((await call(employerB, 'GET', `declarations/${d.id}`)).statusCode).toBe(404);
    expect((await call(employerB, 'POST', `submit-declaration/${d.id}`, {})).statusCode).toBe(404);
    expect((await call(employerB, 'PUT', `update-declaration/${d.id}`, { version: 1, note: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(employerB, 'POST', 'delete-declarations', [d.id])).statusCode).toBe(404);
    const list = await call(employerB, 'GET', 'declarations?pageSize=200');
    expect(list.json().pageLists.every((x: { businessId: string }) => x.businessId === businessB.id)).toBe(true);
    // An employer does not review, even its own.
    const s = await submitted(employerA, [await item(businessA.id)]);
    expect((await call(employerA, 'POST', `confirm-declaration/${s.id}`, {})).statusCode).toBe(403);
  });

  it('a commune user sees its commune’s employers’ submitted declarations, read only', async () => {
    const a = await submitted(employerA, [await item(businessA.id)]);
    const aDraft = await draft(employerA, [await item(businessA.id)]);
    const b = await submitted(employerB, [await item(businessB.id)]);
    const list = await call(district, 'GET', 'declarations?pageSize=200');
    expect(list.statusCode).toBe(200);
    const ids = list.json().pageLists.map((d: { id: string }) => d.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(aDraft.id);
    expect(ids).not.toContain(b.id);
    expect(list.json().pageLists.every((x: { businessId: string }) => x.businessId === businessA.id)).toBe(true);
    const seen = await call(district, 'GET', `declarations/${a.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().actions).toEqual([]);
    expect((await call(district, 'GET', `declarations/${b.id}`)).statusCode).toBe(404);
    expect((await call(districtB, 'GET', `declarations/${b.id}`)).statusCode).toBe(200);
    // Read only: no permission to review or change.
    expect((await call(district, 'POST', `confirm-declaration/${a.id}`, {})).statusCode).toBe(403);
    expect((await call(district, 'POST', 'add-declaration', { items: [await item(businessA.id)] })).statusCode).toBe(
      403,
    );
  });
});

describe('bad input is a 4xx, never a 5xx', () => {
  it('answers 400 for bad ids, empty or too many items, unknown machines; 401 without a token', async () => {
    expect((await call(employerA, 'GET', 'declarations/not-a-uuid')).statusCode).toBe(400);
    expect((await call(employerA, 'POST', 'submit-declaration/123', {})).statusCode).toBe(400);
    const empty = await call(employerA, 'POST', 'add-declaration', { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].message).toBe('Chọn ít nhất một máy, thiết bị');
    const many = Array.from({ length: 201 }, () => ({ equipmentId: crypto.randomUUID() }));
    expect((await call(employerA, 'POST', 'add-declaration', { items: many })).statusCode).toBe(400);
    const unknown = await call(employerA, 'POST', 'add-declaration', { items: [{ equipmentId: crypto.randomUUID() }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('MACHINE_NOT_FOUND');
    const dup = crypto.randomUUID();
    expect(
      (await call(employerA, 'POST', 'add-declaration', { items: [{ equipmentId: dup }, { equipmentId: dup }] }))
        .statusCode,
    ).toBe(400);
    const nonsense = await call(employerA, 'POST', 'add-declaration', 'nonsense');
    expect([400, 415]).toContain(nonsense.statusCode);
    expect((await call(employerA, 'GET', 'declarations?pageSize=0')).statusCode).toBe(400);
    expect((await call(employerA, 'GET', 'declarations?status=lost')).statusCode).toBe(400);
    expect((await call(employerA, 'GET', `declarations/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(employerA, 'GET', `machine-history/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(employerA, 'POST', 'delete-declarations', [])).statusCode).toBe(400);
    expect((await call(null, 'GET', 'declarations')).statusCode).toBe(401);
  });
});
