import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileClosedRecords } from '../src/modules/archive/index.ts';
import { scopeFixture, sessionWith, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';
import { readPdf } from './support/pdf.ts';

/**
 * Filing closed records under the index of files, on reference data only (no demo): the index files and rules the
 * reference seed writes, a retention set as data, a report type's own rule, idempotence, and the list in each
 * scope (search, filters, sort, paging).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let archivist: Session;
let typeA: string;
let typeB: string;

const READ = ['ArchiveRecord.read'];
const db = () => t.database.db;

async function reportType(code: string, name: string): Promise<string> {
  const row = await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, period_type,
      deadline_rule, form_code)
    values (${code}, ${name}, 'Thông tư thử nghiệm', 'business', 'year', 'TEST_RULE', 'annual-osh')
    returning id`.execute(db());
  return row.rows[0]!.id;
}

/** A report filed by an employer, accepted at `acceptedAt` (or still a draft). */
async function report(
  business: { id: string; wardCode: string },
  typeId: string,
  period: string,
  acceptedAt: string | null,
  number = `BC-${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const row = await sql<{ id: string }>`insert into report_submission (report_type_id, period_key, reporter_kind,
      reporter_key, business_id, ward_code, status, form_code, form_version, number, accepted_at)
    values (${typeId}, ${period}, 'business', ${business.id}, ${business.id}, ${business.wardCode},
      ${acceptedAt ? 'accepted' : 'draft'}, 'annual-osh', 1, ${number}, ${acceptedAt}::timestamptz)
    returning id`.execute(db());
  return row.rows[0]!.id;
}

async function indexFile(code: string) {
  const row = await sql<{
    id: string;
    code: string;
    name: string;
    retention_years: string | null;
    permanent: boolean;
    description: string | null;
  }>`select id, code, name, retention_years, permanent, description from index_file
    where code = ${code} and deleted_at is null`.execute(db());
  return row.rows[0]!;
}

async function filed(recordId: string) {
  const row = await sql<{
    index_file_id: string;
    retention_years: number | null;
    closed_on: string;
    dispose_on: string | null;
    title: string;
    ward_code: string | null;
    business_id: string | null;
  }>`select index_file_id, retention_years, closed_on::text, dispose_on::text, title, ward_code, business_id
    from archive_record where source = 'reportSubmission' and record_id = ${recordId}`.execute(db());
  return row.rows[0];
}

const count = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from archive_record`.execute(db())).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  f = await scopeFixture(t, READ);
  archivist = await sessionWith(t, {
    permissions: [
      'ArchiveRecord.read',
      'ArchiveRecord.file',
      'IndexFile.read',
      'IndexFile.create',
      'IndexFile.update',
      'IndexFile.delete',
      'ArchiveRule.read',
      'ArchiveRule.create',
      'ArchiveRule.delete',
      'ReportType.read',
    ],
  });
  typeA = await reportType('TEST-ANNUAL', 'Báo cáo công tác an toàn, vệ sinh lao động năm');
  typeB = await reportType('TEST-LABOUR', 'Báo cáo tình hình thay đổi lao động');
});
afterAll(async () => t?.close());

