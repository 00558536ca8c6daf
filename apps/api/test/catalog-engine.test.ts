import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { defineCatalog, field, type CatalogDeclaration } from '@portal/domain/catalog/index';
import { AppError } from '../src/platform/errors/app-error.ts';
import { registerCatalogHooks } from '../src/catalog/hooks.ts';
import { buildRegistry, catalogRegistry } from '../src/catalog/registry.ts';
import { ensureCatalogSchema } from '../src/catalog/schema.ts';
import {
  api,
  createCatalogTestApp,
  readXlsx,
  sampleInput,
  sheetRows,
  token,
  type CatalogTestApp,
} from './catalog.fixtures.ts';

/** The engine itself: start-up checks, schema sync, hooks inside the transaction, large files. */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const base = (over: Partial<CatalogDeclaration> = {}): CatalogDeclaration =>
  defineCatalog({
    key: 'injuryReason',
    area: 'InjuryReason',
    plural: 'injuryReasons',
    table: 'injury_reason',
    scope: 'global',
    fields: { code: field.code(), name: field.name() },
    titleField: 'name',
    codeField: 'code',
    list: { columns: ['code', 'name'], defaultSort: { field: 'code', order: 'asc' } },
    search: ['code', 'name'],
    menu: false,
    ...over,
  });

describe('declarations are checked at start-up', () => {
  it('accepts the registered areas', () => {
    expect(catalogRegistry.all.length).toBeGreaterThanOrEqual(15);
  });

  it('fails fast on an unknown field kind, reference, column or missing translation', () => {
    const broken = [
      base({
        fields: { code: field.code(), name: field.name(), colour: { kind: 'colour', required: false } as never },
      }),
      base({
        key: 'positionX',
        area: 'PositionX',
        table: 'position_x',
        plural: 'positionXs',
        fields: { code: field.code(), name: field.name(), typeId: field.reference({ target: 'nowhere' }) },
      }),
      base({
        key: 'other',
        area: 'Other',
        table: 'other',
        plural: 'others',
        list: { columns: ['code', 'nope'], defaultSort: { field: 'nope', order: 'asc' } },
      }),
    ];
    let message = '';
    try {
      buildRegistry(broken);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('field "colour" has unknown kind "colour"');
    expect(message).toContain('refers to unknown catalogue "nowhere"');
    expect(message).toContain('list column names unknown field "nope"');
    expect(message).toContain('no vi text for the title (catalog:areas.positionX.title)');
  });

  it('refuses two areas answering the same path or page', () => {
    expect(() => buildRegistry([base(), base({ key: 'injuryReason2', table: 'x2', plural: 'xs' })])).toThrow(
      /area "InjuryReason" is declared twice/,
    );
  });
});

describe('schema sync', () => {
  it('is idempotent and cheap when nothing changed', async () => {
    expect(await ensureCatalogSchema(t.database.db)).toBe(false);
    const columns = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns where table_name = 'position'`.execute(t.database.db);
    expect(columns.rows.map((r) => r.column_name)).toEqual(
      expect.arrayContaining(['id', 'code', 'name', 'business_id', 'deleted_at', 'deleted_by']),
    );
  });

  it('stores one accent-free search column per area, made anew when its search fields change', async () => {
    const db = t.database.db;
    const probe = (search: string[]) => buildRegistry([base({ table: 'search_probe', search })]);
    const searchColumns = async () =>
      (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_name = 'search_probe' and column_name ~ '^search_[0-9a-f]{8}$'`.execute(db)
      ).rows.map((r) => r.name);
    const stored = async (column: string) =>
      (await sql<{ s: string }>`select ${sql.ref(column)} as s from search_probe`.execute(db)).rows[0]?.s;
    try {
      expect(await ensureCatalogSchema(db, probe(['code', 'name']))).toBe(true);
      const [first, ...others] = await searchColumns();
      expect(others).toEqual([]);
      await sql`insert into search_probe (code, name) values ('TB-01', 'Xe nâng ĐIỆN Hòa Phát')`.execute(db);
      // Lower-case, without accents, đ as d; the fields apart, so no keyword runs from one into the next.
      expect(await stored(first!)).toBe('tb-01\u001fxe nang dien hoa phat');
      const index = await sql<{ def: string }>`select indexdef as def from pg_indexes
          where tablename = 'search_probe' and indexdef like ${`%${first}%`}`.execute(db);
      expect(index.rows.map((r) => r.def)).toEqual([expect.stringMatching(/using gin .*gin_trgm_ops/i)]);

      expect(await ensureCatalogSchema(db, probe(['name']))).toBe(true);
      const [second, ...more] = await searchColumns();
      expect(more).toEqual([]);
      expect(second).not.toBe(first);
      expect(await stored(second!)).toBe('xe nang dien hoa phat');
    } finally {
      await sql`drop table if exists search_probe`.execute(db);
      // The registry's own fingerprint back, as the app left it at start-up.
      await ensureCatalogSchema(db, catalogRegistry, { afterMigrations: true });
    }
  });
});

