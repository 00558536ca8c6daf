import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import Fastify from 'fastify';
import { clock, testClockRoutes } from '../src/platform/clock/index.ts';
import { saveUpload } from '../src/platform/files/index.ts';
import { adminUser, scopeFixture, signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * The register of machines with strict safety requirements: certificates judged against accreditations and the
 * interval in force on their date, what they make of the machine, the public look-up, the summary table, the
 * reminders of due dates, the workspace counts, and the scope of each side (two employers, two communes).
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let system: OpContext;
let admin: Session;
let forklift: string; // type TB11 (forklift)
let lift: string; // type TB12 (lift)
let org: string;
let otherOrg: string;
let inspector: string;

const PERMISSIONS = [
  'Equipment.read',
  'Equipment.create',
  'Equipment.update',
  'Equipment.delete',
  'Equipment.export',
  'EquipmentInspection.read',
  'EquipmentInspection.create',
  'EquipmentInspection.update',
  'EquipmentInspection.delete',
  'Inspector.read',
  'InspectionOrganization.read',
  'IndexEquipment.read',
];

async function typeId(code: string): Promise<string> {
  const row = await sql<{ id: string }>`select id from index_equipment where code = ${code}`.execute(t.database.db);
  return row.rows[0]!.id;
}

async function setClock(today: string | null): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/Test/clock', headers: admin.headers, payload: { today } });
  expect(res.statusCode, res.body).toBe(200);
}

