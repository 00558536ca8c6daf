import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/dates';
import { clock } from '../../src/platform/clock/index.ts';
import { installCertificate } from '../../src/modules/signed-documents/service.ts';
import { testAuthorityFor } from '../../src/modules/signed-documents/seed.ts';
import { createBusiness, scopeFixture, sessionWith, type Session } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { readPdf } from '../support/pdf.ts';

/**
 * The status of periodic reports through the API, on a hand-counted fixture: an annual OSH report of 2025 expected
 * from eight employers in two communes and two sectors (one more exempted), filed on time, late, returned, in draft
 * or not at all, due five days ago. The counts and rates in all, by commune and by sector, for the department, a
 * commune and an employer; the drill-down by each count; the spreadsheets read back; the consolidated report from the
 * accepted reports only (sums, a computed total, the share it rests on) as JSON, xlsx and a signed PDF checked with
 * pdfsig; the public calls (no sign-in, aggregates and three fields per employer, nothing else); bad input.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let typeId: string;
let communeTypeId: string;
let outsider: Session;
let dir: string;
const PERIOD = '2025';
const S = '/api/Report';
const ids: Record<string, string> = {};
const names: Record<string, string> = {};

type Values = Record<string, unknown>;

async function get(as: Session | null, url: string) {
  return t.request({ method: 'GET', url, ...(as ? { headers: as.headers } : {}) });
}

async function sector(code: string, name: string): Promise<string> {
  return (
    await sql<{ id: string }>`insert into bussiness_sector (code, name) values (${code}, ${name}) returning id`.execute(
      t.database.db,
    )
  ).rows[0]!.id;
}

async function reporter(
  key: string,
  business: { id: string; code: string; wardCode: string },
  sectorId: string,
  submission?: { status: string; filedOn?: number; values?: Values },
  removed = false,
) {
  const today = clock.today();
  const name = `Công ty ${key} ${business.code}`;
  names[key] = name;
  ids[key] = business.id;
  await sql`insert into report_expected (report_type_id, period_key, period_start, period_end, opens_on, due_on,
      closes_on, reporter_kind, reporter_key, business_id, ward_code, sector_id, reporter_name, removed_at, removed_reason)
    values (${typeId}::uuid, ${PERIOD}, '2025-01-01', '2025-12-31', ${addDays(today, -40)}::date, ${addDays(today, -5)}::date,
      null, 'business', ${business.id}, ${business.id}::uuid, ${business.wardCode}, ${sectorId}::uuid, ${name},
      ${removed ? sql`now()` : null}, ${removed ? 'Miễn theo quyết định' : null})`.execute(t.database.db);
  if (submission)
    await sql`insert into report_submission (report_type_id, period_key, reporter_kind, reporter_key, business_id, ward_code,
        status, form_code, form_version, "values", first_submitted_on)
      values (${typeId}::uuid, ${PERIOD}, 'business', ${business.id}, ${business.id}::uuid, ${business.wardCode},
        ${submission.status}, 'annual-osh', 1, ${JSON.stringify(submission.values ?? {})}::jsonb,
        ${submission.filedOn === undefined ? null : addDays(today, submission.filedOn)}::date)`.execute(t.database.db);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'report-status-'));
  t = await createTestApp();
  const db = t.database.db;
  f = await scopeFixture(t, ['Report.read']);
  outsider = await sessionWith(t, { permissions: ['Worker.read'] });
  const suffix = randomBytes(3).toString('hex');
  typeId = (
    await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, period_type, deadline_rule,
        form_code, active)
      values (${`t-osh-${suffix}`}, 'Báo cáo công tác an toàn, vệ sinh lao động năm (thử)', 'Thông tư 07/2016',
        'business', 'year', 'REPORT_TEST', 'annual-osh', true)
      returning id`.execute(db)
  ).rows[0]!.id;
  communeTypeId = (
    await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, period_type, deadline_rule,
        form_code, active)
      values (${`t-commune-${suffix}`}, 'Báo cáo của xã (thử)', 'Căn cứ thử', 'commune', 'year', 'REPORT_TEST',
        'commune-osh', true)
      returning id`.execute(db)
  ).rows[0]!.id;
  const manufacturing = await sector(`T-C-${suffix}`, 'Công nghiệp chế biến, chế tạo (thử)');
  const building = await sector(`T-F-${suffix}`, 'Xây dựng (thử)');
  const [wardA, wardB] = f.wards;
  const more = async (ward: string) => createBusiness(t, ward, 'Công ty thêm');
  // Commune A: A accepted on time, E1 accepted late, E2 returned (filed on time), E3 a draft, E4 nothing.
  await reporter('A', f.businessA, manufacturing, {
    status: 'accepted',
    filedOn: -10,
    values: {
      totalWorkers: 100,
      femaleWorkers: 40,
      healthClasses: [{ workers: 50, female: 20 }, { workers: 50, female: 20 }, {}, {}, {}],
      costTechnical: 10,
      note: 'không cộng',
    },
  });
  await reporter('E1', await more(wardA), manufacturing, {
    status: 'accepted',
    filedOn: -2,
    values: { totalWorkers: 30, femaleWorkers: 10, healthClasses: [{ workers: 30, female: 10 }] },
  });
  await reporter('E2', await more(wardA), building, { status: 'returned', filedOn: -6, values: { totalWorkers: 999 } });
  await reporter('E3', await more(wardA), building, { status: 'draft', values: { totalWorkers: 888 } });
  await reporter('E4', await more(wardA), building);
  // Commune B: B submitted on time, E5 accepted on time, E6 nothing, E7 exempted (not expected).
  await reporter('B', f.businessB, building, { status: 'submitted', filedOn: -5, values: { totalWorkers: 777 } });
  await reporter('E5', await more(wardB), manufacturing, {
    status: 'accepted',
    filedOn: -20,
    values: { totalWorkers: 20, costPpe: 5, accidentCost: 1.5 },
  });
  await reporter('E6', await more(wardB), manufacturing);
  await reporter('E7', await more(wardB), manufacturing, undefined, true);
  ids.manufacturing = manufacturing;
  ids.building = building;
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const q = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ reportTypeId: typeId, periodKey: PERIOD, ...extra }).toString();

const COUNTS = ['expected', 'complete', 'onTime', 'late', 'returned', 'missing', 'accepted'] as const;
const counts = (o: Record<string, unknown>) => Object.fromEntries(COUNTS.map((k) => [k, o[k]]));

describe('the status of a report type and period', () => {
  it('counts the department’s reporters in all, by commune and by sector, with filing.ts’s rates', async () => {
    const res = await get(f.department, `${S}/status?${q()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(counts(body.totals)).toEqual({
      expected: 8,
      complete: 4,
      onTime: 4,
      late: 1,
      returned: 1,
      missing: 3,
      accepted: 3,
    });
    expect(body.totals.completeness).toBe(0.5);
    expect(body.totals.timeliness).toBe(0.5);
    expect(body.schedule).toEqual({ opensOn: addDays(clock.today(), -40), dueOn: addDays(clock.today(), -5) });
    expect(body.period).toMatchObject({ key: '2025', start: '2025-01-01', end: '2025-12-31' });
    const byWard = Object.fromEntries(body.rows.map((r: Record<string, unknown>) => [r.key, counts(r)]));
    expect(byWard[f.wards[0]]).toEqual({
      expected: 5,
      complete: 2,
      onTime: 2,
      late: 1,
      returned: 1,
      missing: 2,
      accepted: 2,
    });
    expect(byWard[f.wards[1]]).toEqual({
      expected: 3,
      complete: 2,
      onTime: 2,
      late: 0,
      returned: 0,
      missing: 1,
      accepted: 1,
    });
    expect(body.rows.every((r: { name: string | null }) => typeof r.name === 'string' && r.name.length > 0)).toBe(true);

    const sectors = (await get(f.department, `${S}/status?${q({ groupBy: 'sector' })}`)).json();
    const bySector = Object.fromEntries(sectors.rows.map((r: Record<string, unknown>) => [r.key, counts(r)]));
    expect(bySector[ids.manufacturing!]).toEqual({
      expected: 4,
      complete: 3,
      onTime: 2,
      late: 1,
      returned: 0,
      missing: 1,
      accepted: 3,
    });
    expect(bySector[ids.building!]).toEqual({
      expected: 4,
      complete: 1,
      onTime: 2,
      late: 0,
      returned: 1,
      missing: 2,
      accepted: 0,
    });
    expect(sectors.rows.find((r: { key: string }) => r.key === ids.manufacturing)?.name).toBe(
      'Công nghiệp chế biến, chế tạo (thử)',
    );
  });

  it('keeps a commune to its area and an employer to its own report', async () => {
    const commune = (await get(f.districtA, `${S}/status?${q()}`)).json();
    expect(counts(commune.totals)).toEqual({
      expected: 5,
      complete: 2,
      onTime: 2,
      late: 1,
      returned: 1,
      missing: 2,
      accepted: 2,
    });
    expect(commune.rows.map((r: { key: string }) => r.key)).toEqual([f.wards[0]]);
    // A commune's sectors are counted from its reporters' rows (the rollup counts communes and sectors apart).
    const other = (await get(f.districtB, `${S}/status?${q({ groupBy: 'sector' })}`)).json();
    expect(other.totals.expected).toBe(3);
    const sectorsOfB = Object.fromEntries(other.rows.map((r: Record<string, unknown>) => [r.key, counts(r)]));
    expect(sectorsOfB[ids.manufacturing!]).toEqual({
      expected: 2,
      complete: 1,
      onTime: 1,
      late: 0,
      returned: 0,
      missing: 1,
      accepted: 1,
    });
    expect(sectorsOfB[ids.building!]).toEqual({
      expected: 1,
      complete: 1,
      onTime: 1,
      late: 0,
      returned: 0,
      missing: 0,
      accepted: 0,
    });
    const crossed = (await get(f.department, `${S}/status?${q({ groupBy: 'sector', wardCode: f.wards[0] })}`)).json();
    expect(crossed.totals.expected).toBe(5);
    expect(crossed.rows.map((r: { key: string; expected: number }) => [r.key, r.expected]).sort()).toEqual(
      [
        [ids.building!, 3],
        [ids.manufacturing!, 2],
      ].sort(),
    );
    const employer = (await get(f.employerA, `${S}/status?${q()}`)).json();
    expect(counts(employer.totals)).toEqual({
      expected: 1,
      complete: 1,
      onTime: 1,
      late: 0,
      returned: 0,
      missing: 0,
      accepted: 1,
    });
    const reporters = (await get(f.employerB, `${S}/status/reporters?${q()}`)).json();
    expect(reporters.pageLists.map((r: { reporterName: string }) => r.reporterName)).toEqual([names.B]);
    const fromA = (await get(f.districtA, `${S}/status/reporters?${q({ pageSize: '50' })}`)).json();
    expect(fromA.totalRecord).toBe(5);
    expect(fromA.pageLists.every((r: { wardCode: string }) => r.wardCode === f.wards[0])).toBe(true);
  });

  it('drills down to the reporters behind each count, page by page', async () => {
    const keysOf = async (extra: Record<string, string>) => {
      const res = await get(f.department, `${S}/status/reporters?${q({ pageSize: '50', ...extra })}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.totalRecord).toBe(body.pageLists.length);
      return body.pageLists
        .map((r: { businessId: string }) => Object.keys(ids).find((k) => ids[k] === r.businessId))
        .sort();
    };
    expect(await keysOf({})).toEqual(['A', 'B', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
    expect(await keysOf({ status: 'complete' })).toEqual(['A', 'B', 'E1', 'E5']);
    expect(await keysOf({ status: 'onTime' })).toEqual(['A', 'B', 'E2', 'E5']);
    expect(await keysOf({ status: 'late' })).toEqual(['E1']);
    expect(await keysOf({ status: 'returned' })).toEqual(['E2']);
    expect(await keysOf({ status: 'missing' })).toEqual(['E3', 'E4', 'E6']);
    expect(await keysOf({ status: 'accepted' })).toEqual(['A', 'E1', 'E5']);
    expect(await keysOf({ status: 'submitted' })).toEqual(['B']);
    expect(await keysOf({ status: 'draft' })).toEqual([]);
    expect(await keysOf({ status: 'missing', wardCode: f.wards[1] })).toEqual(['E6']);
    expect(await keysOf({ sectorId: ids.building! })).toEqual(['B', 'E2', 'E3', 'E4']);
    expect(await keysOf({ keyWord: 'cong ty e3' })).toEqual(['E3']);
    expect(await keysOf({ keyWord: f.businessA.code })).toEqual(['A']);

    const row = (await get(f.department, `${S}/status/reporters?${q({ keyWord: names.E1! })}`)).json().pageLists[0];
    expect(row).toMatchObject({
      reporterName: names.E1,
      status: 'accepted',
      onTime: false,
      firstSubmittedOn: addDays(clock.today(), -2),
      dueOn: addDays(clock.today(), -5),
      sectorName: 'Công nghiệp chế biến, chế tạo (thử)',
    });
    expect(row.taxCode).toMatch(/^58\d{8}$/);
    expect(row.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await get(f.department, `${S}/status/reporters?${q({ keyWord: names.E3! })}`)).json().pageLists[0].status,
    ).toBe('overdue');

    // Pages follow the name order and do not overlap; the total stays the whole list's.
    const page1 = (await get(f.department, `${S}/status/reporters?${q({ pageSize: '3' })}`)).json();
    const page3 = (await get(f.department, `${S}/status/reporters?${q({ pageSize: '3', pageNumber: '3' })}`)).json();
    expect(page1.totalRecord).toBe(8);
    expect(page1.pageLists).toHaveLength(3);
    expect(page3.pageLists).toHaveLength(2);
    const all = [...page1.pageLists, ...page3.pageLists].map((r: { reporterName: string }) => r.reporterName);
    expect(new Set(all).size).toBe(5);
    const sorted = (
      await get(
        f.department,
        `${S}/status/reporters?${q({ pageSize: '50', sortBy: 'firstSubmittedOn', sortOrder: 'desc' })}`,
      )
    ).json();
    expect(sorted.pageLists[0].reporterName).toBe(names.E1);
  });

  it('hands out the status and the reporters as spreadsheets', async () => {
    const res = await get(f.department, `${S}/status/export?${q()}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Tổng hợp', 'Theo xã, phường', 'Theo ngành nghề']);
    const cells = (name: string) =>
      Array.from(book.getWorksheet(name)!.getSheetValues(), (r) => (Array.isArray(r) ? r.slice(1) : []));
    const totals = cells('Tổng hợp');
    const header = totals.findIndex((r) => r[0] === 'Phải nộp');
    expect(totals[header + 1]).toEqual([8, 4, 4, 1, 1, 3, 50, 50]);
    const wards = cells('Theo xã, phường');
    expect(wards.at(-1)).toEqual(['Cộng', 8, 4, 4, 1, 1, 3, 50, 50]);

    const list = await get(f.department, `${S}/status/reporters/export?${q({ status: 'missing' })}`);
    expect(list.statusCode).toBe(200);
    const listBook = new ExcelJS.Workbook();
    await listBook.xlsx.load(list.rawPayload as unknown as ArrayBuffer);
    const rows = listBook.worksheets[0]!.getSheetValues().filter(Array.isArray);
    expect(rows[0]!.slice(1, 3)).toEqual(['Đơn vị báo cáo', 'Mã số thuế / mã đơn vị']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([names.E3, names.E4, names.E6].sort());
    expect(rows.slice(1).every((r) => r[6] === 'Quá hạn chưa nộp')).toBe(true);
  });

  it('lists the opened periods of each report type', async () => {
    const res = await get(f.department, `${S}/status/options`);
    expect(res.statusCode).toBe(200);
    const type = res.json().types.find((x: { id: string }) => x.id === typeId);
    expect(type.periods.map((p: { key: string }) => p.key)).toEqual(['2025']);
    expect(res.json().types.find((x: { id: string }) => x.id === communeTypeId).periods).toEqual([]);
  });
});

describe('the consolidated report', () => {
  it('adds up the accepted reports only, computes the totals again and states the share it rests on', async () => {
    const res = await get(f.department, `${S}/consolidated?${q()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.basis).toEqual({ expected: 8, accepted: 3, share: 0.375, summed: 3 });
    expect(body.values.totalWorkers).toBe(150);
    expect(body.values.femaleWorkers).toBe(50);
    expect(body.values.accidentCost).toBe(1.5);
    expect(body.values.costTotal).toBe(15);
    expect(body.values.note ?? null).toBeNull();
    expect(body.values.healthClasses[0]).toEqual({ workers: 80, female: 30 });
    expect(body.values.healthClasses[1]).toEqual({ workers: 50, female: 20 });
    const line = (p: string) => body.lines.find((l: { path: string }) => l.path === p);
    expect(line('totalWorkers')).toMatchObject({ kind: 'value', label: 'Tổng số lao động', unit: 'người', value: 150 });
    expect(line('healthClasses.0.workers')).toMatchObject({ label: 'Loại I — Số người', value: 80 });
    expect(line('healthClasses.workers')).toMatchObject({ label: 'Cộng — Số người', value: 130 });
    expect(body.lines[0]).toMatchObject({ kind: 'section', label: '1. Lao động' });

    // A commune's consolidation is of its area.
    const commune = (await get(f.districtB, `${S}/consolidated?${q()}`)).json();
    expect(commune.basis).toEqual({ expected: 3, accepted: 1, share: 1 / 3, summed: 1 });
    expect(commune.values.totalWorkers).toBe(20);
  });

  it('is a spreadsheet and a PDF signed with the department’s certificate', async () => {
    const authority = testAuthorityFor('Lâm Đồng');
    await installCertificate(t.database.db, t.config.jwtSecret, authority.pkcs12, authority.password, { isTest: true });
    const xlsx = await get(f.department, `${S}/consolidated/export?${q()}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Array.isArray);
    expect(rows.find((r) => r[1] === 'Tổng số lao động')?.slice(1, 4)).toEqual(['Tổng số lao động', 'người', 150]);
    expect(rows.some((r) => String(r[1]).includes('3/8'))).toBe(true);

    const res = await get(f.department, `${S}/consolidated/pdf?${q()}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, 'consolidated.pdf');
    writeFileSync(file, res.rawPayload);
    try {
      execFileSync('pdfsig', ['-v'], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(`pdfsig (Debian package poppler-utils) must be installed for this test: ${String(e)}`, {
        cause: e,
      });
    }
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain('Signature is Valid');
    const read = await readPdf(res.rawPayload);
    const text = read.text.replace(/\s+/g, ' ');
    expect(text).toContain('BÁO CÁO TỔNG HỢP');
    expect(text).toContain('Tổng hợp từ 3/8 báo cáo phải nộp đã được chấp nhận (37,5 %)');
    expect(text).toContain('Tổng số lao động');
    expect(text).toMatch(/Tổng số lao động người 150/);
  });
});

describe('the public look-ups', () => {
  it('answer the rates by commune without sign-in, aggregates only, cacheable', async () => {
    const res = await get(null, `${S}/public/status?reportTypeId=${typeId}&periodKey=${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['asOf', 'period', 'reportType', 'rows', 'schedule', 'today', 'totals']);
    expect(counts(body.totals)).toEqual({
      expected: 8,
      complete: 4,
      onTime: 4,
      late: 1,
      returned: 1,
      missing: 3,
      accepted: 3,
    });
    expect(body.rows).toHaveLength(2);
    expect(Object.keys(body.rows[0]).sort()).toEqual(
      [
        'accepted',
        'complete',
        'completeness',
        'expected',
        'key',
        'late',
        'missing',
        'name',
        'onTime',
        'returned',
        'timeliness',
      ].sort(),
    );
    const options = (await get(null, `${S}/public/status-options`)).json();
    expect(options.types.find((x: { id: string }) => x.id === typeId).periods[0].key).toBe('2025');
  });

  it('list the employers by how they filed: name, tax code and commune, nothing else', async () => {
    const list = async (extra: Record<string, string> = {}) => {
      const res = await get(null, `${S}/public/filers?${q({ pageSize: '50', ...extra })}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list();
    expect(all.totalRecord).toBe(8);
    expect(all.dueOn).toBe(addDays(clock.today(), -5));
    expect(typeof all.asOf).toBe('string');
    for (const item of all.pageLists)
      expect(Object.keys(item).sort()).toEqual(['name', 'status', 'taxCode', 'wardName']);
    const byName = Object.fromEntries(all.pageLists.map((r: { name: string; status: string }) => [r.name, r.status]));
    expect(byName[names.A!]).toBe('onTime');
    expect(byName[names.E1!]).toBe('late');
    expect(byName[names.E2!]).toBe('onTime');
    expect(byName[names.E3!]).toBe('notFiled');
    expect(byName[names.E7!]).toBeUndefined();
    const raw = JSON.stringify(all);
    for (const id of Object.values(ids)) expect(raw).not.toContain(id);
    expect((await list({ status: 'late' })).pageLists.map((r: { name: string }) => r.name)).toEqual([names.E1]);
    const notFiled = await list({ status: 'notFiled', wardCode: f.wards[0] });
    expect(notFiled.totalRecord).toBe(2);
    expect((await list({ status: 'onTime', pageSize: '2' })).totalRecord).toBe(4);
    expect((await list({ keyWord: 'cong ty e5' })).pageLists.map((r: { name: string }) => r.name)).toEqual([names.E5]);
    expect((await list({ keyWord: f.businessB.code })).pageLists.map((r: { name: string }) => r.name)).toEqual([
      names.B,
    ]);
  });

  it('keep the employers’ list to employers’ reports', async () => {
    const res = await get(null, `${S}/public/filers?reportTypeId=${communeTypeId}&periodKey=2025`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notEmployerReport');
  });
});

describe('bad input and access', () => {
  it('answers 4xx with the error body, never a 5xx', async () => {
    const cases: [Session | null, string, number][] = [
      [f.department, `${S}/status?reportTypeId=nope&periodKey=2025`, 400],
      [f.department, `${S}/status?reportTypeId=${typeId}&periodKey=2025-13`, 400],
      [f.department, `${S}/status?reportTypeId=${typeId}&periodKey=2025-H1`, 400],
      [f.department, `${S}/status?reportTypeId=${typeId}`, 400],
      [f.department, `${S}/status?${q({ groupBy: 'province' })}`, 400],
      [f.department, `${S}/status/reporters?${q({ status: 'lost' })}`, 400],
      [f.department, `${S}/status/reporters?${q({ pageSize: '5000' })}`, 400],
      [f.department, `${S}/status/reporters?${q({ sortBy: 'password' })}`, 400],
      [f.department, `${S}/status?reportTypeId=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}&periodKey=2025`, 404],
      [f.department, `${S}/consolidated?reportTypeId=${typeId}&periodKey=x`, 400],
      [null, `${S}/status?${q()}`, 401],
      [outsider, `${S}/status?${q()}`, 403],
      [outsider, `${S}/consolidated/pdf?${q()}`, 403],
      [null, `${S}/public/filers?reportTypeId=${typeId}&periodKey=2025&status=returned`, 400],
      [null, `${S}/public/filers?${q({ pageSize: '500' })}`, 400],
      [null, `${S}/public/status?reportTypeId=${typeId}&periodKey=2025-Q5`, 400],
    ];
    for (const [who, url, status] of cases) {
      const res = await get(who, url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(res.json().error.code, url).toEqual(expect.any(String));
    }
  });
});
