import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestApp, token, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * Lists sort names as Vietnamese readers expect: "Ánh", "Đặng", "Ủy" stand beside "Anh", "Dang", "Uy", not after
 * "Z" as their bytes would; codes keep their plain order. The same on PGlite and PostgreSQL.
 */
let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

describe('sorting by name', () => {
  it('puts accented initials among the plain letters, both ways', async () => {
    const tag = token();
    const names = [
      'Vật rơi',
      'Đuối nước',
      'Cháy',
      'Ánh sáng chói',
      'Bỏng',
      'Ngã cao',
      'Điện giật',
      'Ủy thác',
      'Dập tay',
    ];
    for (const [i, name] of names.entries()) {
      const res = await t.request({
        method: 'POST',
        url: '/api/InjuryReason/injuryReasons',
        headers: t.as('department'),
        payload: { code: `${tag}-${i}`, name: `${name} ${tag}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = async (order: 'asc' | 'desc') => {
      const res = await t.request({
        url: `/api/InjuryReason/injuryReasons?keyWord=${tag}&sortField=name&sortOrder=${order}&pageSize=50`,
        headers: t.as('department'),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().pageLists as { name: string }[]).map((r) => r.name.replace(` ${tag}`, ''));
    };
    const expected = [
      'Ánh sáng chói',
      'Bỏng',
      'Cháy',
      'Dập tay',
      'Điện giật',
      'Đuối nước',
      'Ngã cao',
      'Ủy thác',
      'Vật rơi',
    ];
    expect(await list('asc')).toEqual(expected);
    expect(await list('desc')).toEqual([...expected].reverse());
  });
});