let serial = 0;
async function machine(as: Session, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  serial += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/Equipment/equipments',
    headers: as.headers,
    payload: {
      code: `XN-${serial}`,
      name: `Xe nâng hàng động cơ ${serial}`,
      indexEquipmentId: forklift,
      serialNumber: `FD30-${serial}`,
      manufactureYear: 2019,
      capacity: '3 tấn',
      status: 'inUse',
      firstUseDate: '2020-01-10',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function certify(as: Session, body: Record<string, unknown>) {
  serial += 1;
  return t.request({
    method: 'POST',
    url: '/api/EquipmentInspection/equipmentInspections',
    headers: as.headers,
    payload: {
      certificateNumber: `KD-${serial}/2026`,
      organizationId: org,
      inspectorId: inspector,
      kind: 'periodic',
      inspectionDate: '2026-03-02',
      result: 'pass',
      stampNumber: `TEM-${serial}`,
      ...body,
    },
  });
}

async function machineRow(id: string) {
  const res = await t.request({ url: `/api/Equipment/equipments/${id}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ testClock: true });
  f = await scopeFixture(t, PERMISSIONS);
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  admin = await signIn(t, await adminUser(t));
  forklift = await typeId('TB11');
  lift = await typeId('TB12');
  const orgs = catalogOperations('inspectionOrganization');
  org = (
    await orgs.create(system, {
      code: 'KD-T1',
      name: 'Trung tâm kiểm định thử nghiệm',
      accreditationNumber: 'GCN-T1',
      validFrom: '2024-01-01',
      validTo: '2029-12-31',
      equipmentTypes: 'tb11; TB12',
    })
  ).id;
  otherOrg = (
    await orgs.create(system, {
      code: 'KD-T2',
      name: 'Công ty kiểm định khác',
      accreditationNumber: 'GCN-T2',
      validFrom: '2024-01-01',
      validTo: '2029-12-31',
      equipmentTypes: 'TB11',
    })
  ).id;
  inspector = (
    await catalogOperations('inspector').create(system, {
      code: 'KDV-T1',
      fullName: 'Nguyễn Văn Kiểm',
      organizationId: org,
      accreditationNumber: 'KĐV-T1',
      validFrom: '2024-01-01',
      validTo: '2028-12-31',
      equipmentTypes: 'TB11, TB12',
    })
  ).id;
});
afterAll(async () => {
  if (admin) await setClock(null);
  await t?.close();
});

describe('inspection organisations and inspectors', () => {
  it('keeps the covered types as known codes, upper-cased, and refuses unknown ones beside the field', async () => {
    const row = await catalogOperations('inspectionOrganization').find(system, org);
    expect(row?.equipmentTypes).toBe('TB11, TB12');
    await expect(
      catalogOperations('inspector').create(system, {
        code: 'KDV-BAD',
        fullName: 'Sai Mã',
        organizationId: org,
        accreditationNumber: 'KĐV-BAD',
        validFrom: '2024-01-01',
        validTo: '2028-12-31',
        equipmentTypes: 'TB11, XYZ99',
      }),
    ).rejects.toMatchObject({ statusCode: 400, details: [expect.objectContaining({ field: 'equipmentTypes' })] });
    await expect(
      catalogOperations('inspector').create(system, {
        code: 'KDV-BAD2',
        fullName: 'Sai Ngày',
        organizationId: org,
        accreditationNumber: 'KĐV-BAD2',
        validFrom: '2024-01-01',
        validTo: '2023-12-31',
        equipmentTypes: 'TB11',
      }),
    ).rejects.toMatchObject({ statusCode: 400, details: [expect.objectContaining({ field: 'validTo' })] });
  });
});

describe('inspector certificate file', () => {
  it('downloads the scan of an inspector’s accreditation (download-file-inspector), for those who read inspectors', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const file = await saveUpload(
      t.database.db,
      t.app.files,
      {
        isSecure: true,
        isBackground: false,
        fileType: null,
        fileName: 'Chứng chỉ kiểm định viên.pdf',
        data: pdf,
        type: { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' },
      },
      { uploadedBy: null },
    );
    await sql`update inspector set file = ${file.id}::uuid where id = ${inspector}::uuid`.execute(t.database.db);
    const res = await t.request({
      url: `/api/Inspector/download-file-inspector/${inspector}`,
      headers: f.employerA.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    expect((await t.request({ url: `/api/Inspector/download-file-inspector/${inspector}` })).statusCode).toBe(401);
    const none = await catalogOperations('inspector').create(system, {
      code: 'KDV-NOFILE',
      fullName: 'Không Có Tệp',
      organizationId: org,
      accreditationNumber: 'KĐV-NOFILE',
      validFrom: '2024-01-01',
      validTo: '2028-12-31',
      equipmentTypes: 'TB11',
    });
    expect(
      (await t.request({ url: `/api/Inspector/download-file-inspector/${none.id}`, headers: f.employerA.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('certificates', () => {
  it('refuses a certificate outside the inspector’s or the organisation’s accreditation, naming the field', async () => {
    const m = await machine(f.employerA);
    const onlyCranes = (
      await catalogOperations('inspector').create(system, {
        code: 'KDV-CAU',
        fullName: 'Trần Cẩu Trục',
        organizationId: org,
        accreditationNumber: 'KĐV-CAU',
        validFrom: '2024-01-01',
        validTo: '2028-12-31',
        equipmentTypes: 'TB07',
      })
    ).id;
    const uncovered = await certify(f.employerA, { equipmentId: m.id, inspectorId: onlyCranes });
    expect(uncovered.statusCode).toBe(400);
    expect(uncovered.json().error.details).toEqual([
      expect.objectContaining({
        field: 'inspectorId',
        code: 'accreditation',
        message: expect.stringContaining('TB11'),
      }),
    ]);

    const expired = await certify(f.employerA, { equipmentId: m.id, inspectionDate: '2023-06-01' });
    expect(expired.statusCode).toBe(400);
    expect(
      expired
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['inspectorId', 'organizationId']);

    const elsewhere = await certify(f.employerA, { equipmentId: m.id, organizationId: otherOrg });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.details).toEqual([
      expect.objectContaining({ field: 'inspectorId', code: 'organization' }),
    ]);

    const future = await certify(f.employerA, { equipmentId: m.id, inspectionDate: addDays(clock.today(), 3) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details).toEqual([expect.objectContaining({ field: 'inspectionDate' })]);
  });

  it('derives the next due date from the interval in force on the inspection date, unless the certificate states one', async () => {
    const m = await machine(f.employerA);
    const ok = await certify(f.employerA, { equipmentId: m.id, inspectionDate: '2026-03-02' });
    expect(ok.statusCode, ok.body).toBe(201);
    // Forklifts: 24 months (seeded interval CK-TB11, unverified, in force since 2020).
    expect(ok.json().dueDate).toBe('2028-03-02');
    expect(ok.json().businessId).toBe(f.businessA.id);

    // The department shortens the interval from 2026-06-01: a certificate dated after it gets the new one, the
    // earlier one keeps its own.
    await catalogOperations('devicesTestedForSafety').create(system, {
      code: 'CK-TB11-2026',
      name: 'Xe nâng hàng (chu kỳ mới)',
      indexEquipmentId: forklift,
      intervalMonths: 12,
      legalBasis: 'Văn bản thử nghiệm',
      validFrom: '2026-06-01',
    });
    await sql`update devices_tested_for_safety set valid_to = '2026-05-31' where code = 'CK-TB11'`.execute(
      t.database.db,
    );
    const later = await certify(f.employerA, { equipmentId: m.id, inspectionDate: '2026-07-01' });
    expect(later.json().dueDate).toBe('2027-07-01');
    const stated = await certify(f.employerA, {
      equipmentId: m.id,
      inspectionDate: '2026-07-02',
      statedDueDate: '2027-01-02',
    });
    expect(stated.json().dueDate).toBe('2027-01-02');

    // The machine shows its latest certificate.
    const row = await machineRow(m.id as string);
    expect(row).toMatchObject({
      lastInspectionDate: '2026-07-02',
      nextDueDate: '2027-01-02',
      lastCertificateNumber: stated.json().certificateNumber,
      lastResult: 'pass',
    });
    // Deleting it brings back the previous one.
    const del = await t.request({
      method: 'POST',
      url: '/api/EquipmentInspection/delete-equipment-inspections',
      headers: f.employerA.headers,
      payload: [stated.json().id],
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await machineRow(m.id as string)).nextDueDate).toBe('2027-07-01');
  });

  it('gives old lifts the shorter interval of their age band', async () => {
    const old = await machine(f.employerA, { indexEquipmentId: lift, manufactureYear: 2000, name: 'Thang máy cũ' });
    const res = await certify(f.employerA, { equipmentId: old.id, inspectionDate: '2026-03-02' });
    expect(res.json().dueDate).toBe(addMonths('2026-03-02', 12));
    const young = await machine(f.employerA, { indexEquipmentId: lift, manufactureYear: 2020, name: 'Thang máy mới' });
    const res2 = await certify(f.employerA, { equipmentId: young.id, inspectionDate: '2026-03-02' });
    expect(res2.json().dueDate).toBe(addMonths('2026-03-02', 36));
  });

  it('a certificate moved to another machine leaves its former machine without it', async () => {
    const first = await machine(f.employerA);
    const second = await machine(f.employerA);
    const cert = (await certify(f.employerA, { equipmentId: first.id })).json();
    expect((await machineRow(first.id as string)).lastCertificateNumber).toBe(cert.certificateNumber);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/EquipmentInspection/equipmentInspections/${cert.id}`,
      headers: f.employerA.headers,
      payload: { ...cert, equipmentId: second.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await machineRow(first.id as string)).lastCertificateNumber).toBeNull();
    expect((await machineRow(second.id as string)).lastCertificateNumber).toBe(cert.certificateNumber);
  });

  it('a failed inspection leaves the machine due at once', async () => {
    const m = await machine(f.employerA);
    const res = await certify(f.employerA, { equipmentId: m.id, inspectionDate: '2026-03-02', result: 'fail' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await machineRow(m.id as string)).nextDueDate).toBe('2026-03-02');
  });

  it('keeps each machine’s history of what happened to it', async () => {
    const m = await machine(f.employerA);
    await certify(f.employerA, { equipmentId: m.id });
    await t.request({
      method: 'PUT',
      url: `/api/Equipment/equipments/${m.id}`,
      headers: f.employerA.headers,
      payload: { ...m, status: 'outOfUse' },
    });
    const events = await sql<{
      action: string;
    }>`select action from equipment_event where equipment_id = ${m.id as string}
      order by id`.execute(t.database.db);
    expect(events.rows.map((e) => e.action)).toEqual(['registered', 'inspected', 'statusChanged']);
  });
});

