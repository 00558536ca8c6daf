import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, token, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * The keyword of a catalogue list matched exactly, whatever way the index is read: a keyword of several plain
 * words goes through a cheaper trigram filter first (db/search.ts trigramFilter), which must change no answer.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const c = catalogRegistry.get('indexEquipment');

describe('catalogue keyword search', () => {
  const tag = token();
  const names = [
    `Xe nâng Toyota ${tag} số 1`,
    `Xe nâng điện Toyota ${tag} số 2`,
    `Sàn nâng người Toyota ${tag} số 3`,
    `Nguyễn Văn A đặt ${tag} số 4`,
    `Nguyễn Văn Anh đặt ${tag} số 5`,
    `Nguyễn Thị Vân đặt ${tag} số 6`,
  ];
  const found = async (keyWord: string): Promise<string[]> => {
    const res = await t.request({
      url: api(c, c.paths.list),
      query: { keyWord, pageSize: '50' },
      headers: t.as('department'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { pageLists: { name: string }[]; totalRecord: number };
    expect(body.totalRecord).toBe(body.pageLists.length);
    return body.pageLists.map((r) => r.name).sort();
  };

  beforeAll(async () => {
    for (const [i, name] of names.entries()) {
      const res = await t.request({
        method: 'POST',
        url: api(c, c.paths.create),
        headers: t.as('department'),
        payload: { code: `${tag}-${i + 1}`, name, group: 'lifting', inspectionCycleMonths: 12 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('finds the words only where they stand together, in that order', async () => {
    expect(await found(`xe nang toyota ${tag}`)).toEqual([names[0]]);
    expect(await found(`nang toyota ${tag}`)).toEqual([names[0]]);
    // Every word is in the row, but not side by side: not a match.
    expect(await found(`xe toyota ${tag}`)).toEqual([]);
    expect(await found(`toyota xe ${tag}`)).toEqual([]);
  });

  it('matches inside words, across accents, đ as d and any case', async () => {
    expect(await found(`guyen van a dat ${tag}`)).toEqual([names[3]]);
    expect(await found(`NGUYEN VAN ${tag}`)).toEqual([]);
    expect(await found(`nguyen van`)).toEqual(expect.arrayContaining([names[3], names[4]]));
    expect(await found(`van anh dat ${tag.toLowerCase()}`)).toEqual([names[4]]);
    expect(await found(`thi van dat ${tag}`)).toEqual([names[5]]);
    expect(await found(`Đặt ${tag} số 6`)).toEqual([names[5]]);
    expect(await found(`a dat ${tag}`)).toEqual([names[3]]);
  });

  it('never matches a keyword that runs from one field into the next', async () => {
    // The code and the name are stored side by side in one search column, apart.
    expect(await found(`${tag}-1 xe nang`)).toEqual([]);
    expect(await found(`${tag}-1\u001fxe nang`)).toEqual([]);
    expect(await found(`xe\u001fnang toyota ${tag}`)).toEqual([names[0]]);
  });

  it('finds codes by any part of them', async () => {
    const res = await t.request({
      url: api(c, c.paths.list),
      query: { keyWord: `${tag.slice(2)}-3` },
      headers: t.as('department'),
    });
    expect(res.json().pageLists.map((r: { code: string }) => r.code)).toEqual([`${tag}-3`]);
  });
});
