import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comboboxSpelling, excelHeader, type ResolvedCatalog } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { catalogRegistry } from '../src/catalog/registry.ts';
import {
  api,
  EMPLOYER_AUTHORED,
  createCatalogTestApp,
  readXlsx,
  sampleInput,
  sheetRows,
  token,
  updateUrl,
  type CatalogTestApp,
  type Who,
} from './catalog.fixtures.ts';

/**
 * The registry-wide contract: every catalogue area gets the same API tests, at its own spec spellings.
 * A new area is covered by adding its declaration.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const errorBody = (res: { statusCode: number; json(): unknown }) => {
  const body = res.json() as {
    error: { code: string; message: string; details: { field?: string; message: string; code?: string }[] };
  };
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
};

/** The user names of the callers who create records (apps/api/test/catalog.fixtures.ts). */
const USER_NAMES: Partial<Record<Who, string>> = { department: 'so.ldtbxh', employerA: 'dn.a' };
/** Who creates records in the generic tests: someone whose scope covers the area. */
const ownerOf = (c: ResolvedCatalog): Who => (EMPLOYER_AUTHORED.has(c.declaration.key) ? 'employerA' : 'department');

describe.each(catalogRegistry.all.map((c) => [c.area, c] as const))('%s', (_area, c) => {
  const d = c.declaration;
  const who = ownerOf(c);
  const create = async (input: Record<string, unknown>, as: Who = who) =>
    t.request({ method: 'POST', url: api(c, c.paths.create), headers: t.as(as), payload: input });
  const list = async (query: Record<string, string | number>, as: Who = who) =>
    t.request({
      url: api(c, c.paths.list),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: t.as(as),
    });

  it('creates, reads, lists and pages with an accent-free keyword', async () => {
    const tag = token();
    const ids: string[] = [];
    const inputs: Record<string, unknown>[] = [];
    for (let n = 1; n <= 3; n++) {
      inputs.push(await sampleInput(t, c, tag, n));
      const res = await create(inputs[n - 1]!);
      expect(res.statusCode, res.body).toBe(201);
      const record = res.json();
      expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(record.id);
    }
    const detail = await t.request({ url: api(c, c.paths.detail, ids[0]), headers: t.as(who) });
    expect(detail.statusCode, detail.body).toBe(200);
    // The sample's own title (a code when the title is one: a certificate number).
    expect(detail.json()[d.titleField]).toBe(inputs[0]![d.titleField]);

    // A title that is a code (a certificate number) is searched by the code's tag.
    const titleIsCode = String(inputs[0]![d.titleField]).startsWith(tag);
    const page1 = await list({
      pageNumber: 1,
      pageSize: 2,
      keyWord: titleIsCode ? `${tag.toLowerCase()}-` : `dac biet viet ${tag.toLowerCase()}`,
    });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().totalRecord).toBe(3);
    expect(page1.json().pageLists).toHaveLength(2);
    const page2 = await list({ pageNumber: 2, pageSize: 2, keyWord: titleIsCode ? `${tag}-` : `DAC BIET VIET ${tag}` });
    expect(page2.json().pageLists).toHaveLength(1);
    const seen = [...page1.json().pageLists, ...page2.json().pageLists].map((r: { id: string }) => r.id).sort();
    expect(seen).toEqual([...ids].sort());

    const sorted = await list({
      pageNumber: 1,
      pageSize: 10,
      keyWord: tag,
      sortField: d.titleField,
      sortOrder: 'descend',
    });
    expect(sorted.json().pageLists.map((r: Record<string, string>) => r[d.titleField])).toEqual(
      [3, 2, 1].map((n) => inputs[n - 1]![d.titleField]),
    );
    errorBody(await list({ pageNumber: 0 }));
    errorBody(await list({ sortField: 'password' }));
  });

  it('answers a combobox with the record, and always the ids asked for', async () => {
    const tag = token();
    const created = (await create(await sampleInput(t, c, tag, 1))).json();
    for (const spelling of c.paths.combobox.map(comboboxSpelling)) {
      if (Object.keys(spelling.fixed).length) continue;
      const res = await t.request({
        url: api(c, spelling.path),
        query: { keyWord: tag.toLowerCase() },
        headers: t.as('reader'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ value: created.id, label: created[d.titleField] })]);
      const byIds = await t.request({
        url: api(c, spelling.path),
        query: { keyWord: 'khong co gi', ids: JSON.stringify([created.id]) },
        headers: t.as('reader'),
      });
      expect(byIds.json().map((o: { value: string }) => o.value)).toEqual([created.id]);
    }
    expect((await t.request({ url: api(c, comboboxSpelling(c.paths.combobox[0]!).path) })).statusCode).toBe(401);
  });

  it('refuses invalid bodies with field errors in Vietnamese, never a 500', async () => {
    const empty = errorBody(await create({}));
    expect(empty.code).toBe('VALIDATION');
    const required = Object.entries(d.fields)
      .filter(([, f]) => f.required && !f.readOnly)
      .map(([n]) => n);
    expect(empty.details.map((e) => e.field).sort()).toEqual(
      expect.arrayContaining(required.filter((n) => !(d.scope === 'district' && n === d.scopeField))),
    );
    expect(empty.details[0]!.message).toBe(translate('vi', 'catalog:validation.required'));

    const tooLong = await sampleInput(t, c, token(), 1);
    tooLong[d.titleField] = 'x'.repeat(5000);
    const err = errorBody(await create(tooLong));
    expect(err.details).toEqual([expect.objectContaining({ field: d.titleField })]);

    // Malformed values: each field says what is wrong with it.
    const malformed: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(d.fields)) {
      // Read-only fields are never written by clients: nothing of theirs is checked.
      if (f.readOnly) continue;
      if (f.kind === 'number') malformed[name] = 'mười';
      if (f.kind === 'date') malformed[name] = '31/02/2024';
      if (f.kind === 'enum') malformed[name] = 'KhongCo';
    }
    if (d.codeField) malformed[d.codeField] = 'có khoảng trắng';
    const bad = errorBody(await create({ ...(await sampleInput(t, c, token(), 1)), ...malformed }));
    expect(bad.code).toBe('VALIDATION');
    expect(bad.details.map((e) => e.field).sort()).toEqual(Object.keys(malformed).sort());
    // Well-formed references to records that do not exist.
    const dangling: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(d.fields)) {
      if (f.readOnly) continue;
      if (f.kind === 'reference' || f.kind === 'treeReference') dangling[name] = '00000000-0000-4000-8000-000000000000';
      if (f.kind === 'adminUnit') dangling[name] = '2025:99999';
    }
    if (Object.keys(dangling).length) {
      const missing = await create({ ...(await sampleInput(t, c, token(), 1)), ...dangling });
      const err = errorBody(missing);
      expect(err.details.map((e) => e.field).sort()).toEqual(Object.keys(dangling).sort());
    }
    expect(
      errorBody(
        await t.request({
          method: 'POST',
          url: api(c, c.paths.create),
          headers: { ...t.as(who), 'content-type': 'application/json' },
          payload: '[1,2',
        }),
      ).code,
    ).toBe('INVALID_JSON');
    expect(
      errorBody(await t.request({ method: 'POST', url: api(c, c.paths.create), headers: t.as(who), payload: [1, 2] }))
        .code,
    ).toBe('VALIDATION');
    expect((await t.request({ url: api(c, c.paths.detail, 'not-a-uuid'), headers: t.as(who) })).statusCode).toBe(400);
    expect(
      (await t.request({ url: api(c, c.paths.detail, '00000000-0000-4000-8000-000000000000'), headers: t.as(who) }))
        .statusCode,
    ).toBe(404);
  });

  it('checks unique keys: existCode / existName and 409 on duplicates', async () => {
    const tag = token();
    const input = await sampleInput(t, c, tag, 1);
    const first = (await create(input)).json();
    for (const [key, fields] of Object.entries(d.unique ?? {})) {
      // Texts (codes, names) compare case-insensitively; numbers and option values as they are.
      const query = Object.fromEntries(
        fields.map((f) => {
          const kind = d.fields[f]!.kind;
          const value = String(input[f]);
          return [f, kind === 'text' || kind === 'longText' ? value.toUpperCase() : value];
        }),
      );
      const taken = await t.request({ url: api(c, c.paths.exist[key]!), query, headers: t.as(who) });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toEqual({ exists: true });
      expect(
        (
          await t.request({ url: api(c, c.paths.exist[key]!), query: { ...query, id: first.id }, headers: t.as(who) })
        ).json(),
      ).toEqual({ exists: false });
      const again = await sampleInput(t, c, token(), 2);
      for (const f of fields) again[f] = input[f];
      const conflict = errorBody(await create(again));
      expect(conflict.code).toBe('CONFLICT');
      expect(conflict.details.map((e) => e.field)).toContain(fields[0]);
    }
  });

  it('updates with optimistic concurrency; unknown records are 404', async () => {
    const tag = token();
    const created = (await create(await sampleInput(t, c, tag, 1))).json();
    const changed: Record<string, unknown> = { ...(await sampleInput(t, c, tag, 9)), updatedAt: created.updatedAt };
    const res = await t.request({ method: 'PUT', url: updateUrl(c, created.id), headers: t.as(who), payload: changed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[d.titleField]).toBe(changed[d.titleField]);
    const stale = errorBody(
      await t.request({ method: 'PUT', url: updateUrl(c, created.id), headers: t.as(who), payload: changed }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(
      (
        await t.request({
          method: 'PUT',
          url: updateUrl(c, '00000000-0000-4000-8000-000000000000'),
          headers: t.as(who),
          payload: changed,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes to the trash bin, restores, and purges', async () => {
    const tag = token();
    const a = (await create(await sampleInput(t, c, tag, 1))).json();
    const b = (await create(await sampleInput(t, c, tag, 2))).json();
    const del = await t.request({
      method: 'POST',
      url: api(c, c.paths.delete),
      headers: t.as(who),
      payload: [a.id, b.id],
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ deleted: 2 });
    expect((await t.request({ url: api(c, c.paths.detail, a.id), headers: t.as(who) })).statusCode).toBe(404);
    expect((await list({ keyWord: tag })).json().totalRecord).toBe(0);
    // Deleting again is a 404 naming the id; nothing changes.
    expect(
      errorBody(
        await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: t.as(who), payload: { ids: [a.id] } }),
      ).code,
    ).toBe('NOT_FOUND');

    const trash = await t.request({
      url: '/api/RecycleBin/recycleBins',
      query: { keyWord: tag.toLowerCase(), area: c.area },
      headers: t.as(who),
    });
    expect(trash.statusCode, trash.body).toBe(200);
    expect(
      trash
        .json()
        .pageLists.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(trash.json().pageLists[0]).toMatchObject({ area: c.area, deletedByName: USER_NAMES[who] });

    const restored = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: t.as(who),
      payload: { area: c.area, ids: [a.id] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.request({ url: api(c, c.paths.detail, a.id), headers: t.as(who) })).statusCode).toBe(200);

    const purged = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/permanent-delete',
      headers: t.as(who),
      payload: { area: c.area, ids: [b.id] },
    });
    expect(purged.statusCode, purged.body).toBe(200);
    const gone = await t.request({
      url: '/api/RecycleBin/recycleBins',
      query: { keyWord: tag, area: c.area },
      headers: t.as(who),
    });
    expect(gone.json().totalRecord).toBe(0);
    // A live record cannot be purged; a purged one cannot be restored.
    expect(
      errorBody(
        await t.request({
          method: 'POST',
          url: '/api/RecycleBin/permanent-delete',
          headers: t.as(who),
          payload: { area: c.area, ids: [a.id] },
        }),
      ).code,
    ).toBe('NOT_FOUND');
    expect(
      errorBody(
        await t.request({
          method: 'POST',
          url: '/api/RecycleBin/restore',
          headers: t.as(who),
          payload: { area: c.area, ids: [b.id] },
        }),
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('restore refuses when a live record took the code meanwhile', async () => {
    if (!c.upsertKey) return;
    const tag = token();
    const input = await sampleInput(t, c, tag, 1);
    const a = (await create(input)).json();
    await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: t.as(who), payload: [a.id] });
    const b = await create(input);
    if (d.uniqueIncludesDeleted) {
      // Keys that hold in the trash bin too: the deleted record's code is not taken meanwhile.
      expect(errorBody(b).code).toBe('CONFLICT');
      return;
    }
    expect(b.statusCode, b.body).toBe(201);
    const clash = errorBody(
      await t.request({
        method: 'POST',
        url: '/api/RecycleBin/restore',
        headers: t.as(who),
        payload: { area: c.area, ids: [a.id] },
      }),
    );
    expect(clash.code).toBe('RESTORE_CONFLICT');
  });

  it('enforces permissions: read-only users cannot write, anonymous callers are 401', async () => {
    const input = await sampleInput(t, c, token(), 1);
    expect(errorBody(await create(input, 'reader')).code).toBe('FORBIDDEN');
    expect((await t.request({ method: 'POST', url: api(c, c.paths.create), payload: input })).statusCode).toBe(401);
    expect((await t.request({ url: api(c, c.paths.list) })).statusCode).toBe(401);
    expect((await t.request({ url: api(c, c.paths.export), headers: t.as('reader') })).statusCode).toBe(403);
  });

  it('serves the import template as xlsx with Vietnamese headers and an instructions sheet', async () => {
    const res = await t.request({ url: api(c, c.paths.template), headers: t.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/filename\*=UTF-8''M%E1%BA%ABu/);
    const wb = await readXlsx(res);
    const [data, guide] = wb.worksheets;
    const vi = (key: string, vars?: Record<string, string | number>) => translate('vi', key, vars);
    expect(sheetRows(data!)[0]).toEqual(c.excel.map((name) => excelHeader(d, name, vi)));
    expect(guide!.name).toBe('Hướng dẫn');
    expect(sheetRows(guide!).length).toBeGreaterThan(c.excel.length);
  });

  it('exports the filtered list and the export imports back without duplicates', async () => {
    const tag = token();
    for (let n = 1; n <= 3; n++) expect((await create(await sampleInput(t, c, tag, n))).statusCode).toBe(201);
    const res = await t.request({ url: api(c, c.paths.export), query: { keyWord: tag }, headers: t.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/filename\*=UTF-8''Danh%20s%C3%A1ch/);
    const rows = sheetRows((await readXlsx(res)).worksheets[0]!);
    expect(rows).toHaveLength(4);
    // Spreadsheet rows → JSON keyed by field name, as the browser sends them (export-only columns included: the
    // import ignores them).
    const json = rows
      .slice(1)
      .map((r) =>
        Object.fromEntries(
          c.exported.map((name, i) => [name, r[i] instanceof Date ? (r[i] as Date).toISOString() : (r[i] ?? null)]),
        ),
      );
    const back = await t.request({ method: 'POST', url: api(c, c.paths.import), headers: t.as(who), payload: json });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.map((r: { isSuccess: boolean; action: string }) => [r.isSuccess, r.action])).toEqual([
      [true, 'update'],
      [true, 'update'],
      [true, 'update'],
    ]);
    expect((await list({ keyWord: tag })).json().totalRecord).toBe(3);
  });

  it('imports: dry run stores nothing; valid rows are stored together, invalid ones reported per row', async () => {
    const tag = token();
    const good1 = await sampleInput(t, c, tag, 1);
    const good2 = await sampleInput(t, c, tag, 2);
    const missing = { ...(await sampleInput(t, c, tag, 3)), [d.titleField]: '' };
    const dupInFile = {
      ...(await sampleInput(t, c, tag, 4)),
      ...(d.codeField ? { [d.codeField]: good1[d.codeField] } : { [d.titleField]: good1[d.titleField] }),
    };
    const rows = [good1, good2, missing, dupInFile];
    const dry = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      query: { dryRun: 'true' },
      headers: t.as(who),
      payload: rows,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json().data as { isSuccess: boolean; errors: { field: string; message: string }[] }[];
    expect(result.map((r) => r.isSuccess)).toEqual([true, true, false, false]);
    expect(result[2]!.errors).toEqual([
      expect.objectContaining({ field: d.titleField, message: translate('vi', 'catalog:validation.required') }),
    ]);
    expect(result[3]!.errors[0]!.message).toContain('dòng 2');
    expect((await list({ keyWord: tag })).json().totalRecord).toBe(0);

    const stored = await t.request({ method: 'POST', url: api(c, c.paths.import), headers: t.as(who), payload: rows });
    expect(stored.json().data.map((r: { isSuccess: boolean; action: string | null }) => r.action)).toEqual([
      'create',
      'create',
      null,
      null,
    ]);
    expect((await list({ keyWord: tag })).json().totalRecord).toBe(2);
    // The same file again creates nothing new.
    const again = await t.request({ method: 'POST', url: api(c, c.paths.import), headers: t.as(who), payload: rows });
    expect(again.json().data.map((r: { action: string | null }) => r.action)).toEqual(['update', 'update', null, null]);
    expect((await list({ keyWord: tag })).json().totalRecord).toBe(2);
    expect(
      errorBody(
        await t.request({ method: 'POST', url: api(c, c.paths.import), headers: t.as(who), payload: { nope: 1 } }),
      ).code,
    ).toBe('VALIDATION');
  });
});