describe('scope: two employers, two communes', () => {
  it('an employer sees and certifies only its own machines; a commune sees those of its employers', async () => {
    const mine = await machine(f.employerA);
    const theirs = await machine(f.employerB);
    const listOf = async (s: Session) =>
      (await t.request({ url: '/api/Equipment/equipments?pageSize=500', headers: s.headers }))
        .json()
        .pageLists.map((r: { id: string }) => r.id);
    expect(await listOf(f.employerA)).toContain(mine.id);
    expect(await listOf(f.employerA)).not.toContain(theirs.id);
    expect(await listOf(f.districtA)).toContain(mine.id);
    expect(await listOf(f.districtA)).not.toContain(theirs.id);
    expect(await listOf(f.districtB)).toContain(theirs.id);
    expect(await listOf(f.department)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const read = await t.request({ url: `/api/Equipment/equipments/${theirs.id}`, headers: f.employerA.headers });
    expect(read.statusCode).toBe(404);
    // Certifying another employer's machine: its reference is not the caller's to see.
    const cross = await certify(f.employerA, { equipmentId: theirs.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.details).toEqual([expect.objectContaining({ field: 'equipmentId' })]);
  });
});

describe('public look-up', () => {
  it('finds a machine by certificate or stamp number, with no personal data', async () => {
    const m = await machine(f.employerA, { name: 'Xe nâng tra cứu' });
    const c = (await certify(f.employerA, { equipmentId: m.id, stampNumber: 'TEM-PUB-1' })).json();
    const byNumber = await t.request({
      url: `/api/Equipment/public/lookup?number=${encodeURIComponent(c.certificateNumber.toLowerCase())}`,
    });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const item = byNumber.json().items[0];
    expect(item).toMatchObject({
      typeName: expect.stringContaining('Xe nâng'),
      businessName: expect.stringContaining('Công ty A'),
      lastInspectionDate: c.inspectionDate,
      validUntil: c.dueDate,
      dueState: 'valid',
      status: 'inUse',
    });
    expect(Object.keys(item).sort()).toEqual(
      [
        'businessId',
        'businessName',
        'certificateNumber',
        'code',
        'declarationNumber',
        'dueState',
        'lastInspectionDate',
        'lastResult',
        'serialNumber',
        'stampNumber',
        'status',
        'typeName',
        'validUntil',
      ].sort(),
    );
    const byStamp = await t.request({ url: '/api/Equipment/public/lookup?number=TEM-PUB-1' });
    expect(byStamp.json().items.map((i: { code: string }) => i.code)).toEqual([item.code]);
    const byCode = await t.request({ url: `/api/Equipment/public/${item.code}` });
    expect(byCode.json().items[0].serialNumber).toBe(m.serialNumber);
    expect((await t.request({ url: '/api/Equipment/public/lookup?number=KHONG-CO' })).json().items).toEqual([]);
    expect((await t.request({ url: '/api/Equipment/public/ABCDEFGHJK' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/Equipment/public/lookup?number=x' })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/Equipment/public/abc' })).statusCode).toBe(400);
  });

  it('lists accredited inspectors and organisations publicly, marking those no longer valid', async () => {
    const res = await t.request({ url: '/api/Inspector/public-list?keyWord=nguyen van kiem' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pageLists).toEqual([
      expect.objectContaining({
        fullName: 'Nguyễn Văn Kiểm',
        organizationName: 'Trung tâm kiểm định thử nghiệm',
        valid: true,
      }),
    ]);
    const orgs = await t.request({ url: '/api/InspectionOrganization/public-list?validOnly=true&pageSize=100' });
    expect(orgs.json().pageLists.map((o: { name: string }) => o.name)).toContain('Công ty kiểm định khác');
  });
});

describe('due dates, reminders and workspaces', () => {
  it('reminds the employer 30 and 7 days before and on the day, once each; the department and commune of what is overdue', async () => {
    const m = await machine(f.employerA, { name: 'Xe nâng nhắc hạn' });
    // Due on 2028-03-02 (24 months).
    const cert = (await certify(f.employerA, { equipmentId: m.id, inspectionDate: '2026-03-02' })).json();
    const due = cert.dueDate as string;
    const notices = async (kind: string, businessUnit?: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from notification n join app_user u on u.id = n.user_id
          where n.kind = ${kind} and (${businessUnit ?? null}::uuid is null or u.unit_id = ${businessUnit ?? null}::uuid)
            and (${kind} <> 'equipmentInspectionDue' or n.params->>'serial' = ${m.serialNumber as string})`.execute(
            t.database.db,
          )
        ).rows[0]!.n,
      );
    await setClock(addDays(due, -30));
    expect(await notices('equipmentInspectionDue', f.businessA.unitId)).toBe(1);
    await setClock(addDays(due, -29));
    expect(await notices('equipmentInspectionDue', f.businessA.unitId)).toBe(1);
    await setClock(addDays(due, -7));
    expect(await notices('equipmentInspectionDue', f.businessA.unitId)).toBe(2);
    await setClock(due);
    expect(await notices('equipmentInspectionDue', f.businessA.unitId)).toBe(3);
    // The other employer is told nothing of it.
    expect(await notices('equipmentInspectionDue', f.businessB.unitId)).toBe(0);

    const departmentBefore = await notices('equipmentInspectionOverdue', undefined);
    await setClock(addDays(due, 1));
    expect(await notices('equipmentInspectionDue', f.businessA.unitId)).toBe(3);
    expect(await notices('equipmentInspectionOverdue', undefined)).toBeGreaterThan(departmentBefore);
    const districtUser = await sql<{
      n: string;
    }>`select count(*) as n from notification n join app_user u on u.id = n.user_id
      where n.kind = 'equipmentInspectionOverdue' and u.unit_id = ${f.districtUnitA}::uuid`.execute(t.database.db);
    expect(Number(districtUser.rows[0]!.n)).toBeGreaterThan(0);
    const otherCommune = await sql<{
      n: string;
    }>`select count(*) as n from notification n join app_user u on u.id = n.user_id
      where n.kind = 'equipmentInspectionOverdue' and u.unit_id = ${f.districtUnitB}::uuid`.execute(t.database.db);
    expect(Number(otherCommune.rows[0]!.n)).toBe(0);

    // Both sides see it overdue, in their workspaces and in the register's filtered list the task links to.
    const ws = await t.request({ url: '/api/Workspace/tasks', headers: f.employerA.headers });
    const overdue = ws.json().tasks.find((x: { key: string }) => x.key === 'equipment.overdue');
    expect(overdue.count).toBeGreaterThan(0);
    const query = overdue.link.split('?')[1];
    const list = await t.request({
      url: `/api/Equipment/equipments?${query}&pageSize=500`,
      headers: f.employerA.headers,
    });
    expect(list.json().pageLists.map((r: { id: string }) => r.id)).toContain(m.id);
    expect(list.json().totalRecord).toBe(overdue.count);
    const wsDept = await t.request({ url: '/api/Workspace/tasks', headers: f.department.headers });
    expect(
      wsDept.json().tasks.find((x: { key: string }) => x.key === 'equipment.overdue').count,
    ).toBeGreaterThanOrEqual(overdue.count);
    const wsB = await t.request({ url: '/api/Workspace/tasks', headers: f.employerB.headers });
    const overdueB = wsB.json().tasks.find((x: { key: string }) => x.key === 'equipment.overdue');
    expect(overdueB?.count ?? 0).toBeLessThan(overdue.count);
    await setClock(null);
  });

  it('the test clock is not there unless the server was started with it', async () => {
    const bare = Fastify();
    bare.decorate('config', { ...t.config, testClock: false });
    await bare.register(testClockRoutes);
    await bare.ready();
    const res = await bare.inject({ method: 'PUT', url: '/api/Test/clock', payload: { today: '2030-01-01' } });
    expect(res.statusCode).toBe(404);
    await bare.close();
  });
});

describe('summary table', () => {
  it('counts machines by type × commune × status and exports the same as xlsx', async () => {
    const res = await t.request({ url: '/api/Equipment/summary', headers: f.districtA.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows.every((r: { wardId: string }) => r.wardId === f.wards[0])).toBe(true);
    const forklifts = body.rows.find((r: { typeId: string }) => r.typeId === forklift);
    expect(forklifts.inUse + forklifts.outOfUse).toBeGreaterThan(0);
    const dept = (await t.request({ url: '/api/Equipment/summary', headers: f.department.headers })).json();
    expect(dept.totals.inUse).toBeGreaterThan(body.totals.inUse);

    const file = await t.request({ url: '/api/Equipment/summary/export-excel', headers: f.districtA.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().flat().map(String);
    expect(values).toContain(forklifts.typeName);
    expect(values).toContain(String(body.totals.inUse));
    expect(
      (await t.request({ url: '/api/Equipment/summary?from=2026-05-01&to=2026-01-01', headers: f.department.headers }))
        .statusCode,
    ).toBe(400);
    expect((await t.request({ url: '/api/Equipment/summary' })).statusCode).toBe(401);
  });
});
