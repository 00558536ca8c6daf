import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comboboxSpelling, employerFieldOf } from '@portal/domain/catalog/index';
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
  WARDS,
  type CatalogTestApp,
  type Who,
} from './catalog.fixtures.ts';

/**
 * Data scopes on every area owned per employer or per local unit: two employers in two communes, two district
 * users; each sees and changes only its own rows through every route (list, detail, update, delete, combobox,
 * exist, export, import, trash), whatever ids it sends.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const employerAreas = catalogRegistry.all.filter((c) => c.declaration.scope === 'employer');
const districtAreas = catalogRegistry.all.filter((c) => c.declaration.scope === 'district');

describe.each(employerAreas.map((c) => [c.area, c] as const))('%s (per employer)', (_area, c) => {
  const as = (who: Who) => ({ 'x-test-as': who });
  const create = async (who: Who, input: Record<string, unknown>) =>
    t.request({ method: 'POST', url: api(c, c.paths.create), headers: as(who), payload: input });
  const count = async (who: Who, keyWord: string) =>
    (await t.request({ url: api(c, c.paths.list), query: { keyWord }, headers: as(who) })).json().totalRecord as number;

  it('keeps each employer to its own rows; the department and the district of the employer see them', async () => {
    const tag = token();
    const a = await create('employerA', { ...(await sampleInput(t, c, tag, 1)), businessId: t.businessB });
    expect(a.statusCode, a.body).toBe(201);
    // The owner comes from the token, not from what the client sent.
    expect(a.json().businessId).toBe(t.businessA);
    const id = a.json().id as string;

    expect(await count('employerA', tag)).toBe(1);
    expect(await count('employerB', tag)).toBe(0);
    expect(await count('department', tag)).toBe(1);
    expect(await count('districtA', tag)).toBe(1);
    expect(await count('districtB', tag)).toBe(0);

    expect((await t.request({ url: api(c, c.paths.detail, id), headers: as('employerB') })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: updateUrl(c, id),
          headers: as('employerB'),
          payload: await sampleInput(t, c, tag, 5),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: as('employerB'), payload: [id] }))
        .statusCode,
    ).toBe(404);
    for (const spelling of c.paths.combobox.map(comboboxSpelling)) {
      const options = await t.request({
        url: api(c, spelling.path),
        query: { ids: JSON.stringify([id]) },
        headers: as('employerB'),
      });
      expect(options.json().some((o: { value: string }) => o.value === id)).toBe(false);
    }
    const exportB = await t.request({ url: api(c, c.paths.export), query: { keyWord: tag }, headers: as('employerB') });
    expect(sheetRows((await readXlsx(exportB)).worksheets[0]!)).toHaveLength(1);

    const codeKey = Object.keys(c.declaration.unique ?? {})[0]!;
    if (c.declaration.globalUnique?.includes(codeKey)) {
      // A key unique across employers (a citizen ID): B can neither add A's record again nor take it over.
      const inputB = await sampleInput(t, c, tag, 1, null, t.businessB);
      const taken = await create('employerB', inputB);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().error.details[0]).toMatchObject({
        field: c.declaration.unique![codeKey]![0],
        code: 'ownedElsewhere',
      });
      const importedB = await t.request({
        method: 'POST',
        url: api(c, c.paths.import),
        headers: as('employerB'),
        payload: [inputB],
      });
      expect(importedB.json().data[0]).toMatchObject({
        isSuccess: false,
        action: null,
        errors: expect.arrayContaining([
          expect.objectContaining({ field: c.declaration.unique![codeKey]![0], code: 'ownedElsewhere' }),
        ]),
      });
      expect((await t.request({ url: api(c, c.paths.detail, id), headers: as('employerA') })).json().businessId).toBe(
        t.businessA,
      );
      expect(await count('employerB', tag)).toBe(0);
    } else {
      // Codes are unique per employer: B may use A's code for its own record.
      const sameCode = await create('employerB', await sampleInput(t, c, tag, 1, null, t.businessB));
      expect(sameCode.statusCode, sameCode.body).toBe(201);
      expect(sameCode.json().businessId).toBe(t.businessB);
      const codeField = c.declaration.unique![codeKey]![0]!;
      const existB = await t.request({
        url: api(c, c.paths.exist[codeKey]!),
        query: { [codeField]: String(a.json()[codeField]) },
        headers: as('employerA'),
      });
      expect(existB.json()).toEqual({ exists: true });

      // Importing A's code as B updates B's record, never A's.
      const imported = await t.request({
        method: 'POST',
        url: api(c, c.paths.import),
        headers: as('employerB'),
        payload: [
          {
            ...(await sampleInput(t, c, tag, 1, null, t.businessB)),
            // A record titled by its code (a report's number) keeps it: the code is what matches.
            ...(c.declaration.titleField === codeField ? {} : { [c.declaration.titleField]: `Của B ${tag}` }),
          },
        ],
      });
      expect(imported.json().data[0]).toMatchObject({ isSuccess: true, action: 'update', id: sameCode.json().id });
      expect(
        (await t.request({ url: api(c, c.paths.detail, id), headers: as('employerA') })).json()[
          c.declaration.titleField
        ],
      ).toBe(a.json()[c.declaration.titleField]);
    }

    // Deleted rows stay private in the trash too.
    await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: as('employerA'), payload: [id] });
    const trashB = await t.request({
      url: '/api/RecycleBin/recycleBins',
      query: { keyWord: tag, area: c.area },
      headers: as('employerB'),
    });
    expect(trashB.json().pageLists.some((r: { id: string }) => r.id === id)).toBe(false);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/RecycleBin/restore',
          headers: as('employerB'),
          payload: { area: c.area, ids: [id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/RecycleBin/restore',
          headers: as('employerA'),
          payload: { area: c.area, ids: [id] },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses district users a row without an employer', async () => {
    const input = await sampleInput(t, c, token(), 1);
    // With an employer field, a district files rows for the employers in its local unit only.
    if (employerFieldOf(c.declaration)) input.businessId = t.businessB;
    const res = await create('districtA', input);
    expect(res.statusCode).toBe(403);
    if (EMPLOYER_AUTHORED.has(c.declaration.key)) {
      expect((await create('districtA', { ...input, businessId: t.businessA })).statusCode).toBe(403);
    } else if (employerFieldOf(c.declaration)) {
      expect(res.json().error.details[0].field).toBe('businessId');
      expect((await create('districtA', { ...input, businessId: t.businessA })).statusCode).toBe(201);
    }
  });
});

describe.each(districtAreas.map((c) => [c.area, c] as const))('%s (per local unit)', (_area, c) => {
  const as = (who: Who) => ({ 'x-test-as': who });
  const field = c.declaration.scopeField!;
  const count = async (who: Who, keyWord: string) =>
    (await t.request({ url: api(c, c.paths.list), query: { keyWord }, headers: as(who) })).json().totalRecord as number;

  it('keeps each district to its own local unit', async () => {
    const tag = token();
    const input = await sampleInput(t, c, tag, 1);
    delete input[field];
    const a = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: as('districtA'),
      payload: input,
    });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()[field]).toBe(WARDS[0]);
    const id = a.json().id as string;
    expect(await count('districtA', tag)).toBe(1);
    expect(await count('districtB', tag)).toBe(0);
    expect(await count('department', tag)).toBe(1);
    expect(await count('employerA', tag)).toBe(0);
    expect((await t.request({ url: api(c, c.paths.detail, id), headers: as('districtB') })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: as('districtB'), payload: [id] }))
        .statusCode,
    ).toBe(404);

    // Filing under another local unit is refused, by REST and by import.
    const elsewhere = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: as('districtA'),
      payload: { ...(await sampleInput(t, c, token(), 2)), [field]: WARDS[1] },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.details[0].field).toBe(field);
    const moved = await t.request({
      method: 'PUT',
      url: updateUrl(c, id),
      headers: as('districtA'),
      payload: { ...(await sampleInput(t, c, tag, 1)), [field]: WARDS[1] },
    });
    expect(moved.statusCode).toBe(403);
    const imported = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      query: { dryRun: 'true' },
      headers: as('districtA'),
      payload: [
        { ...(await sampleInput(t, c, token(), 3)), [field]: WARDS[1] },
        { ...(await sampleInput(t, c, token(), 4)), [field]: null },
      ],
    });
    expect(imported.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([false, true]);
    expect(imported.json().data[0].errors[0].field).toBe(field);
  });
});
