import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DATA_SETS } from '@portal/domain/library/index';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { datasetRows } from '../src/modules/library/open-data.ts';
import { clock } from '../src/platform/clock/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Open data: the list of sets, and each set as CSV (UTF-8 with a BOM, RFC 4180 quoting, Vietnamese intact) and
 * JSON, holding only what the public pages show (published penalty decisions only).
 */
let t: TestApp;
let system: OpContext;

/** A strict RFC 4180 reader: quoted fields with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

const TRICKY = 'Không trang bị "phương tiện bảo vệ", thiếu\r\nhuấn luyện; ghi chú: đầy đủ';

beforeAll(async () => {
  t = await createTestApp();
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  await sql`insert into violating_organization (organization_name, tax_code, address, violation_content, decision_number,
      decision_date, fine_amount, issued_by, is_published, published_at)
    values ('Công ty TNHH Đá Xanh, "Chi nhánh" Lâm Đồng', '5800000001', 'Đường 3/2, Phường Xuân Hương', ${TRICKY},
      '12/QĐ-XPHC', '2026-03-02', 45000000, 'Chánh Thanh tra Sở', true, '2026-03-05T02:00:00Z'),
      ('Công ty Ẩn Danh Chưa Công Bố', '5800000002', null, 'Chưa công khai', null, null, null, null, false, null)`.execute(
    t.database.db,
  );
  const org = await catalogOperations('inspectionOrganization').create(system, {
    code: 'OD-ORG',
    name: 'Trung tâm Kiểm định Đà Lạt, Lâm Đồng',
    accreditationNumber: '99/GCN-KĐ',
    address: '1 Trần Phú, Đà Lạt',
    validFrom: '2024-01-01',
    validTo: '2099-12-31',
    equipmentTypes: 'TB11',
  });
  await catalogOperations('inspector').create(system, {
    code: 'OD-KDV',
    fullName: 'Trần Thị Ánh',
    organizationId: org.id,
    accreditationNumber: 'KDV-OD-1',
    validFrom: '2020-01-01',
    validTo: '2021-01-01',
    equipmentTypes: 'TB11',
  });
});
afterAll(async () => t?.close());

async function csvOf(key: string): Promise<{ header: string[]; rows: Record<string, string>[]; raw: string }> {
  const res = await t.request({ url: `/api/OpenData/datasets/${key}.csv` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const raw = res.rawPayload.toString('utf8');
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = parseCsv(raw.slice(1));
  return { header: header!, rows: lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]!]))), raw };
}

async function jsonOf(key: string) {
  const res = await t.request({ url: `/api/OpenData/datasets/${key}.json` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as {
    asOf: string;
    licence: { name: string; url: string };
    columns: { name: string; description: string }[];
    rows: Record<string, unknown>[];
  };
}

describe('open data', () => {
  it('lists the sets with their date, licence and columns', async () => {
    const res = await t.request({ url: '/api/OpenData/datasets' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      key: string;
      licence: { name: string };
      asOf: string;
      columns: { name: string; description: string }[];
      csv: string;
    }[];
    expect(items.map((i) => i.key)).toEqual([...OPEN_DATA_SETS]);
    for (const item of items) {
      expect(item.licence.name).toBe('Giấy phép dữ liệu mở (CC BY 4.0)');
      expect(item.asOf).toBe(clock.today());
      expect(item.columns.length).toBeGreaterThan(3);
      for (const c of item.columns) expect(c.description, c.name).not.toMatch(/^library:/);
      expect(item.csv).toBe(`/api/OpenData/datasets/${item.key}.csv`);
    }
    const en = await t.request({ url: '/api/OpenData/datasets', headers: { 'accept-language': 'en' } });
    expect(en.json().items[1].title).toBe('Accredited inspectors');
  });

  it('publishes only published penalty decisions, quoted, with accents, in CSV and JSON alike', async () => {
    const csv = await csvOf('violating-employers');
    expect(csv.header).toEqual([
      'organizationName',
      'taxCode',
      'address',
      'wardName',
      'violationContent',
      'decisionNumber',
      'decisionDate',
      'fineAmount',
      'issuedBy',
      'publishedAt',
    ]);
    expect(csv.rows).toEqual([
      {
        organizationName: 'Công ty TNHH Đá Xanh, "Chi nhánh" Lâm Đồng',
        taxCode: '5800000001',
        address: 'Đường 3/2, Phường Xuân Hương',
        wardName: '',
        violationContent: TRICKY,
        decisionNumber: '12/QĐ-XPHC',
        decisionDate: '2026-03-02',
        fineAmount: '45000000',
        issuedBy: 'Chánh Thanh tra Sở',
        publishedAt: '2026-03-05T02:00:00.000Z',
      },
    ]);
    expect(csv.raw).not.toContain('Ẩn Danh');
    const json = await jsonOf('violating-employers');
    expect(json.licence.name).toBe('Giấy phép dữ liệu mở (CC BY 4.0)');
    expect(json.columns.map((c) => c.name)).toEqual(csv.header);
    expect(json.rows).toEqual([
      expect.objectContaining({
        organizationName: csv.rows[0]!.organizationName,
        fineAmount: 45000000,
        violationContent: TRICKY,
      }),
    ]);
  });

  it('publishes inspectors and organisations with their validity on the day', async () => {
    const inspectors = await csvOf('inspectors');
    expect(inspectors.rows).toContainEqual(
      expect.objectContaining({
        fullName: 'Trần Thị Ánh',
        organizationName: 'Trung tâm Kiểm định Đà Lạt, Lâm Đồng',
        valid: 'false',
      }),
    );
    const orgs = await jsonOf('inspection-organizations');
    expect(orgs.rows).toContainEqual(
      expect.objectContaining({
        name: 'Trung tâm Kiểm định Đà Lạt, Lâm Đồng',
        valid: true,
        accreditationNumber: '99/GCN-KĐ',
      }),
    );
    const orgCsv = await csvOf('inspection-organizations');
    expect(orgCsv.rows.find((r) => r.accreditationNumber === '99/GCN-KĐ')?.name).toBe(
      'Trung tâm Kiểm định Đà Lạt, Lâm Đồng',
    );
  });

  it('publishes the legal documents with their status and replacement', async () => {
    const csv = await csvOf('legal-documents');
    expect(csv.rows.find((r) => r.number === '05/2014/TT-BLĐTBXH')).toMatchObject({
      replacedBy: '36/2019/TT-BLĐTBXH',
      status: 'replaced',
      type: 'circular',
    });
    const json = await jsonOf('legal-documents');
    expect(json.rows).toHaveLength(csv.rows.length);
    expect(json.rows.find((r) => r.number === '84/2015/QH13')).toMatchObject({ inForceDate: null, status: 'inForce' });
  });

  it('reads a set a page at a time, every row once', async () => {
    const all = [];
    for await (const row of datasetRows(t.database.db, 'legal-documents', clock.today(), 3)) all.push(row.number);
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all).size).toBe(all.length);
  });
});
