import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/equipment/rules';
import type { OpContext } from '../src/catalog/context.ts';
import { catalogOperations } from '../src/catalog/operations.ts';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { clock } from '../src/platform/clock/index.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Pickers whose options depend on other fields of the form (`dependsOn` → the target's `optionParams`): the
 * drop-down with those values offers what a save then accepts, and not what it refuses — inspectors and
 * organisations by their accreditation for the machine's type on the inspection date, training groups by the
 * class of the running unit on the start date.
 */
let t: TestApp;
let system: OpContext;
const today = clock.today();
const headers = new Map<string, { authorization: string }>();

async function as(userName: string) {
  if (!headers.has(userName)) headers.set(userName, (await signIn(t, { userName, password: DEMO_PASSWORD })).headers);
  return headers.get(userName)!;
}

interface Option {
  value: string;
  filteredOut?: true;
}

async function options(userName: string, url: string, query: Record<string, string>): Promise<Option[]> {
  const res = await t.request({ url: `${url}?${new URLSearchParams(query)}`, headers: await as(userName) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const values = (list: Option[]) => list.map((o) => o.value);

const fields = (res: { json(): unknown }) =>
  ((res.json() as { error: { details?: { field?: string }[] } }).error.details ?? []).map((d) => d.field);

let seq = 0;
const code = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`.toUpperCase();

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
});
afterAll(async () => t?.close());

describe('the inspector and organisation pickers of a certificate', () => {
  const inspectionDate = addDays(today, -30);
  const ids = {} as Record<'machine' | 'org' | 'liftOrg' | 'accredited' | 'expired' | 'liftsOnly' | 'other', string>;

  beforeAll(async () => {
    const db = t.database.db;
    const typeId = async (c: string) =>
      (await sql<{ id: string }>`select id from index_equipment where code = ${c}`.execute(db)).rows[0]!.id;
    const business = (
      await db.selectFrom('business').select('id').where('code', '=', '5801234577').executeTakeFirstOrThrow()
    ).id;
    ids.machine = (
      await catalogOperations('equipment').create(system, {
        code: code('XN'),
        name: 'Xe nâng thử bộ chọn',
        indexEquipmentId: await typeId('TB11'),
        serialNumber: code('FD'),
        manufactureYear: 2019,
        status: 'inUse',
        businessId: business,
      })
    ).id;
    const org = (name: string, equipmentTypes: string) =>
      catalogOperations('inspectionOrganization').create(system, {
        code: code('KD'),
        name,
        accreditationNumber: code('GCN'),
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
        equipmentTypes,
      });
    ids.org = (await org('Trung tâm kiểm định xe nâng (bộ chọn)', 'TB11, TB12')).id;
    ids.liftOrg = (await org('Công ty kiểm định thang máy (bộ chọn)', 'TB12')).id;
    const inspector = async (fullName: string, organizationId: string, validity: Record<string, string>) =>
      (
        await catalogOperations('inspector').create(system, {
          code: code('KDV'),
          fullName,
          organizationId,
          accreditationNumber: code('KĐV'),
          ...validity,
        })
      ).id;
    ids.accredited = await inspector('Kiểm định viên còn hạn', ids.org, {
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      equipmentTypes: 'TB11',
    });
    ids.expired = await inspector('Kiểm định viên hết hạn', ids.org, {
      validFrom: '2018-01-01',
      validTo: addDays(inspectionDate, -1),
      equipmentTypes: 'TB11',
    });
    ids.liftsOnly = await inspector('Kiểm định viên thang máy', ids.org, {
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      equipmentTypes: 'TB12',
    });
    ids.other = await inspector('Kiểm định viên tổ chức khác', ids.liftOrg, {
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      equipmentTypes: 'TB11',
    });
  });

  const certify = async (inspectorId: string, organizationId = ids.org) =>
    t.request({
      method: 'POST',
      url: '/api/EquipmentInspection/equipmentInspections',
      headers: await as('canbo.so'),
      payload: {
        certificateNumber: code('KD'),
        equipmentId: ids.machine,
        organizationId,
        inspectorId,
        kind: 'periodic',
        inspectionDate,
        result: 'pass',
      },
    });

  it('offers the inspectors of the organisation accredited for the machine on the date, and a save accepts them', async () => {
    const offered = values(
      await options('canbo.so', '/api/Inspector/combobox', {
        equipmentId: ids.machine,
        on: inspectionDate,
        organizationId: ids.org,
        take: '500',
      }),
    );
    expect(offered).toContain(ids.accredited);
    for (const refused of [ids.expired, ids.liftsOnly, ids.other]) expect(offered).not.toContain(refused);
    const accepted = await certify(ids.accredited);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('does not offer an expired inspector, one for other types or of another organisation, which a save refuses', async () => {
    for (const inspectorId of [ids.expired, ids.liftsOnly, ids.other]) {
      const refused = await certify(inspectorId);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(fields(refused)).toEqual(['inspectorId']);
    }
    // Without the machine and date the picker limits nothing more than its filters: the rule needs both.
    const unlimited = values(await options('canbo.so', '/api/Inspector/combobox', { organizationId: ids.org }));
    expect(unlimited).toEqual(expect.arrayContaining([ids.accredited, ids.expired, ids.liftsOnly]));
  });

  it('offers only the organisations accredited for the machine on the date', async () => {
    const offered = values(
      await options('canbo.so', '/api/InspectionOrganization/combobox', {
        equipmentId: ids.machine,
        on: inspectionDate,
        take: '500',
      }),
    );
    expect(offered).toContain(ids.org);
    expect(offered).not.toContain(ids.liftOrg);
    const refused = await certify(ids.other, ids.liftOrg);
    expect(refused.statusCode).toBe(400);
    expect(fields(refused)).toContain('organizationId');
  });

  it('answers a chosen value that no longer fits for its name, marked, so the form can clear it', async () => {
    const answer = await options('canbo.so', '/api/Inspector/combobox', {
      equipmentId: ids.machine,
      on: inspectionDate,
      ids: JSON.stringify([ids.expired, ids.accredited]),
    });
    expect(answer.find((o) => o.value === ids.expired)).toMatchObject({ filteredOut: true });
    expect(answer.find((o) => o.value === ids.accredited)?.filteredOut).toBeUndefined();
  });

  it('refuses dependent values of the wrong kind', async () => {
    const res = await t.request({
      url: `/api/Inspector/combobox?${new URLSearchParams({ equipmentId: 'not-an-id', on: '2026-02-30' })}`,
      headers: await as('canbo.so'),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the training group pickers of a course and a notice', () => {
  const groups: Record<number, string> = {};
  let trainingBody: string;
  let courseOfGroup1: string;
  const startDate = addDays(today, 10);

  beforeAll(async () => {
    const db = t.database.db;
    trainingBody = (await db.selectFrom('unit').select('id').where('code', '=', 'TTHL_ATLD').executeTakeFirstOrThrow())
      .id;
    const rows = await sql<{ id: string; code: string }>`select id, code from target_training
      where code like 'NHOM-%' and deleted_at is null`.execute(db);
    for (const g of rows.rows) groups[Number(g.code.slice(5))] = g.id;
  });

  const addCourse = async (group: number) =>
    t.request({
      method: 'POST',
      url: '/api/Training/add',
      headers: await as('huanluyen'),
      payload: {
        code: code('HL'),
        name: `Khóa huấn luyện nhóm ${group} (bộ chọn)`,
        targetTrainingId: groups[group],
        trainerUnitId: trainingBody,
        startDate,
        hours: 60,
      },
    });

  it('offers the groups the unit’s class allows on the start date, which a save accepts, and not the others', async () => {
    const offered = values(
      await options('huanluyen', '/api/TargetTraining/combobox', {
        trainedBy: trainingBody,
        on: startDate,
        take: '500',
      }),
    );
    // The demo body holds class B: group 1 yes, group 2 no.
    expect(offered).toContain(groups[1]);
    expect(offered).not.toContain(groups[2]);
    const accepted = await addCourse(1);
    expect(accepted.statusCode, accepted.body).toBe(201);
    courseOfGroup1 = (accepted.json() as { id: string }).id;
    const refused = await addCourse(2);
    expect(refused.statusCode).toBe(400);
    expect(fields(refused)).toEqual(['targetTrainingId']);
    // A notice of the same unit and start date is judged by the same rule.
    const notice = await t.request({
      method: 'POST',
      url: '/api/TrainingNotice/trainingNotices',
      headers: await as('huanluyen'),
      payload: { name: 'Lớp nhóm 2 (bộ chọn)', unitId: trainingBody, targetTrainingId: groups[2], startDate },
    });
    expect(notice.statusCode).toBe(400);
    expect(fields(notice)).toEqual(['targetTrainingId']);
    // Every group is offered exactly when a course of it passes the class rule.
    const all = Object.keys(groups).map(Number);
    for (const group of all) {
      const res = await addCourse(group);
      const passesClassRule = res.statusCode === 201 || !fields(res).includes('targetTrainingId');
      expect(offered.includes(groups[group]!), `group ${group}`).toBe(passesClassRule);
    }
  });

  it('offers no group for a unit without a class in force on the date, as a save refuses it', async () => {
    // The demo body's certificate ends on 14 March 2028.
    const offered = await options('huanluyen', '/api/TargetTraining/combobox', {
      trainedBy: trainingBody,
      on: '2028-06-01',
    });
    expect(offered).toEqual([]);
  });

  it('offers a credential from a course only the course’s group, as a save refuses another', async () => {
    const offered = values(await options('quantri', '/api/TargetTraining/combobox', { course: courseOfGroup1 }));
    expect(offered).toEqual([groups[1]]);
    const worker = (
      await sql<{ id: string }>`select id from worker where deleted_at is null limit 1`.execute(t.database.db)
    ).rows[0]!;
    const refused = await t.request({
      method: 'POST',
      url: '/api/TrainingCertificate/trainingCertificates',
      headers: await as('quantri'),
      payload: {
        certificateNumber: code('CC'),
        workerId: worker.id,
        targetTrainingId: groups[2],
        trainingId: courseOfGroup1,
        issuedOn: today,
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fields(refused)).toContain('targetTrainingId');
  });
});
