import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, readXlsx, sheetRows, token, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * The export writes its data rows as sheet XML itself (catalog/excel.ts rowXml): text that looks like markup,
 * quotes, characters XML cannot carry, numbers and labels come back from the file as they were sent.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const c = catalogRegistry.get('indexEquipment');

describe('catalogue export cells', () => {
  it('reads back text with markup, quotes and control characters, numbers and yes/no labels', async () => {
    const tag = token();
    const name = `Xe nâng <b>A&B</b> "C" 'D' ${tag}`;
    const created = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: t.as('department'),
      payload: {
        code: `${tag}-1`,
        name,
        group: 'lifting',
        strictRequirement: true,
        inspectionCycleMonths: 24,
        description: `Dòng 1\nDòng 2\u0007 & <tab>\tx`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.request({ url: api(c, c.paths.export), query: { keyWord: tag }, headers: t.as('department') });
    expect(res.statusCode, res.body).toBe(200);
    const rows = sheetRows((await readXlsx(res)).worksheets[0]!);
    expect(rows).toHaveLength(2);
    const header = rows[0] as string[];
    const row = rows[1]!;
    const cell = (field: string) => row[c.exported.indexOf(field)];
    expect(header).toHaveLength(c.exported.length);
    expect(cell('code')).toBe(`${tag}-1`);
    expect(cell('name')).toBe(name);
    expect(cell('inspectionCycleMonths')).toBe(24);
    expect(cell('strictRequirement')).toBe('Có');
    // A bell character has no place in XML: dropped, the rest kept.
    expect(cell('description')).toBe(`Dòng 1\nDòng 2 & <tab>\tx`);
  });
});
