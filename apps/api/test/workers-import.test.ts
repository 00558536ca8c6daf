import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapHeaders, optionLabelKey } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { generateWorkers, type GeneratedWorker } from '../src/modules/workers/generate.ts';
import { createCatalogTestApp, readXlsx, sheetRows, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * A 10 000-worker spreadsheet, filled in the import template as an employer would (labels, dates as dates,
 * citizen IDs as text), read back the way the browser reads it (read-excel-file, headers matched in either
 * language, checked in slices of 5 000, then the valid rows stored in one request): every row gets its own
 * verdict, and sending the same file again changes nothing.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const worker = catalogRegistry.get('worker');
const d = worker.declaration;
const vi = (key: string, vars?: Record<string, string | number>) => translate('vi', key, vars);
const translators = (['vi', 'en'] as const).map((lang) => (key: string) => translate(lang, key));
const COUNT = 10_000;
const as = { 'x-test-as': 'employerA' };

/** The employer's file: the template's own headers, then one row per worker, a few of them wrong on purpose. */
async function buildFile(workers: GeneratedWorker[], extra: Record<string, unknown>[]): Promise<Buffer> {
  const template = await t.request({ url: '/api/Worker/generateTemplate', headers: as });
  expect(template.statusCode).toBe(200);
  const headers = sheetRows((await readXlsx(template)).worksheets[0]!)[0] as string[];
  const fields = mapHeaders(d, headers, translators);
  expect(fields.every(Boolean)).toBe(true);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dữ liệu');
  ws.addRow(headers);
  const label = (name: string, value: string) => vi(optionLabelKey(d, name, value));
  const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
  for (const w of workers) {
    const byField: Record<string, unknown> = {
      fullName: w.fullName,
      citizenId: w.citizenId,
      passportNumber: w.passportNumber,
      birthDate: asDate(w.birthDate),
      sex: label('sex', w.sex),
      nationality: label('nationality', w.nationality),
      workingForm: label('workingForm', w.workingForm),
      startDate: asDate(w.startDate),
      phone: w.phone,
    };
    ws.addRow(fields.map((f) => byField[f!] ?? null));
  }
  for (const row of extra) ws.addRow(fields.map((f) => row[f!] ?? null));
  // Identity numbers typed as text, as the template's column format keeps them.
  ws.getColumn(fields.indexOf('citizenId') + 1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** What the import page does with a file: parse, map headers, keep non-empty rows with their row numbers. */
async function readAsBrowser(file: Buffer): Promise<Record<string, unknown>[]> {
  const sheet = (await readSheet(file)).map((row) =>
    row.map((cell) =>
      cell instanceof Date ? `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}` : cell,
    ),
  );
  const [header = [], ...body] = sheet;
  const fields = mapHeaders(d, header, translators);
  return body
    .map((cells, i) => ({ cells, rowNumber: i + 2 }))
    .filter(({ cells }) => cells.some((v) => v !== null && String(v).trim() !== ''))
    .map(({ cells, rowNumber }) => {
      const record: Record<string, unknown> = { rowNumber };
      fields.forEach((name, i) => {
        if (name) record[name] = cells[i] ?? null;
      });
      return record;
    });
}

interface Verdict {
  isSuccess: boolean;
  action: 'create' | 'update' | null;
  errors: { field: string; code?: string; message: string }[];
  rowNumber?: number;
}

/** A save's verdicts: at once, or (a large file, answered 202) once its background run is done, as the page waits. */
async function storedVerdicts(res: { statusCode: number; body: string; json(): unknown }): Promise<Verdict[]> {
  if (res.statusCode === 200) return (res.json() as { data: Verdict[] }).data;
  expect(res.statusCode, res.body.slice(0, 500)).toBe(202);
  const { runId } = res.json() as { runId: string };
  for (;;) {
    const run = (await t.request({ url: `/api/Import/run/${runId}`, headers: as })).json() as {
      status: string;
      data: Verdict[] | null;
      error: unknown;
    };
    if (run.status === 'done') return run.data!;
    expect(run.status, JSON.stringify(run.error)).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Check in slices of 5 000 (dry run), then store the valid rows in one request. */
async function importLikeThePage(
  records: Record<string, unknown>[],
): Promise<{ checked: Verdict[]; stored: Verdict[]; seconds: number }> {
  const started = performance.now();
  const checked: Verdict[] = [];
  for (let at = 0; at < records.length; at += 5000) {
    const slice = records.slice(at, at + 5000);
    const res = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      query: { dryRun: 'true' },
      headers: as,
      payload: slice,
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    checked.push(...(res.json().data as Verdict[]));
  }
  const valid = records.filter((_, i) => checked[i]!.isSuccess);
  const res = await t.request({
    method: 'POST',
    url: '/api/Worker/import-worker-from-json',
    headers: as,
    payload: valid,
  });
  const stored = await storedVerdicts(res);
  return { checked, stored, seconds: (performance.now() - started) / 1000 };
}

/** Everything stored about the employer's workers, timestamps included, as one fingerprint. */
async function snapshot(): Promise<{ count: number; digest: string; lastUpdate: string }> {
  const r = await sql<{ count: number; digest: string; last: string }>`
    select count(*)::int as count, max(updated_at)::text as last,
      md5(string_agg(concat_ws('|', id, full_name, citizen_id, passport_number, birth_date, sex, nationality, working_form, start_date, phone, updated_at),
        ',' order by id)) as digest
    from worker where business_id = ${t.businessA} and deleted_at is null`.execute(t.database.db);
  const row = r.rows[0]!;
  return { count: row.count, digest: row.digest, lastUpdate: row.last };
}

describe('importing 10 000 workers from a spreadsheet', () => {
  it(
    'stores every valid row with a verdict per row, and the same file again changes nothing',
    { timeout: 600_000 },
    async () => {
      const workers = generateWorkers('import-10k', COUNT, { referenceDate: '2025-07-01' });
      expect(new Set(workers.map((w) => w.citizenId ?? w.passportNumber)).size).toBe(COUNT);
      expect(workers.some((w) => w.nationality !== 'VN')).toBe(true);
      // Wrong on purpose, after the 10 000 (the page checks 5 000 rows at a time: a duplicate is told within a slice).
      const extra = [
        { fullName: 'Sai Số Căn Cước', citizenId: '06819000123', birthDate: new Date('1990-01-01'), sex: 'Nam' },
        { fullName: 'Đúng Một Lần', citizenId: '068191999990', birthDate: new Date('1991-02-02'), sex: 'Nữ' },
        { fullName: 'Trùng Căn Cước', citizenId: '068191999990', birthDate: new Date('1991-02-02'), sex: 'Nữ' },
        { fullName: 'Thiếu Ngày Sinh', citizenId: '068190999999', sex: 'Nữ' },
        {
          fullName: 'Nghề Không Có',
          citizenId: '068190999998',
          birthDate: new Date('1992-03-03'),
          sex: 'Nữ',
          occupationId: 'KHONG-CO-NGHE',
        },
        { fullName: 'Giới Tính Lạ', citizenId: '068190999997', birthDate: new Date('1993-04-04'), sex: 'Khác' },
      ];
      const file = await buildFile(workers, extra);
      const records = await readAsBrowser(file);
      expect(records).toHaveLength(COUNT + extra.length);
      expect(records[0]).toMatchObject({
        rowNumber: 2,
        fullName: workers[0]!.fullName,
        birthDate: workers[0]!.birthDate,
      });

      const before = await snapshot();
      const once = await importLikeThePage(records);
      expect(once.checked).toHaveLength(COUNT + extra.length);
      expect(once.checked.slice(0, COUNT).every((r) => r.isSuccess && r.action === 'create')).toBe(true);
      const tail = once.checked.slice(COUNT);
      expect(tail.map((r) => r.isSuccess)).toEqual([false, true, false, false, false, false]);
      const bad = tail.filter((r) => !r.isSuccess);
      expect(bad.map((r) => r.errors[0]!.field)).toEqual([
        'citizenId',
        'citizenId',
        'birthDate',
        'occupationId',
        'sex',
      ]);
      expect(bad[0]!.errors[0]!.message).toBe(vi('catalog:validation.digits', { count: 12 }));
      expect(bad[1]!.errors[0]!.message).toContain(`dòng ${COUNT + 3}`);
      expect(bad[2]!.errors[0]!.message).toBe(vi('catalog:validation.required'));
      expect(once.stored).toHaveLength(COUNT + 1);
      expect(once.stored.every((r) => r.isSuccess && r.action === 'create')).toBe(true);
      const after = await snapshot();
      expect(after.count - before.count).toBe(COUNT + 1);
      console.info(
        `10 000 workers: checked and stored in ${once.seconds.toFixed(1)} s (${Math.round(COUNT / once.seconds)} rows/s)`,
      );

      const again = await importLikeThePage(await readAsBrowser(file));
      expect(again.checked.slice(0, COUNT).every((r) => r.isSuccess && r.action === 'update')).toBe(true);
      expect(again.checked.slice(COUNT).map((r) => r.isSuccess)).toEqual([false, true, false, false, false, false]);
      expect(again.stored.every((r) => r.action === 'update')).toBe(true);
      // Not one value, not even a timestamp, changed.
      expect(await snapshot()).toEqual(after);
      console.info(`the same file again: ${again.seconds.toFixed(1)} s, nothing changed`);

      // One changed cell changes exactly that worker.
      const edited = records.slice(0, COUNT).map((r, i) => (i === 7 ? { ...r, phone: '0909000111' } : r));
      const third = await t.request({
        method: 'POST',
        url: '/api/Worker/import-worker-from-json',
        headers: as,
        payload: edited,
      });
      await storedVerdicts(third);
      const changed = await sql<{
        n: number;
      }>`select count(*)::int as n from worker where business_id = ${t.businessA} and updated_at > ${after.lastUpdate}::timestamptz`.execute(
        t.database.db,
      );
      expect(changed.rows[0]!.n).toBe(1);
    },
  );
});
