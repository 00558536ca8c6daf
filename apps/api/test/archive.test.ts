import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { exportDirOf, purgeExports } from '../src/modules/archive/exports.ts';
import { archiveDemoStep } from '../src/modules/archive/seed.ts';
import { sessionWith, signIn, type Session } from './support/accounts.ts';
import { createTestApp, demoSeedContext, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';
import { readPdf } from './support/pdf.ts';

/**
 * The archive on the demo province: the closed records filed at seed under the right index files with their
 * retentions, each role's scope, the records due for disposal once the clock passes their retention and the
 * recorded disposal, and exports read back (the ZIP unzipped, each PDF parsed and checked against the manifest).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let department: Session;
let commune: Session;
let employer: Session;
let admin: Session;

const db = () => t.database.db;
const as = (userName: string) => signIn(t, { userName, password: DEMO_PASSWORD });
const list = (who: Session | null, query: Record<string, string> = {}) =>
  call(who, 'GET', '/api/ArchiveRecord/list', undefined, query);

interface Row {
  id: string;
  source: string;
  number: string | null;
  businessId: string | null;
  indexFileCode: string | null;
  closedOn: string;
  retentionYears: number | null;
  disposeOn: string | null;
  status: string;
}
const rows = (res: Awaited<ReturnType<typeof list>>) => res.json().pageLists as Row[];

async function setClock(today: string | null): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/Test/clock', headers: admin.headers, payload: { today } });
  expect(res.statusCode, res.body).toBe(200);
}

interface Run {
  id: string;
  status: string;
  total: number;
  done: number;
  byteSize: number | null;
  sha256: string | null;
  fileName: string | null;
  error: { code: string; message: string } | null;
}

/** Polls an export until it is over (made in this process once its request was answered). */
async function finished(who: Session, id: string): Promise<Run> {
  for (let i = 0; i < 1200; i++) {
    const res = await call(who, 'GET', `/api/ArchiveRecord/exports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as Run;
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

interface ManifestEntry {
  index: number;
  fileName: string;
  id: string;
  source: string;
  number: string | null;
  title: string;
  closedOn: string;
  retentionYears: number | null;
  permanent: boolean;
  document: 'own' | 'summary';
  bytes: number;
  sha256: string;
}

/** Exports, waits, downloads and unzips; checks the manifest against every PDF and answers what it read. */
async function exportAndRead(who: Session, body: unknown) {
  const started = await call(who, 'POST', '/api/ArchiveRecord/exports', body);
  expect(started.statusCode, started.body).toBe(202);
  const run = await finished(who, started.json().id);
  expect(run.error).toBeNull();
  expect(run.status).toBe('done');
  expect(run.done).toBe(run.total);
  const download = await call(who, 'GET', `/api/ArchiveRecord/exports/${run.id}/download`);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toContain('attachment');
  const zip = download.rawPayload;
  expect(zip.length).toBe(run.byteSize);
  expect(createHash('sha256').update(zip).digest('hex')).toBe(run.sha256);
  const files = unzipSync(new Uint8Array(zip));
  const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8')) as {
    count: number;
    records: ManifestEntry[];
  };
  expect(manifest.count).toBe(manifest.records.length);
  expect(Object.keys(files).sort()).toEqual(
    [...manifest.records.map((r) => r.fileName), 'manifest.csv', 'manifest.json'].sort(),
  );
  const texts = new Map<string, string>();
  for (const entry of manifest.records) {
    const pdf = files[entry.fileName]!;
    expect(createHash('sha256').update(pdf).digest('hex'), entry.fileName).toBe(entry.sha256);
    expect(pdf.length).toBe(entry.bytes);
    const read = await readPdf(pdf);
    expect(read.pages).toBeGreaterThanOrEqual(1);
    texts.set(entry.id, read.text);
  }
  const csv = Buffer.from(files['manifest.csv']!).toString('utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'STT,Tệp PDF,Loại hồ sơ,"Số, ký hiệu",Tiêu đề hồ sơ,Danh mục hồ sơ,Ngày kết thúc,Thời hạn lưu trữ,Hạn tiêu hủy,SHA-256,Dung lượng (byte)',
  );
  expect(lines).toHaveLength(manifest.records.length + 1);
  for (const entry of manifest.records) expect(csv).toContain(entry.sha256);
  return { run, manifest, texts };
}

beforeAll(async () => {
  t = await createTestApp({ testClock: true }, {}, { demo: true });
  call = caller(t);
  [department, commune, employer, admin] = await Promise.all([
    as('canbo.so'),
    as('canbo.xuanhuong'),
    as('dn.caudatxanh'),
    as('quantri'),
  ]);
});
afterAll(async () => {
  if (admin) await setClock(null);
  await t?.close();
});

describe('archive on the demo province', () => {
  it('files the demo’s closed records at seed, under their rules’ index files with those files’ retentions', async () => {
    const bySource = await sql<{ source: string; n: number }>`select source, count(*)::int as n from archive_record
      group by source order by source`.execute(db());
    const counts = Object.fromEntries(bySource.rows.map((r) => [r.source, r.n]));
    expect(counts.accidentInvestigation).toBeGreaterThanOrEqual(1);
    expect(counts.equipmentDeclaration).toBeGreaterThanOrEqual(1);
    expect(counts.inspection).toBeGreaterThanOrEqual(1);
    // Every closed record is filed, under the index file of its kind's rule.
    const closed = await sql<{ n: number }>`select
        (select count(*) from accident_investigation where status = 'concluded' and deleted_at is null)
      + (select count(*) from equipment_declaration where status = 'confirmed' and deleted_at is null)
      + (select count(*) from labour_inspection where status = 'closed' and deleted_at is null)
      + (select count(*) from report_submission where status = 'accepted' and deleted_at is null) as n`.execute(db());
    expect(bySource.rows.reduce((n, r) => n + r.n, 0)).toBe(Number(closed.rows[0]!.n));
    const misfiled = await sql<{ n: number }>`select count(*)::int as n from archive_record a
      join archive_rule r on r.source = a.source and r.report_type_id is null and r.deleted_at is null
      where a.source <> 'reportSubmission' and a.index_file_id <> r.index_file_id`.execute(db());
    expect(misfiled.rows[0]!.n).toBe(0);
    // The retention is the index file's: none when it is kept permanently, else the closing day plus its years.
    const wrongRetention = await sql<{ n: number }>`select count(*)::int as n from archive_record a
      join index_file f on f.id = a.index_file_id
      where (f.permanent and (a.retention_years is not null or a.dispose_on is not null))
        or (not f.permanent and (a.retention_years <> f.retention_years
          or a.dispose_on <> (a.closed_on + make_interval(years => f.retention_years::int))::date))`.execute(db());
    expect(wrongRetention.rows[0]!.n).toBe(0);
    const accident = await sql<{ code: string; permanent: boolean; closed: boolean }>`select f.code, f.permanent,
        a.closed_on = i.concluded_on as closed
      from archive_record a join index_file f on f.id = a.index_file_id
        join accident_investigation i on i.id = a.record_id
      where a.source = 'accidentInvestigation' limit 1`.execute(db());
    expect(accident.rows[0]).toEqual({ code: 'HS01', permanent: true, closed: true });

    const before = await sql<{ n: number }>`select count(*)::int as n from archive_record`.execute(db());
    await archiveDemoStep.run(demoSeedContext(t));
    const after = await sql<{ n: number }>`select count(*)::int as n from archive_record`.execute(db());
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('shows each demo role its scope, and keeps filing and disposal to the department', async () => {
    const total = (await sql<{ n: number }>`select count(*)::int as n from archive_record`.execute(db())).rows[0]!.n;
    expect((await list(department)).json().totalRecord).toBe(total);
    const own = await list(employer, { pageSize: '100' });
    expect(own.statusCode, own.body).toBe(200);
    const business = await sql<{ id: string }>`select id from business where code = '5801234577'`.execute(db());
    expect(rows(own).length).toBeGreaterThanOrEqual(1);
    expect(rows(own).every((r) => r.businessId === business.rows[0]!.id)).toBe(true);
    const area = await list(commune, { pageSize: '100' });
    const ward = await sql<{
      code: string;
    }>`select u.local_unit_code as code from app_user a join unit u on u.id = a.unit_id
      where a.user_name = 'canbo.xuanhuong'`.execute(db());
    const wards = await sql<{ ward_code: string | null }>`select ward_code from archive_record
      where id = any(${rows(area).map((r) => r.id)}::uuid[])`.execute(db());
    expect(wards.rows.every((r) => r.ward_code === ward.rows[0]!.code)).toBe(true);
    expect(area.json().totalRecord).toBeLessThan(total);
    expect((await list(await as('thanhtra'))).statusCode).toBe(200);
    expect((await list(await as('huanluyen'))).statusCode).toBe(403);

    for (const who of [employer, commune]) {
      expect((await call(who, 'POST', '/api/ArchiveRecord/file-closed-records')).statusCode).toBe(403);
      const dispose = await call(who, 'POST', '/api/ArchiveRecord/dispose', { ids: [rows(own)[0]!.id], reason: 'x' });
      expect(dispose.statusCode).toBe(403);
    }
  });

  it('exports an index file and a year as a ZIP of PDFs that match their manifest', async () => {
    const equipment = rows(await list(department, { source: 'equipmentDeclaration', disposed: 'false' }))[0]!;
    const file = await sql<{ id: string }>`select id from index_file where code = ${equipment.indexFileCode}
      and deleted_at is null`.execute(db());
    const year = Number(equipment.closedOn.slice(0, 4));
    const expected = await list(department, {
      indexFileId: file.rows[0]!.id,
      year: String(year),
      disposed: 'false',
      pageSize: '100',
    });
    const { run, manifest, texts } = await exportAndRead(department, { indexFileId: file.rows[0]!.id, year });
    expect(run.total).toBe(expected.json().totalRecord);
    expect(run.fileName).toContain(equipment.indexFileCode!);
    expect(manifest.records.map((r) => r.id).sort()).toEqual(
      rows(expected)
        .map((r) => r.id)
        .sort(),
    );
    const entry = manifest.records.find((r) => r.id === equipment.id)!;
    expect(entry).toMatchObject({
      source: 'equipmentDeclaration',
      number: equipment.number,
      closedOn: equipment.closedOn,
      retentionYears: equipment.retentionYears,
      permanent: false,
      // The equipment module's own confirmation.
      document: 'own',
    });
    expect(texts.get(equipment.id)).toContain('GIẤY XÁC NHẬN KHAI BÁO');
  });

  it('exports chosen records: the accident’s receipt, and a summary for a record without a PDF of its own', async () => {
    const accident = rows(await list(department, { source: 'accidentInvestigation' }))[0]!;
    const inspection = rows(await list(department, { source: 'inspection', disposed: 'false' }))[0]!;
    const { manifest, texts } = await exportAndRead(department, { ids: [accident.id, inspection.id] });
    expect(manifest.records).toHaveLength(2);
    const byId = new Map(manifest.records.map((r) => [r.id, r]));
    expect(byId.get(accident.id)).toMatchObject({ document: 'own', permanent: true, retentionYears: null });
    expect(texts.get(accident.id)).toContain(accident.number!);
    // The inspection's own PDF is its conclusion when the inspectors uploaded one as a PDF, else the summary.
    const conclusion = await sql<{ pdf: boolean }>`select coalesce(f.mime = 'application/pdf', false) as pdf
      from archive_record a join labour_inspection i on i.id = a.record_id
        left join stored_file f on f.id = i.conclusion_file_id
      where a.id = ${inspection.id}`.execute(db());
    const document = conclusion.rows[0]!.pdf ? 'own' : 'summary';
    expect(byId.get(inspection.id)!.document).toBe(document);
    if (document === 'summary') expect(texts.get(inspection.id)).toContain('PHIẾU TÓM TẮT HỒ SƠ LƯU TRỮ');
    // An employer exports its own records too.
    const own = rows(await list(employer, { disposed: 'false' }))[0]!;
    const mine = await exportAndRead(employer, { ids: [own.id] });
    expect(mine.manifest.records.map((r) => r.id)).toEqual([own.id]);
  });

  it('keeps each export to its owner, one at a time, and refuses bad input writing nothing', async () => {
    const exports = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from archive_export`.execute(db())).rows[0]!.n;
    const mine = (await call(department, 'GET', '/api/ArchiveRecord/exports')).json().items as Run[];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const theirs = mine[0]!.id;
    expect((await call(employer, 'GET', `/api/ArchiveRecord/exports/${theirs}`)).statusCode).toBe(404);
    expect((await call(employer, 'GET', `/api/ArchiveRecord/exports/${theirs}/download`)).statusCode).toBe(404);

    const before = await exports();
    const ownBusiness = rows(await list(employer))[0]!.businessId;
    const others = rows(await list(department, { pageSize: '100', disposed: 'false' })).filter(
      (r) => r.businessId !== ownBusiness,
    );
    const foreign = await call(employer, 'POST', '/api/ArchiveRecord/exports', { ids: [others[0]!.id] });
    expect(foreign.statusCode).toBe(404);
    const hs04 = (await sql<{ id: string }>`select id from index_file where code = 'HS04'`.execute(db())).rows[0]!.id;
    for (const body of [
      {},
      { ids: [] },
      { ids: ['nope'] },
      { indexFileId: hs04 },
      { indexFileId: hs04, year: 1800 },
      { indexFileId: hs04, year: 2025, ids: [others[0]!.id] },
      { indexFileId: 'nope', year: 2025 },
    ]) {
      const res = await call(department, 'POST', '/api/ArchiveRecord/exports', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const nothing = await call(department, 'POST', '/api/ArchiveRecord/exports', { indexFileId: hs04, year: 1999 });
    expect([nothing.statusCode, nothing.json().error.code]).toEqual([400, 'ARCHIVE_NOTHING_TO_EXPORT']);
    expect(nothing.json().error.message).toBe('Không có hồ sơ nào để xuất theo lựa chọn này.');
    const unknown = await call(department, 'POST', '/api/ArchiveRecord/exports', {
      indexFileId: '00000000-0000-4000-8000-000000000000',
      year: 2025,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await exports()).toBe(before);

    // One unfinished export per user; it cannot be downloaded before it is done.
    const busy = await sessionWith(t, { permissions: ['ArchiveRecord.read', 'ArchiveRecord.export'] });
    const waiting = await sql<{ id: string }>`insert into archive_export (user_id, lang, label, record_ids, total)
      values (${busy.user.id}, 'vi', 'chờ', ${[others[0]!.id]}::uuid[], 1) returning id`.execute(db());
    const second = await call(busy, 'POST', '/api/ArchiveRecord/exports', { ids: [others[0]!.id] });
    expect([second.statusCode, second.json().error.code]).toEqual([429, 'ARCHIVE_EXPORT_BUSY']);
    const early = await call(busy, 'GET', `/api/ArchiveRecord/exports/${waiting.rows[0]!.id}/download`);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'ARCHIVE_EXPORT_NOT_READY']);
    expect((await call(null, 'POST', '/api/ArchiveRecord/exports', { ids: [others[0]!.id] })).statusCode).toBe(401);
    const reader = await sessionWith(t, { permissions: ['ArchiveRecord.read'] });
    expect((await call(reader, 'POST', '/api/ArchiveRecord/exports', { ids: [others[0]!.id] })).statusCode).toBe(403);

    // Finished exports are purged with their files after their keeping time (the daily job).
    const dir = exportDirOf(t.app);
    expect(readdirSync(dir).filter((f) => f.endsWith('.zip')).length).toBeGreaterThanOrEqual(2);
    expect(await purgeExports(t.app, 0)).toBeGreaterThanOrEqual(2);
    expect(readdirSync(dir).filter((f) => f.endsWith('.zip'))).toEqual([]);
    expect((await call(department, 'GET', `/api/ArchiveRecord/exports/${theirs}`)).statusCode).toBe(404);
    // The unfinished one stays.
    expect((await call(busy, 'GET', `/api/ArchiveRecord/exports/${waiting.rows[0]!.id}`)).statusCode).toBe(200);
  });
  it('lists the records due for disposal once their retention is over, and records their disposal', async () => {
    expect((await list(department, { due: 'true' })).json().totalRecord).toBe(0);
    await setClock('2045-06-01');
    const due = await list(department, { due: 'true', pageSize: '100' });
    expect(due.statusCode, due.body).toBe(200);
    const dueRows = rows(due);
    expect(dueRows.length).toBeGreaterThanOrEqual(2);
    expect(dueRows.every((r) => r.status === 'due' && r.disposeOn !== null && r.disposeOn <= '2045-06-01')).toBe(true);
    // Oldest first; the permanent accident files never come due.
    const dates = dueRows.map((r) => r.disposeOn!);
    expect(dates).toEqual([...dates].sort());
    expect(dueRows.some((r) => r.source === 'accidentInvestigation')).toBe(false);
    // The department's workspace counts them and links to this list.
    const tasks = await call(department, 'GET', '/api/Workspace/tasks');
    const task = (tasks.json().tasks as { key: string; count: number; link: string }[]).find(
      (x) => x.key === 'archive.dueForDisposal',
    );
    expect(task).toMatchObject({ count: due.json().totalRecord, link: '/quan-ly-ho-so-luu-tru/danh-sach?tab=due' });
    const ownDue = rows(await list(employer, { due: 'true', pageSize: '100' }));
    expect(ownDue.length).toBeLessThan(dueRows.length);

    const [first, second] = dueRows;
    const permanent = rows(await list(department, { source: 'accidentInvestigation' }))[0]!;
    const reason = 'Quyết định số 12/QĐ-SNV ngày 01/6/2045 về việc hủy tài liệu hết giá trị';
    // All or none: a permanent record with a due one disposes neither.
    const mixed = await call(department, 'POST', '/api/ArchiveRecord/dispose', {
      ids: [first!.id, permanent.id],
      reason,
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.code).toBe('ARCHIVE_NOT_DUE');
    expect(mixed.json().error.details).toEqual([{ field: 'ids', message: permanent.id }]);
    for (const body of [
      { ids: [first!.id], reason: '  ' },
      { ids: [], reason },
      { ids: ['not-a-uuid'], reason },
      { reason },
      { ids: [first!.id], reason: 'x'.repeat(1001) },
    ])
      expect(
        (await call(department, 'POST', '/api/ArchiveRecord/dispose', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    const untouched = await sql<{ n: number }>`select count(*)::int as n from archive_record
      where disposed_at is not null`.execute(db());
    expect(untouched.rows[0]!.n).toBe(0);

    const done = await call(department, 'POST', '/api/ArchiveRecord/dispose', { ids: [first!.id, second!.id], reason });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ disposed: 2 });
    const recorded = await sql<{ disposed_by_name: string; disposal_reason: string; disposed: boolean }>`select
        disposed_by_name, disposal_reason, disposed_at is not null as disposed
      from archive_record where id = any(${[first!.id, second!.id]}::uuid[])`.execute(db());
    expect(recorded.rows).toHaveLength(2);
    for (const r of recorded.rows) expect(r).toMatchObject({ disposal_reason: reason, disposed: true });
    expect(recorded.rows[0]!.disposed_by_name).toBeTruthy();
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where action = 'dispose' and subject = 'ArchiveRecord'`.execute(db());
    expect(audit.rows[0]!.n).toBe(2);
    // Disposed: out of the due list, shown as disposed, and never disposed twice.
    const after = rows(await list(department, { due: 'true', pageSize: '100' }));
    expect(after.map((r) => r.id)).not.toContain(first!.id);
    expect(rows(await list(department, { disposed: 'true' })).map((r) => r.status)).toEqual(['disposed', 'disposed']);
    expect(
      (await call(department, 'POST', '/api/ArchiveRecord/dispose', { ids: [first!.id], reason })).statusCode,
    ).toBe(409);
    await setClock(null);
  });
});