describe('archive filing', () => {
  it('seeds an index file and a filing rule for each kind of closed record, the retention left to the department', async () => {
    const reports = await indexFile('HS06');
    expect(reports).toMatchObject({ retention_years: null, permanent: false });
    expect(reports.name).toBe('Báo cáo công tác an toàn, vệ sinh lao động định kỳ');
    expect(reports.description).toContain('Sở xác định');
    const rules = await sql<{ source: string; code: string }>`select r.source, f.code from archive_rule r
      join index_file f on f.id = r.index_file_id where r.deleted_at is null order by r.source`.execute(db());
    expect(rules.rows).toEqual([
      { source: 'accidentInvestigation', code: 'HS01' },
      { source: 'equipmentDeclaration', code: 'HS04' },
      { source: 'inspection', code: 'HS08' },
      { source: 'reportSubmission', code: 'HS06' },
    ]);
  });

  it('files nothing while the index file has no retention, then files with the retention set as data', async () => {
    const a1 = await report(f.businessA, typeA, '2024', '2024-03-15T10:00:00+07:00', 'BC-A-2024');
    // Accepted late on 31 December in UTC: 1 January in Vietnam.
    const a2 = await report(f.businessA, typeB, '2024-H2', '2024-12-31T20:00:00Z', 'BC-A-2024H2');
    const b1 = await report(f.businessB, typeA, '2024', '2024-05-20T09:00:00+07:00', 'BC-B-2024');
    const draft = await report(f.businessB, typeB, '2025-H1', null);

    const waiting = await call(archivist, 'POST', '/api/ArchiveRecord/file-closed-records');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ filed: 0, bySource: { reportSubmission: { filed: 0, unfiled: 3 } } });
    expect(await count()).toBe(0);

    const hs06 = await indexFile('HS06');
    const put = await call(archivist, 'PUT', `/api/IndexFile/indexFiles/${hs06.id}`, {
      code: hs06.code,
      name: hs06.name,
      retentionYears: 10,
      permanent: false,
      description: hs06.description,
    });
    expect(put.statusCode, put.body).toBe(200);

    const run = await call(archivist, 'POST', '/api/ArchiveRecord/file-closed-records');
    expect(run.json()).toMatchObject({
      filed: 3,
      unfiled: 0,
      bySource: { reportSubmission: { filed: 3, unfiled: 0 } },
    });
    expect(await filed(a1)).toMatchObject({
      index_file_id: hs06.id,
      retention_years: 10,
      closed_on: '2024-03-15',
      dispose_on: '2034-03-15',
      business_id: f.businessA.id,
      ward_code: f.wards[0],
      title: 'Báo cáo công tác an toàn, vệ sinh lao động năm – kỳ 2024 – Công ty A ' + f.businessA.code,
    });
    expect(await filed(a2)).toMatchObject({ closed_on: '2025-01-01', dispose_on: '2035-01-01' });
    expect(await filed(b1)).toMatchObject({ closed_on: '2024-05-20', dispose_on: '2034-05-20' });
    expect(await filed(draft)).toBeUndefined();
    const audit = await sql<{ n: string }>`select count(*) as n from audit_log
      where subject = 'ArchiveRecord' and action = 'file'`.execute(db());
    expect(Number(audit.rows[0]!.n)).toBe(2);
  });

  it('is idempotent: filing again files nothing twice', async () => {
    const before = await count();
    expect(await fileClosedRecords(db())).toMatchObject({ filed: 0, unfiled: 0 });
    const again = await call(archivist, 'POST', '/api/ArchiveRecord/file-closed-records');
    expect(again.json()).toMatchObject({ filed: 0, unfiled: 0 });
    // Two runs at once still file each record once.
    await report(f.businessB, typeA, '2023', '2024-01-10T09:00:00+07:00');
    const both = await Promise.all([fileClosedRecords(db()), fileClosedRecords(db())]);
    expect(both[0].filed + both[1].filed).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('files a report type under its own rule, before the rule of its kind; records filed earlier keep theirs', async () => {
    const created = await call(archivist, 'POST', '/api/IndexFile/indexFiles', {
      code: 'HS-TDLD',
      name: 'Báo cáo tình hình sử dụng lao động',
      permanent: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = await call(archivist, 'POST', '/api/ArchiveRule/archiveRules', {
      code: 'LT-TDLD',
      name: 'Báo cáo thay đổi lao động vào hồ sơ sử dụng lao động',
      source: 'reportSubmission',
      reportTypeId: typeB,
      indexFileId: created.json().id,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const labour = await report(f.businessA, typeB, '2025-H1', '2025-06-20T09:00:00+07:00');
    const annual = await report(f.businessA, typeA, '2025', '2026-01-20T09:00:00+07:00');
    expect((await fileClosedRecords(db())).filed).toBe(2);
    expect(await filed(labour)).toMatchObject({
      index_file_id: created.json().id,
      retention_years: null,
      dispose_on: null,
    });
    expect(await filed(annual)).toMatchObject({ index_file_id: (await indexFile('HS06')).id, retention_years: 10 });
    // The earlier labour report stays where it was filed, with the retention it was filed with.
    const earlier = await sql<{ code: string; retention_years: number }>`select f.code, r.retention_years
      from archive_record r join index_file f on f.id = r.index_file_id where r.number = 'BC-A-2024H2'`.execute(db());
    expect(earlier.rows[0]).toEqual({ code: 'HS06', retention_years: 10 });
  });

  it('refuses a report type on a rule of another kind, and deleting an index file with records under it', async () => {
    const hs08 = await indexFile('HS08');
    const wrong = await call(archivist, 'POST', '/api/ArchiveRule/archiveRules', {
      code: 'LT-SAI',
      name: 'Quy tắc sai',
      source: 'inspection',
      reportTypeId: typeA,
      indexFileId: hs08.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe('reportTypeId');
    // A rule names it: the catalogue keeps it.
    const named = await call(archivist, 'POST', '/api/IndexFile/delete-index-file', [(await indexFile('HS06')).id]);
    expect([named.statusCode, named.json().error.code]).toEqual([409, 'STILL_REFERENCED']);
    // No rule names it any more, but records are filed under it: the archive keeps it.
    const rule = await sql<{ id: string }>`select id from archive_rule where code = 'LT-TDLD'`.execute(db());
    expect(
      (await call(archivist, 'POST', '/api/ArchiveRule/delete-archive-rules', [rule.rows[0]!.id])).statusCode,
    ).toBe(200);
    const labourFile = await indexFile('HS-TDLD');
    const used = await call(archivist, 'POST', '/api/IndexFile/delete-index-file', [labourFile.id]);
    expect([used.statusCode, used.json().error.code]).toEqual([409, 'INDEX_FILE_IN_USE']);
    expect(used.json().error.message).toBe('Danh mục hồ sơ đang có hồ sơ lưu trữ, không thể xóa.');
    expect((await indexFile('HS-TDLD')).id).toBe(labourFile.id);
  });
});

describe('archive list', () => {
  const list = (who: Session | null, query: Record<string, string> = {}) =>
    call(who, 'GET', '/api/ArchiveRecord/list', undefined, query);
  const numbers = (res: Awaited<ReturnType<typeof list>>) =>
    (res.json().pageLists as { number: string }[]).map((r) => r.number);

  it('shows each caller its scope: the department all, a commune its area, an employer its own', async () => {
    const total = await count();
    const all = await list(f.department, { pageSize: '100' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().totalRecord).toBe(total);
    const ownA = await list(f.employerA, { pageSize: '100' });
    expect(ownA.json().totalRecord).toBe(4);
    expect((ownA.json().pageLists as { businessId: string }[]).every((r) => r.businessId === f.businessA.id)).toBe(
      true,
    );
    const communeB = await list(f.districtB, { pageSize: '100' });
    expect(numbers(communeB).sort()).toEqual(
      (
        await sql<{ number: string }>`select number from archive_record where business_id = ${f.businessB.id}
        order by number`.execute(db())
      ).rows
        .map((r) => r.number)
        .sort(),
    );
    expect(numbers(communeB)).not.toContain('BC-A-2024');
    // Someone else's record is not found by searching for it either.
    expect((await list(f.employerB, { keyWord: 'BC-A-2024' })).json().totalRecord).toBe(0);
    expect((await list(null)).statusCode).toBe(401);
    const stranger = await sessionWith(t, { permissions: ['Inspection.read'] });
    expect((await list(stranger)).statusCode).toBe(403);
  });

  it('searches by title, number and employer, without accents', async () => {
    expect(numbers(await list(f.department, { keyWord: 'BC-A-2024H2' }))).toEqual(['BC-A-2024H2']);
    const byTitle = await list(f.department, { keyWord: 'thay doi lao dong' });
    expect(byTitle.json().totalRecord).toBe(2);
    const byEmployer = await list(f.department, { keyWord: f.businessB.code });
    expect(byEmployer.json().totalRecord).toBe(2);
    const byName = await list(f.department, { keyWord: 'cong ty b' });
    expect(byName.json().totalRecord).toBe(2);
  });

  it('filters by index file, kind and year; sorts and pages', async () => {
    const hs06 = (await indexFile('HS06')).id;
    const inFile = await list(f.department, { indexFileId: hs06, pageSize: '100' });
    expect((inFile.json().pageLists as { indexFileCode: string }[]).every((r) => r.indexFileCode === 'HS06')).toBe(
      true,
    );
    expect(inFile.json().totalRecord).toBe(5);
    expect((await list(f.department, { source: 'inspection' })).json().totalRecord).toBe(0);
    const of2024 = await list(f.department, { year: '2024', sortBy: 'closedOn', sortOrder: 'asc' });
    expect(of2024.json().totalRecord).toBe(3);
    expect(numbers(of2024).slice(1)).toEqual(['BC-A-2024', 'BC-B-2024']);
    const closed = (of2024.json().pageLists as { closedOn: string }[]).map((r) => r.closedOn);
    expect(closed).toEqual([...closed].sort());
    expect(closed.every((d) => d.startsWith('2024-'))).toBe(true);
    const newest = await list(f.department, { pageSize: '1' });
    expect(newest.json().pageLists).toHaveLength(1);
    expect(newest.json().pageLists[0].closedOn).toBe('2026-01-20');
    const second = await list(f.department, { pageSize: '1', pageNumber: '2' });
    expect(second.json().pageLists[0].closedOn).toBe('2025-06-20');
    const byNumber = await list(f.department, { sortBy: 'number', sortOrder: 'desc', pageSize: '100' });
    const seen = (byNumber.json().pageLists as { number: string }[]).map((r) => r.number);
    expect(seen).toEqual([...seen].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const row = newest.json().pageLists[0];
    expect(row).toMatchObject({
      source: 'reportSubmission',
      status: 'kept',
      retentionYears: 10,
      disposeOn: '2036-01-20',
    });
  });

  /** Follows an export run to its end and reads its ZIP: the files by name and the manifest. */
  async function exported(exporter: Parameters<typeof call>[0], started: { id: string; status: string }) {
    let run = started;
    for (let i = 0; i < 600 && (run.status === 'queued' || run.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await call(exporter, 'GET', `/api/ArchiveRecord/exports/${run.id}`)).json();
    }
    expect(run.status).toBe('done');
    const zip = (await call(exporter, 'GET', `/api/ArchiveRecord/exports/${run.id}/download`)).rawPayload;
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8'));
    return { files, manifest };
  }

  it('exports an accepted report as its numbered receipt, the acceptance the department signed', async () => {
    const exporter = await sessionWith(t, { permissions: ['ArchiveRecord.read', 'ArchiveRecord.export'] });
    const id = await report(f.businessB, typeB, '2024-H1', '2024-07-20T09:00:00+07:00', 'BC-B-2024H1');
    // Filed for its expected row, as every report is (the receipt names the reporter from it).
    await sql`with e as (
        insert into report_expected (report_type_id, period_key, period_start, period_end, opens_on, due_on,
          reporter_kind, reporter_key, business_id, ward_code, reporter_name)
        select s.report_type_id, s.period_key, '2024-01-01', '2024-06-30', '2024-06-20', '2024-07-05',
          s.reporter_kind, s.reporter_key, s.business_id, s.ward_code, 'Công ty B'
        from report_submission s where s.id = ${id} returning id)
      update report_submission set expected_id = (select id from e) where id = ${id}`.execute(db());
    await fileClosedRecords(db());
    const target = (await list(f.department, { keyWord: 'BC-B-2024H1' })).json().pageLists[0] as { id: string };
    const started = await call(exporter, 'POST', '/api/ArchiveRecord/exports', { ids: [target.id] });
    expect(started.statusCode, started.body).toBe(202);
    const { files, manifest } = await exported(exporter, started.json() as { id: string; status: string });
    expect(manifest.records[0]).toMatchObject({ number: 'BC-B-2024H1', document: 'own' });
    const text = (await readPdf(files[manifest.records[0].fileName]!)).text;
    for (const words of ['GIẤY XÁC NHẬN CHẤP NHẬN BÁO CÁO ĐỊNH KỲ', 'Số: BC-B-2024H1', 'Công ty B'])
      expect(text).toContain(words);
    expect(text).not.toContain('PHIẾU TÓM TẮT HỒ SƠ LƯU TRỮ');
  });

  // Inserted without its expected row, the report has no receipt to read: the summary stands in.
  it('exports a report whose receipt cannot be read as the archive’s one-page summary', async () => {
    const exporter = await sessionWith(t, { permissions: ['ArchiveRecord.read', 'ArchiveRecord.export'] });
    const target = (await list(f.department, { keyWord: 'BC-A-2024H2' })).json().pageLists[0] as { id: string };
    const started = await call(exporter, 'POST', '/api/ArchiveRecord/exports', { ids: [target.id] });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', total: 1, label: '1 hồ sơ đã chọn' });
    const { files, manifest } = await exported(exporter, started.json() as { id: string; status: string });
    expect(manifest.records).toHaveLength(1);
    expect(manifest.records[0]).toMatchObject({
      number: 'BC-A-2024H2',
      closedOn: '2025-01-01',
      retentionYears: 10,
      document: 'summary',
      fileName: '0001-BC-A-2024H2.pdf',
    });
    const pdf = files['0001-BC-A-2024H2.pdf']!;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(manifest.records[0].sha256);
    const text = (await readPdf(pdf)).text;
    for (const words of [
      'PHIẾU TÓM TẮT HỒ SƠ LƯU TRỮ',
      'BC-A-2024H2',
      'Báo cáo định kỳ đã tiếp nhận',
      '10 năm',
      'HS06',
    ])
      expect(text).toContain(words);
  });

  it('refuses bad input with 400 and the error body', async () => {
    const bad: Record<string, string>[] = [
      { pageSize: '1000' },
      { pageNumber: '0' },
      { sortBy: 'secret' },
      { sortOrder: 'sideways' },
      { indexFileId: 'not-a-uuid' },
      { source: 'permit' },
      { year: '20x4' },
      { due: 'maybe' },
    ];
    for (const query of bad) {
      const res = await list(f.department, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });
});
