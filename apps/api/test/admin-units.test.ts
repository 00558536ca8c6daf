import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { runSeeds } from '../src/seed/index.ts';
import { loadAdminUnits } from '../src/modules/organisation/seed-admin-units.ts';
import { demoProvinceStep, lamDongPortalConfig, provinceWards } from '../src/seed/demo/province.ts';
import { createRandom, streetAddress } from '../src/seed/demo/names.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Unit {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  fullName: string;
  level: string;
  generation: string;
  parentId: string | null;
  validFrom: string | null;
  validTo: string | null;
  predecessorIds?: string[];
  successorIds?: string[];
}

const get = async <T = Unit[]>(url: string, headers: Record<string, string> = {}) => {
  const res = await t.request({ url, headers });
  return { res, body: res.json() as T };
};

const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string; details: unknown[] } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(Array.isArray(body.error.details)).toBe(true);
  return body.error;
};

const dataDir = path.join(import.meta.dirname, '../src/modules/organisation/data');
const units2025 = JSON.parse(readFileSync(path.join(dataDir, 'vn-units-2025.json'), 'utf8')) as Array<{
  code: string;
  wards: Array<{ code: string }>;
}>;

describe('reference data load', () => {
  it('holds both generations, successors and countries', async () => {
    const db = t.database.db;
    const counts = await db
      .selectFrom('admin_unit')
      .select(['generation', 'level', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['generation', 'level'])
      .orderBy('generation')
      .orderBy('level')
      .execute();
    expect(counts).toEqual([
      { generation: '2025', level: 'province', n: 34 },
      { generation: '2025', level: 'ward', n: 3321 },
      { generation: 'legacy', level: 'district', n: 705 },
      { generation: 'legacy', level: 'province', n: 63 },
      { generation: 'legacy', level: 'ward', n: 10599 },
    ]);
    const successors = await db
      .selectFrom('admin_unit_successor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Every former province has exactly one successor.
    expect(successors.n).toBe(63);
  });

  it('is a single lookup once loaded', async () => {
    const started = performance.now();
    expect((await loadAdminUnits(t.database.db)).skipped).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('GET /api/OfficalProfile/provinces', () => {
  it('answers the 34 provinces in force today, sorted by code, cacheable', async () => {
    const { res, body } = await get('/api/OfficalProfile/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(body).toHaveLength(34);
    expect(body.map((p) => p.code)).toEqual([...body.map((p) => p.code)].sort());
    expect(body.map((p) => p.code)).toEqual(units2025.map((p) => p.code).sort());
    const lamDong = body.find((p) => p.code === '68')!;
    expect(lamDong).toMatchObject({
      id: '2025:68',
      name: 'Lâm Đồng',
      nameEn: 'Lam Dong',
      fullName: 'Tỉnh Lâm Đồng',
      level: 'province',
      generation: '2025',
      parentId: null,
      validFrom: '2025-07-01',
      validTo: null,
      predecessorIds: ['legacy:60', 'legacy:67', 'legacy:68'],
      successorIds: [],
    });
  });

  it('answers the 63 former provinces for generation=legacy or a date before 1 July 2025', async () => {
    const legacy = (await get('/api/OfficalProfile/provinces?generation=legacy')).body;
    expect(legacy).toHaveLength(63);
    expect((await get('/api/OfficalProfile/provinces?at=2025-06-30')).body).toEqual(legacy);
    expect((await get('/api/OfficalProfile/provinces?at=2025-07-01')).body).toHaveLength(34);
    const dakNong = legacy.find((p) => p.code === '67')!;
    expect(dakNong).toMatchObject({ id: 'legacy:67', name: 'Đắk Nông', validFrom: null, validTo: '2025-06-30' });
    // Successor mapping: Đắk Nông → Lâm Đồng.
    expect(dakNong.successorIds).toEqual(['2025:68']);
    expect(legacy.find((p) => p.code === '46')).toMatchObject({ name: 'Thừa Thiên Huế', successorIds: ['2025:46'] });
  });

  it('filters by keyword without accents, in Vietnamese or English', async () => {
    const names = async (url: string) => (await get(url)).body.map((p) => p.name);
    expect(await names('/api/OfficalProfile/provinces?keyWord=lam%20dong')).toEqual(['Lâm Đồng']);
    expect(await names('/api/OfficalProfile/provinces?keyWord=dak')).toEqual(['Đắk Lắk']);
    expect(await names('/api/OfficalProfile/provinces?keyWord=dak&generation=legacy')).toEqual(['Đắk Lắk', 'Đắk Nông']);
    expect(await names('/api/OfficalProfile/provinces?keyWord=ĐẮK%20NÔNG&generation=legacy')).toEqual(['Đắk Nông']);
    expect(await names('/api/OfficalProfile/provinces?keyWord=hanoi')).toEqual(['Hà Nội']);
    expect(await names('/api/OfficalProfile/provinces?keyWord=100%25')).toEqual([]);
  });
});

describe('GET /api/OfficalProfile/wards/{id}', () => {
  it('answers the 124 communes and wards of Lâm Đồng, matching the source data', async () => {
    const { res, body } = await get('/api/OfficalProfile/wards/68');
    expect(res.statusCode).toBe(200);
    const expected = units2025
      .find((p) => p.code === '68')!
      .wards.map((w) => w.code)
      .sort();
    expect(expected).toHaveLength(124);
    expect(body.map((w) => w.code)).toEqual(expected);
    expect(body.every((w) => w.level === 'ward' && w.parentId === '2025:68' && w.validFrom === '2025-07-01')).toBe(
      true,
    );
    expect(body.find((w) => w.code === '24781')).toMatchObject({
      name: 'Xuân Hương - Đà Lạt',
      fullName: 'Phường Xuân Hương - Đà Lạt',
    });
    expect((await get('/api/OfficalProfile/wards/2025:68')).body).toEqual(body);
  });

  it('filters wards by keyword', async () => {
    const { body } = await get('/api/OfficalProfile/wards/68?keyWord=da%20lat');
    expect(body.map((w) => w.name)).toEqual([
      'Lâm Viên - Đà Lạt',
      'Xuân Hương - Đà Lạt',
      'Cam Ly - Đà Lạt',
      'Xuân Trường - Đà Lạt',
      'Lang Biang - Đà Lạt',
    ]);
    const dak = (await get('/api/OfficalProfile/wards/68?keyWord=dak')).body;
    expect(dak.length).toBeGreaterThan(0);
    expect(dak.every((w) => /Đắk|Đăk|Dak/i.test(w.name))).toBe(true);
  });

  it('answers the former communes of a former district, and of a former province', async () => {
    const giaNghia = (await get('/api/OfficalProfile/wards/660')).body;
    expect(giaNghia).toHaveLength(8);
    expect(giaNghia.every((w) => w.parentId === 'legacy:660' && w.validTo === '2025-06-30')).toBe(true);
    expect((await get('/api/OfficalProfile/wards/legacy:67')).body).toHaveLength(71);
    // The former communes of the provinces today's Lâm Đồng was formed from.
    const formed = (await get('/api/OfficalProfile/wards/68?generation=legacy')).body;
    expect(formed.length).toBeGreaterThan(71);
    expect(formed.every((w) => w.generation === 'legacy')).toBe(true);
    // No mapping below province level: a former district has no 2025 wards.
    expect((await get('/api/OfficalProfile/wards/660?generation=2025')).body).toEqual([]);
  });
});

describe('GET /api/OfficalProfile/districts/{id}', () => {
  it('answers the districts of former Đắk Nông', async () => {
    const { res, body } = await get('/api/OfficalProfile/districts/67');
    expect(res.statusCode).toBe(200);
    expect(body).toHaveLength(8);
    expect(body.map((d) => d.fullName)).toContain('Thành phố Gia Nghĩa');
    expect(body.every((d) => d.parentId === 'legacy:67' && d.level === 'district')).toBe(true);
    expect((await get('/api/OfficalProfile/districts/67?generation=legacy')).body).toEqual(body);
    expect((await get('/api/OfficalProfile/districts/legacy:67')).body).toEqual(body);
  });

  it('answers no districts for a 2025 province by default, the former ones it was formed from on request', async () => {
    expect((await get('/api/OfficalProfile/districts/68')).body).toEqual([]);
    const formed = (await get('/api/OfficalProfile/districts/68?generation=legacy')).body;
    // Bình Thuận 10, Đắk Nông 8, former Lâm Đồng 12.
    expect(formed).toHaveLength(30);
    expect(new Set(formed.map((d) => d.parentId))).toEqual(new Set(['legacy:60', 'legacy:67', 'legacy:68']));
    expect((await get('/api/OfficalProfile/districts/68?at=2024-01-01')).body).toEqual(formed);
    expect((await get('/api/OfficalProfile/districts/legacy:68')).body).toHaveLength(12);
    expect(
      (await get('/api/OfficalProfile/districts/68?generation=legacy&keyWord=gia%20nghia')).body.map((d) => d.code),
    ).toEqual(['660']);
  });
});

describe('bad and unknown ids', () => {
  it('malformed ids and queries → 400 with the error body', async () => {
    const err = expectError((await get('/api/OfficalProfile/districts/abc')).res, 400, 'VALIDATION');
    expect(err.details).toMatchObject([{ field: 'params.id' }]);
    expectError((await get('/api/OfficalProfile/districts/660')).res, 400, 'VALIDATION');
    expectError((await get('/api/OfficalProfile/wards/24781')).res, 400, 'VALIDATION');
    expectError((await get('/api/OfficalProfile/wards/future:68')).res, 400, 'VALIDATION');
    expectError((await get('/api/OfficalProfile/provinces?generation=2030')).res, 400, 'VALIDATION');
    expectError((await get('/api/OfficalProfile/provinces?at=2025-13-01')).res, 400, 'VALIDATION');
    expectError((await get('/api/OfficalProfile/provinces?at=2025-01-01&generation=2025')).res, 400, 'VALIDATION');
    expectError((await get(`/api/OfficalProfile/countries?keyWord=${'x'.repeat(101)}`)).res, 400, 'VALIDATION');
  });

  it('well-formed ids of units that do not exist → 404', async () => {
    expectError((await get('/api/OfficalProfile/districts/99')).res, 404, 'NOT_FOUND');
    expectError((await get('/api/OfficalProfile/districts/2025:67')).res, 404, 'NOT_FOUND');
    expectError((await get('/api/OfficalProfile/wards/999')).res, 404, 'NOT_FOUND');
    const en = expectError(
      (await get('/api/OfficalProfile/wards/999', { 'accept-language': 'en' })).res,
      404,
      'NOT_FOUND',
    );
    expect(en.message).toBe('The requested resource was not found');
  });
});

describe('GET /api/OfficalProfile/countries', () => {
  it('lists countries by code, Viet Nam included, searchable without accents', async () => {
    const { res, body } = await get<Array<{ id: string; code: string; name: string; nameEn: string }>>(
      '/api/OfficalProfile/countries',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(body.length).toBeGreaterThanOrEqual(50);
    expect(body.map((c) => c.code)).toEqual([...body.map((c) => c.code)].sort());
    expect(body.find((c) => c.code === 'VN')).toEqual({ id: 'VN', code: 'VN', name: 'Việt Nam', nameEn: 'Viet Nam' });
    for (const code of ['CN', 'KR', 'JP', 'TW', 'TH', 'LA', 'KH', 'PH', 'IN', 'US'])
      expect(body.map((c) => c.code)).toContain(code);
    const korea = (await get<Array<{ code: string }>>('/api/OfficalProfile/countries?keyWord=han%20quoc')).body;
    expect(korea.map((c) => c.code)).toEqual(['KR']);
    expect(
      (await get<Array<{ code: string }>>('/api/OfficalProfile/countries?keyWord=japan')).body.map((c) => c.code),
    ).toEqual(['JP']);
  });
});

describe('boundary maps', () => {
  it('serves the 34 province boundaries with long cache headers and an ETag', async () => {
    const res = await t.request('/api/OfficalProfile/geojson/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=604800/);
    const body = res.json() as { type: string; features: unknown[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(34);
    const again = await t.request({
      url: '/api/OfficalProfile/geojson/provinces',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves Lâm Đồng's 124 commune boundaries; other provinces 404", async () => {
    const res = await t.request('/api/OfficalProfile/geojson/wards/68');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { features: Array<{ properties: { code: string } }> };
    const wards = (await get('/api/OfficalProfile/wards/68')).body.map((w) => w.code);
    expect(body.features.map((f) => f.properties.code).sort()).toEqual(wards);
    expectError(await t.request('/api/OfficalProfile/geojson/wards/01'), 404, 'NOT_FOUND');
    expectError(await t.request('/api/OfficalProfile/geojson/wards/lam-dong'), 400, 'VALIDATION');
  });
});

describe('portal configuration and the demo province', () => {
  it('answers defaults when nothing is stored', async () => {
    const { res, body } = await get<Record<string, unknown>>('/api/Home/configuration');
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      provinceCode: null,
      provinceName: '',
      portalName: 'Cổng thông tin An toàn vệ sinh lao động',
      isTestPortal: false,
      localUnitLevel: 'ward',
      logo: '/api/Home/images/logo.svg',
    });
    const en = (await get<{ portalName: string }>('/api/Home/configuration', { 'accept-language': 'en' })).body;
    expect(en.portalName).toBe('Occupational Safety and Health Portal');
  });

  it('serves the default images as cacheable SVG', async () => {
    const res = await t.request('/api/Home/images/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toContain('<svg');
    for (const name of ['favicon.svg', 'side-logo.svg', 'banner-highlands.svg', 'banner-coast.svg']) {
      expect((await t.request(`/api/Home/images/${name}`)).statusCode).toBe(200);
    }
    expectError(await t.request('/api/Home/images/missing.svg'), 404, 'NOT_FOUND');
    expectError(await t.request('/api/Home/images/logo.exe'), 400, 'VALIDATION');
    expectError(await t.request('/api/Home/images/..%2Fnames.ts'), 400, 'VALIDATION');
  });

  it('seeds the Lâm Đồng test portal idempotently', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      settings: await db.selectFrom('app_setting').selectAll().orderBy('key').execute(),
      units: (
        await db
          .selectFrom('admin_unit')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      countries: (
        await db
          .selectFrom('country')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const ctx = {
      db,
      config: { ...t.config, demoData: true },
      log: { info() {}, warn() {}, error() {} },
      announce() {},
    };
    // Every domain's demo step, twice: the second run changes nothing.
    await runSeeds(ctx);
    const first = await snapshot();
    await demoProvinceStep.run(ctx);
    await runSeeds(ctx);
    expect(await snapshot()).toEqual(first);

    const { body } = await get<Record<string, unknown>>('/api/Home/configuration');
    expect(body).toEqual({
      provinceCode: '68',
      provinceName: 'Lâm Đồng',
      portalName: lamDongPortalConfig.portalName,
      districtSiteUrl: lamDongPortalConfig.districtSiteUrl,
      isTestPortal: true,
      logo: '/api/Home/images/logo.svg',
      favicon: '/api/Home/images/favicon.svg',
      bannerImages: ['/api/Home/images/banner-highlands.svg', '/api/Home/images/banner-coast.svg'],
      sideLogo: '/api/Home/images/side-logo.svg',
      systemInfo: lamDongPortalConfig.systemInfo,
      localUnitLevel: 'ward',
    });
    expect((body.systemInfo as { owner: string }).owner).toBe('Sở Nội vụ tỉnh Lâm Đồng');
  });

  it('gives the demo generators real Lâm Đồng ward names', async () => {
    const wards = await provinceWards(t.database.db);
    expect(wards).toHaveLength(124);
    const rng = createRandom('test');
    const address = streetAddress(rng, rng.pick(wards));
    expect(wards.some((w) => address.includes(`, ${w.fullName}, tỉnh Lâm Đồng`))).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the reference routes from their schemas', async () => {
    const doc = (
      await get<{
        paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
      }>('/api/docs/json')
    ).body;
    for (const p of [
      '/api/OfficalProfile/provinces',
      '/api/OfficalProfile/districts/{id}',
      '/api/OfficalProfile/wards/{id}',
      '/api/OfficalProfile/countries',
      '/api/Home/configuration',
    ]) {
      expect(doc.paths[p]?.get?.responses['200']).toBeDefined();
    }
    expect(doc.paths['/api/OfficalProfile/districts/{id}']!.get!.description).toMatch(/empty list/);
  });
});