describe('hooks run inside the operation, for REST and import alike', () => {
  const c = catalogRegistry.get('injuryElement');
  registerCatalogHooks('injuryElement', {
    beforeChange: ({ data }) => {
      if (String(data.name).includes('CẤM'))
        throw new AppError(400, 'VALIDATION', { details: [{ field: 'name', message: 'Tên chứa từ cấm' }] });
      return { ...data, description: data.description ?? 'điền bởi hook' };
    },
    afterChange: ({ record }) => {
      if (String(record.name).includes('NỔ')) throw new AppError(409, 'CONFLICT');
    },
  });

  it('lets a hook change data and refuse a record', async () => {
    const ok = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: t.as('department'),
      payload: { code: `H-${token()}`, name: 'Bình thường' },
    });
    expect(ok.json().description).toBe('điền bởi hook');
    const refused = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: t.as('department'),
      payload: { code: `H-${token()}`, name: 'Có CẤM' },
    });
    expect(refused.statusCode).toBe(400);
    const row = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      query: { dryRun: 'true' },
      headers: t.as('department'),
      payload: [{ code: `H-${token()}`, name: 'CẤM nhập' }],
    });
    expect(row.json().data[0]).toMatchObject({
      isSuccess: false,
      errors: [{ field: 'name', message: 'Tên chứa từ cấm' }],
    });
  });

  it('stores an import all or nothing: a failure after some rows were written leaves nothing behind', async () => {
    const tag = token();
    const rows = [
      { code: `${tag}-1`, name: `Một ${tag}` },
      { code: `${tag}-2`, name: `Hai ${tag}` },
      { code: `${tag}-3`, name: `NỔ ${tag}` },
    ];
    const res = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      headers: t.as('department'),
      payload: rows,
    });
    expect(res.statusCode).toBe(409);
    const left = await t.request({ url: api(c, c.paths.list), query: { keyWord: tag }, headers: t.as('department') });
    expect(left.json().totalRecord).toBe(0);
  });
});

describe('large files', () => {
  it('imports 3 000 rows in one request and exports them back in order', async () => {
    const c = catalogRegistry.get('targetTraining');
    const tag = token();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      code: `${tag}-${String(i).padStart(4, '0')}`,
      name: `Nhóm ${tag} ${i}`,
      trainingHours: '1.000',
      refresherYears: 2,
    }));
    const res = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      headers: t.as('department'),
      payload: rows,
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json().data.every((r: { isSuccess: boolean }) => r.isSuccess)).toBe(true);
    const exported = await t.request({
      url: api(c, c.paths.export),
      query: { keyWord: tag, sortField: 'code', sortOrder: 'desc' },
      headers: t.as('department'),
    });
    const sheet = sheetRows((await readXlsx(exported)).worksheets[0]!);
    expect(sheet).toHaveLength(3001);
    expect(sheet[1]![0]).toBe(`${tag}-2999`);
    expect(sheet[1]![2]).toBe(1000);
  });

  it('refuses more rows than one import takes, with a 400', async () => {
    const c = catalogRegistry.get('injuryReason');
    const res = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      headers: t.as('department'),
      payload: Array.from({ length: 50_001 }, () => ({})),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TOO_MANY_ROWS');
  });

  it('reads Vietnamese cell formats: labels, yes/no, dd/mm/yyyy, 1.234,5', async () => {
    const c = catalogRegistry.get('indexEquipment');
    const tag = token();
    const input = await sampleInput(t, c, tag, 1);
    const res = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      headers: t.as('department'),
      payload: [
        { ...input, group: 'Thiết bị nâng', strictRequirement: 'Có', inspectionCycleMonths: '12' },
        { ...(await sampleInput(t, c, tag, 2)), group: 'lifting equipment', strictRequirement: 'x' },
      ],
    });
    expect(res.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, true]);
    const stored = await t.request({
      url: api(c, c.paths.list),
      query: { keyWord: tag, group: 'lifting', strictRequirement: 'true' },
      headers: t.as('department'),
    });
    expect(stored.json().totalRecord).toBe(2);
    expect(stored.json().pageLists.find((r: { code: string }) => r.code === `${tag}-1`).inspectionCycleMonths).toBe(12);
  });
});
