import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDeclaration } from '@portal/domain/catalog/types';
import { READING_FACTORS } from '@portal/domain/monitoring/factors';
import type { OpContext } from '../src/catalog/context.ts';
import { catalogOperations } from '../src/catalog/operations.ts';
import { runMonitoringReminders } from '../src/modules/monitoring/reminders.ts';
import { clock } from '../src/platform/clock/index.ts';
import { addDays } from '@portal/domain/equipment/rules';
import { adminUser, scopeFixture, signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Working-environment monitoring through the API: every reading judged on the server against the limits in force
 * on its date (the hand-computed fixtures of the issue), a limit changed later leaving old verdicts alone, each
 * factor's spec calls, the report's readings exceedances first, the organisation's file imported, the
 * department's views, the reminders, and the scope of each side (two employers, two communes).
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let system: OpContext;
let admin: Session;
let org: string;
const limit: Record<string, string> = {};

const PERMISSIONS = ['read', 'create', 'update', 'delete', 'import', 'export'].flatMap((a) => [
  `ObservationMonitor.${a}`,
  `MenuObservationMonitor.${a}`,
]);
const M = '/api/ObservationMonitor';

let serial = 0;
async function report(as: Session, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  serial += 1;
  const res = await t.request({
    method: 'POST',
    url: `${M}/create`,
    headers: as.headers,
    payload: { code: `QT-${serial}`, organizationId: org, monitoredOn: '2025-05-12', exposedWorkers: 20, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function reading(as: Session, slug: string, body: Record<string, unknown>) {
  serial += 1;
  return t.request({
    method: 'POST',
    url: `${M}/create-${slug}`,
    headers: as.headers,
    payload: { code: `M-${serial}`, position: `Vị trí đo ${serial}`, ...body },
  });
}

async function judged(as: Session, slug: string, body: Record<string, unknown>) {
  const res = await reading(as, slug, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  admin = await signIn(t, await adminUser(t));
  org = (
    await catalogOperations('monitoringOrganization').create(system, {
      code: 'QT-T1',
      name: 'Trung tâm quan trắc thử nghiệm',
      certificateNumber: 'GCN-QT-1',
      validFrom: '2024-01-01',
      validTo: '2029-12-31',
    })
  ).id;
  const rows = await sql<{ code: string; id: string }>`select code, id from monitoring_limit`.execute(t.database.db);
  for (const r of rows.rows) limit[r.code] = r.id;
});

afterAll(async () => {
  await t?.close();
});

describe('judgement against the national standards (hand-computed fixtures)', () => {
  it('noise: 85 dBA for 8 h passes, 88 dBA for 8 h exceeds, 88 dBA for 4 h passes (QCVN 24, 3 dB rule)', async () => {
    const r = await report(f.employerA);
    const pass = await judged(f.employerA, 'noise', { reportId: r.id, laeq: 85, exposureMinutes: 480 });
    expect(pass).toMatchObject({ verdict: 'pass', limitText: '≤ 85 dBA', regulation: 'QCVN 24:2016/BYT' });
    const over = await judged(f.employerA, 'noise', { reportId: r.id, laeq: 88, exposureMinutes: 480 });
    expect(over).toMatchObject({ verdict: 'exceeds', limitText: '≤ 85 dBA', limitId: limit['ON-LAEQ-480'] });
    const half = await judged(f.employerA, 'noise', { reportId: r.id, laeq: 88, exposureMinutes: 240 });
    expect(half).toMatchObject({ verdict: 'pass', limitText: '≤ 88 dBA' });
    // 6 h is not in the table: 85 + 3·log2(8/6) = 86.2 dBA.
    const six = await judged(f.employerA, 'noise', { reportId: r.id, laeq: 86.5, exposureMinutes: 360 });
    expect(six).toMatchObject({ verdict: 'exceeds', limitText: '≤ 86.2 dBA' });
  });

  it('microclimate by work category; a chemical by TWA and STEL; lighting by task', async () => {
    const r = await report(f.employerA);
    const hot = { reportId: r.id, temperature: 33, humidity: 70, airSpeed: 0.5 };
    expect(await judged(f.employerA, 'climate', { ...hot, workCategory: 'light' })).toMatchObject({
      verdict: 'pass',
      limitText: '20–34 °C; 40–80 %; 0.1–1.5 m/s',
      regulation: 'QCVN 26:2016/BYT',
    });
    expect(await judged(f.employerA, 'climate', { ...hot, workCategory: 'medium' })).toMatchObject({
      verdict: 'exceeds',
      limitText: '18–32 °C; 40–80 %; 0.2–1.5 m/s',
    });
    const benzene = { reportId: r.id, substanceId: limit['HC-BENZEN'] };
    expect(await judged(f.employerA, 'poison', { ...benzene, twa: 4.2, stel: 12 })).toMatchObject({
      verdict: 'pass',
      limitText: '≤ 5 mg/m³; STEL ≤ 15 mg/m³',
      regulation: 'QCVN 03:2019/BYT',
    });
    expect((await judged(f.employerA, 'poison', { ...benzene, twa: 4.2, stel: 16 })).verdict).toBe('exceeds');
    expect((await judged(f.employerA, 'poison', { ...benzene, twa: 5.5 })).verdict).toBe('exceeds');
    const typing = { reportId: r.id, taskId: limit['AS-VP-DANH-MAY'] };
    expect(await judged(f.employerA, 'light', { ...typing, illuminance: 420 })).toMatchObject({
      verdict: 'exceeds',
      limitText: '≥ 500 lux',
    });
    // A value the regulation's text has not been checked for judges nothing.
    const silica = await judged(f.employerA, 'dust', {
      reportId: r.id,
      dustTypeId: limit['BUI-SILIC'],
      concentration: 9,
    });
    expect(silica.verdict).toBe('noLimit');
    // A substance named as a lighting task is refused.
    const wrong = await reading(f.employerA, 'light', { reportId: r.id, taskId: limit['HC-BENZEN'], illuminance: 300 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe('taskId');
  });

  it('a limit changed later does not change an old reading’s verdict; a later reading is judged by the new one', async () => {
    const r = await report(f.employerA, { monitoredOn: '2025-03-03' });
    const old = await judged(f.employerA, 'noise', { reportId: r.id, laeq: 83, exposureMinutes: 480 });
    expect(old.verdict).toBe('pass');
    // The department closes the 85 dBA row and adds an 80 dBA row from 1 June 2025 (same rule).
    const ops = catalogOperations('monitoringLimit');
    const row = await ops.get(system, limit['ON-LAEQ-480']!);
    await ops.update(system, row.id, { ...row, validTo: '2025-05-31' });
    await ops.create(system, {
      ...row,
      code: 'ON-LAEQ-480-2025',
      validFrom: '2025-06-01',
      validTo: null,
      maxValue: 80,
    });
    const again = await t.request({ url: `${M}/get-by-id-noise/${old.id as string}`, headers: f.employerA.headers });
    expect(again.json()).toMatchObject({ verdict: 'pass', limitText: '≤ 85 dBA' });
    const later = await report(f.employerA, { monitoredOn: '2025-07-01' });
    const fresh = await judged(f.employerA, 'noise', { reportId: later.id, laeq: 83, exposureMinutes: 480 });
    expect(fresh).toMatchObject({ verdict: 'exceeds', limitText: '≤ 80 dBA' });
    // Saved again, the old reading is judged by the row in force on its own date: still 85 dBA.
    const resaved = await t.request({
      method: 'PUT',
      url: `${M}/update-noise?id=${old.id as string}`,
      headers: f.employerA.headers,
      payload: { ...old, note: 'đo lại vị trí' },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(resaved.json()).toMatchObject({ verdict: 'pass', limitText: '≤ 85 dBA' });
  });
});

describe('each factor’s spec calls', () => {
  const bodies: Record<string, () => Record<string, unknown>> = {
    climate: () => ({ workCategory: 'light', temperature: 25, humidity: 60, airSpeed: 0.3 }),
    light: () => ({ taskId: limit['AS-VP-CHUNG'], illuminance: 350 }),
    noise: () => ({ laeq: 80, exposureMinutes: 480 }),
    vibrate: () => ({ kind: 'handArm', acceleration: 2.1 }),
    dust: () => ({ dustTypeId: limit['BUI-AMIANG-CHRYSOTIL'], concentration: 0.05 }),
    poison: () => ({ substanceId: limit['HC-CO'], twa: 12 }),
    radation: () => ({ classId: limit['DTT-3-65KHZ-E'], value: 120 }),
    job: () => ({ indicator: 'Nhịp tim', value: 110, permittedValue: 120, unit: 'nhịp/phút' }),
    'another-factor': () => ({ factorName: 'Vi sinh vật', value: 3, permittedValue: 2 }),
  };
  it.each(READING_FACTORS.map((x) => x.slug))(
    '%s: create, get-by-id, update, get-paging, get-combobox, delete',
    async (slug) => {
      const r = await report(f.employerA);
      const created = await judged(f.employerA, slug, { reportId: r.id, ...bodies[slug]!() });
      expect(created.businessId).toBe(f.businessA.id);
      const id = created.id as string;
      const one = await t.request({ url: `${M}/get-by-id-${slug}/${id}`, headers: f.employerA.headers });
      expect(one.statusCode).toBe(200);
      const updated = await t.request({
        method: 'PUT',
        url: `${M}/update-${slug}?id=${id}`,
        headers: f.employerA.headers,
        payload: { ...(one.json() as Record<string, unknown>), position: 'Vị trí đã sửa' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().position).toBe('Vị trí đã sửa');
      const page = await t.request({
        url: `${M}/get-paging-${slug}`,
        query: { reportId: r.id as string, pageNumber: '1', pageSize: '10' },
        headers: f.employerA.headers,
      });
      expect(page.json()).toMatchObject({ totalRecord: 1, pageLists: [expect.objectContaining({ id })] });
      const combo = await t.request({
        url: `${M}/get-combobox-${slug}`,
        query: { reportId: r.id as string },
        headers: f.employerA.headers,
      });
      expect(combo.json()).toEqual([expect.objectContaining({ value: id, label: 'Vị trí đã sửa' })]);
      // Out of scope: the other employer and the other commune see nothing of it.
      expect((await t.request({ url: `${M}/get-by-id-${slug}/${id}`, headers: f.employerB.headers })).statusCode).toBe(
        404,
      );
      expect((await t.request({ url: `${M}/get-by-id-${slug}/${id}`, headers: f.districtB.headers })).statusCode).toBe(
        404,
      );
      expect((await t.request({ url: `${M}/get-by-id-${slug}/${id}`, headers: f.districtA.headers })).statusCode).toBe(
        200,
      );
      const deleted = await t.request({
        method: 'POST',
        url: `${M}/delete-${slug}`,
        headers: f.employerA.headers,
        payload: [id],
      });
      expect(deleted.json()).toEqual({ deleted: 1 });
      expect(
        (await t.request({ url: `${M}/get-by-id/${r.id as string}`, headers: f.employerA.headers })).json()
          .readingCount,
      ).toBe(0);
    },
  );

  it('a reading cannot be filed into another employer’s report', async () => {
    const r = await report(f.employerB);
    const res = await reading(f.employerA, 'noise', { reportId: r.id, laeq: 80, exposureMinutes: 480 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('reportId');
  });
});

describe('the classification pickers of the reading forms', () => {
  it('offer only the factor’s own standards (a lighting task, never a chemical), which the server accepts', async () => {
    for (const r of READING_FACTORS) {
      const file = `monitoring-${r.key.slice('monitoring'.length).toLowerCase()}`;
      const area = ((await import(`@portal/domain/catalog/areas/${file}`)) as { default: CatalogDeclaration }).default;
      for (const [name, field] of Object.entries(area.fields)) {
        if (field.kind !== 'reference' || field.target !== 'monitoringLimit' || field.readOnly) continue;
        // What the form's drop-down asks for: the field's filters, a list as the web client joins it.
        expect(field.filters, `${r.key}.${name}`).toEqual({ factor: r.limits });
        const res = await t.request({
          url: '/api/MenuObservationMonitor/get-combobox',
          query: { take: '500', factor: r.limits.join(',') },
          headers: f.employerA.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        const ids = (res.json() as { value: string }[]).map((o) => o.value);
        if (r.factor === 'light') expect(ids).toContain(limit['AS-VP-CHUNG']);
        if (!ids.length) continue;
        const factors = await sql<{ factor: string }>`select distinct factor from monitoring_limit
          where id in (${sql.join(ids)})`.execute(t.database.db);
        expect(
          factors.rows.map((x) => x.factor).filter((x) => !(r.limits as readonly string[]).includes(x)),
          `${r.key}.${name}`,
        ).toEqual([]);
      }
    }
    const refused = await t.request({
      url: '/api/MenuObservationMonitor/get-combobox',
      query: { factor: 'light,nothing' },
      headers: f.employerA.headers,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('reports, the organisation’s file and the department’s views', () => {
  it('the report counts its readings, lists them exceedances first and asks for measures by a deadline', async () => {
    const r = await report(f.employerA, { monitoredOn: '2025-04-01' });
    await judged(f.employerA, 'noise', { reportId: r.id, laeq: 80, exposureMinutes: 480 });
    await judged(f.employerA, 'light', { reportId: r.id, taskId: limit['AS-DONG-GOI'], illuminance: 250 });
    await judged(f.employerA, 'climate', {
      reportId: r.id,
      workCategory: 'heavy',
      temperature: 31,
      humidity: 50,
      airSpeed: 0.5,
    });
    const detail = await t.request({ url: `${M}/get-readings/${r.id as string}`, headers: f.employerA.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.readings.map((x: { factor: string; verdict: string }) => [x.factor, x.verdict])).toEqual([
      ['climate', 'exceeds'],
      ['light', 'exceeds'],
      ['noise', 'pass'],
    ]);
    expect(body.readings[1]).toMatchObject({
      limitText: '≥ 300 lux',
      regulation: 'QCVN 22:2016/BYT',
      taskName: 'Khu đóng gói, gửi hàng',
    });
    // 90 days (LegalDeadline MONITORING_MEASURES) from the monitoring date.
    expect(body.report).toMatchObject({
      readingCount: 3,
      exceedanceCount: 2,
      measuresStatus: 'required',
      measuresDueDate: '2025-06-30',
      year: 2025,
    });
    const done = await t.request({
      method: 'PUT',
      url: `${M}/update?id=${r.id as string}`,
      headers: f.employerA.headers,
      payload: { ...body.report, measures: 'Bổ sung đèn, quạt thông gió', followUpOn: '2025-06-20' },
    });
    expect(done.json()).toMatchObject({ measuresStatus: 'done' });
    expect(
      (await t.request({ url: `${M}/get-readings/${r.id as string}`, headers: f.employerB.headers })).statusCode,
    ).toBe(404);
  });

  it('a report needs an organisation qualified on its date, and no future date', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${M}/create`,
      headers: f.employerA.headers,
      payload: { code: 'QT-CU', organizationId: org, monitoredOn: '2023-05-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'organizationId' })]);
  });

  it('imports the organisation’s file (report and readings of several factors); a dry run stores nothing', async () => {
    const rows = [
      { factor: 'report', code: 'QT-FILE-1', organizationId: 'QT-T1', monitoredOn: '2025-05-20', exposedWorkers: 12 },
      {
        factor: 'noise',
        code: 'F1-O1',
        reportId: 'QT-FILE-1',
        position: 'Máy nén khí',
        laeq: 91,
        exposureMinutes: 480,
      },
      {
        factor: 'poison',
        code: 'F1-H1',
        reportId: 'QT-FILE-1',
        position: 'Kho lạnh',
        substanceId: 'HC-NH3',
        twa: 12,
        stel: 20,
      },
      {
        factor: 'light',
        code: 'F1-A1',
        reportId: 'QT-FILE-1',
        position: 'Văn phòng',
        taskId: 'AS-VP-CHUNG',
        illuminance: 310,
      },
      { factor: 'sound', code: 'F1-X', reportId: 'QT-FILE-1', position: '?' },
    ];
    const dry = await t.request({
      method: 'POST',
      url: `${M}/import-observation-monitor-from-json`,
      query: { dryRun: 'true' },
      headers: f.employerA.headers,
      payload: rows,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, true, true, true, false]);
    expect(
      (
        await t.request({ url: `${M}/get-paging`, query: { keyWord: 'QT-FILE-1' }, headers: f.employerA.headers })
      ).json().totalRecord,
    ).toBe(0);
    const stored = await t.request({
      method: 'POST',
      url: `${M}/import-observation-monitor-from-json`,
      headers: f.employerA.headers,
      payload: rows.slice(0, 4),
    });
    expect(stored.json()).toMatchObject({ created: 4 });
    const id = stored.json().data[0].id as string;
    const detail = (await t.request({ url: `${M}/get-readings/${id}`, headers: f.employerA.headers })).json();
    expect(detail.readings[0]).toMatchObject({ factor: 'noise', verdict: 'exceeds', regulation: 'QCVN 24:2016/BYT' });
    expect(detail.report).toMatchObject({ businessId: f.businessA.id, exceedanceCount: 1 });
    // Sent again, nothing new.
    const again = await t.request({
      method: 'POST',
      url: `${M}/import-observation-monitor-from-json`,
      headers: f.employerA.headers,
      payload: rows.slice(0, 4),
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 4 });
  });

  it('overview by factor × commune, missing/late employers, repeated exceedances, workers to examine — within scope', async () => {
    const position = (
      await sql<{
        id: string;
      }>`insert into position (code, name, business_id) values ('VH-MAY', 'Vận hành máy nén', ${f.businessA.id}::uuid) returning id`.execute(
        t.database.db,
      )
    ).rows[0]!.id;
    await sql`insert into worker (full_name, birth_date, sex, business_id, position_id)
      values ('Nguyễn Văn Thợ', '1990-01-01', 'male', ${f.businessA.id}::uuid, ${position}::uuid)`.execute(
      t.database.db,
    );
    const y2024 = await report(f.employerA, { monitoredOn: '2024-06-01' });
    const y24 = await judged(f.employerA, 'noise', {
      reportId: y2024.id,
      laeq: 90,
      exposureMinutes: 480,
      positionId: position,
    });
    const y2025 = await report(f.employerA, { monitoredOn: '2025-06-01' });
    await judged(f.employerA, 'noise', { reportId: y2025.id, laeq: 92, exposureMinutes: 480, positionId: position });

    const all = (
      await t.request({ url: `${M}/get-overview`, query: { year: '2025' }, headers: f.department.headers })
    ).json();
    const noiseA = all.rows.find(
      (r: { factor: string; wardId: string }) => r.factor === 'noise' && r.wardId === f.wards[0],
    );
    expect(noiseA.exceedances).toBeGreaterThanOrEqual(1);
    expect(all.byFactor.map((x: { factor: string }) => x.factor)).toContain('noise');
    const other = (
      await t.request({ url: `${M}/get-overview`, query: { year: '2025' }, headers: f.districtB.headers })
    ).json();
    expect(other.rows.filter((r: { wardId: string }) => r.wardId === f.wards[0])).toEqual([]);
    const ownB = (
      await t.request({ url: `${M}/get-overview`, query: { year: '2025' }, headers: f.employerB.headers })
    ).json();
    expect(ownB.exceedances).toBe(0);

    // Monitored ten days ago: on time.
    await report(f.employerA, { monitoredOn: addDays(clock.today(), -10) });
    const missing = (
      await t.request({ url: `${M}/get-paging-missing`, query: { pageSize: '500' }, headers: f.department.headers })
    ).json();
    const ids = missing.pageLists.map((r: { businessId: string }) => r.businessId);
    expect(ids, JSON.stringify(missing)).not.toContain(f.businessA.id);
    const missingA = (await t.request({ url: `${M}/get-paging-missing`, headers: f.districtA.headers })).json();
    expect(
      missingA.pageLists.map((r: { businessId: string }) => r.businessId),
      JSON.stringify(missingA),
    ).not.toContain(f.businessB.id);

    const repeated = (await t.request({ url: `${M}/get-paging-repeated`, headers: f.department.headers })).json();
    expect(repeated.pageLists).toContainEqual(
      expect.objectContaining({ businessId: f.businessA.id, factor: 'noise', years: [2024, 2025] }),
    );
    expect(
      (await t.request({ url: `${M}/get-paging-repeated`, headers: f.employerB.headers })).json().totalRecord,
    ).toBe(0);
    // The 2024 reading deleted, the repeat is gone; restored from the trash bin, it is back.
    const repeatedA = async () =>
      (await t.request({ url: `${M}/get-paging-repeated`, headers: f.employerA.headers })).json().pageLists as {
        factor: string;
      }[];
    await t.request({ method: 'POST', url: `${M}/delete-noise`, headers: f.employerA.headers, payload: [y24.id] });
    expect((await repeatedA()).filter((r) => r.factor === 'noise')).toEqual([]);
    const restored = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: admin.headers,
      payload: { area: 'ObservationMonitorNoise', ids: [y24.id] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await repeatedA()).map((r) => r.factor)).toContain('noise');

    const exam = (
      await t.request({ url: `${M}/get-periodic-examination`, query: { year: '2025' }, headers: f.employerA.headers })
    ).json();
    expect(exam.pageLists).toContainEqual(
      expect.objectContaining({ fullName: 'Nguyễn Văn Thợ', positionName: 'Vận hành máy nén', factors: ['noise'] }),
    );
    expect(
      (await t.request({ url: `${M}/get-periodic-examination`, headers: f.employerB.headers })).json().totalRecord,
    ).toBe(0);
  });

  it('the standards: level menus per factor, the light tree', async () => {
    const dust = await t.request({
      url: '/api/MenuObservationMonitor/get-paging',
      query: { factor: 'dust' },
      headers: f.employerA.headers,
    });
    expect(dust.json().totalRecord).toBeGreaterThanOrEqual(6);
    const tree = (
      await t.request({ url: '/api/MenuObservationMonitor/get-treeview-light', headers: f.employerA.headers })
    ).json();
    expect(tree.map((g: { group: string }) => g.group)).toEqual(expect.arrayContaining(['Văn phòng', 'Kho']));
    const combo = await t.request({
      url: '/api/MenuObservationMonitor/get-combobox',
      query: { factor: 'chemistry', keyWord: 'benzen' },
      headers: f.employerA.headers,
    });
    expect(combo.json()).toEqual([expect.objectContaining({ value: limit['HC-BENZEN'] })]);
    // Kept by the department: an employer may not change them.
    const row = (
      await t.request({ url: `/api/MenuObservationMonitor/get-by-id/${limit['HC-CO']!}`, headers: admin.headers })
    ).json();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/MenuObservationMonitor/update?id=${row.id as string}`,
          headers: admin.headers,
          payload: { ...row, validTo: '2010-01-01' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reminds the employer of its measures, and tells the department and the commune when they are overdue', async () => {
    const r = await report(f.employerB, { monitoredOn: '2025-01-10' });
    await judged(f.employerB, 'noise', { reportId: r.id, laeq: 95, exposureMinutes: 480 });
    const first = await runMonitoringReminders(t.app, '2025-05-01');
    expect(first.measures).toBeGreaterThanOrEqual(1);
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    // Each reminder once.
    expect((await runMonitoringReminders(t.app, '2025-05-01')).measures).toBe(0);
    const kinds = await sql<{ kind: string }>`select kind from notification where kind like 'monitoring%'`.execute(
      t.database.db,
    );
    expect(kinds.rows.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['monitoringMeasuresDue', 'monitoringMeasuresOverdue']),
    );
  });
});

describe('report date', () => {
  it('refuses a report dated before its monitoring, and counts the measures deadline from the monitoring', async () => {
    const refused = await t.request({
      method: 'POST',
      url: `${M}/create`,
      headers: f.employerA.headers,
      payload: { code: 'QT-BEFORE', organizationId: org, monitoredOn: '2025-11-20', reportedOn: '2025-11-10' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('reportedOn');
    const r = await report(f.employerA, { monitoredOn: '2025-04-01', reportedOn: '2025-05-15' });
    await judged(f.employerA, 'light', { reportId: r.id, taskId: limit['AS-DONG-GOI'], illuminance: 250 });
    const body = (await t.request({ url: `${M}/get-readings/${r.id as string}`, headers: f.employerA.headers })).json();
    // 90 days from 1 April, not from the report's 15 May.
    expect(body.report).toMatchObject({ measuresStatus: 'required', measuresDueDate: '2025-06-30' });
  });
});
