import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { clock } from '../src/platform/clock/index.ts';
import { api, createCatalogTestApp, updateUrl, WARDS, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * Matching that explains itself: the vacancies that fit a job seeker and the seekers that fit a vacancy, ranked by
 * occupation closeness, distance, pay, education and skills, with one reason per factor; employers see only the
 * seekers who agreed to share; the public board shows open vacancies without personal data.
 */
let t: CatalogTestApp;
const seekers = catalogRegistry.get('jobSeeker');
const vacancies = catalogRegistry.get('vacancy');
const occupation: Record<string, string> = {};
const today = clock.today();
const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Mũi Né, about 150 km from Đà Lạt. */
const FAR_WARD = '2025:22918';

beforeAll(async () => {
  t = await createCatalogTestApp();
  const rows = await sql<{ id: string; code: string }>`select id, code from type_of_profession
    where code in ('61', '72', '74') and deleted_at is null`.execute(t.database.db);
  for (const r of rows.rows) occupation[r.code] = r.id;
});
afterAll(async () => t?.close());

const vacancy = (code: string, body: Record<string, unknown>) => ({
  code,
  title: `Thợ điện ${code}`,
  occupationId: occupation['74'],
  quantity: 3,
  adminUnitId: WARDS[0],
  payFrom: 8_000_000,
  payTo: 12_000_000,
  educationLevel: 'vocational',
  skills: 'Điện công nghiệp,  tự động hóa',
  postedDate: inDays(-5),
  closingDate: inDays(20),
  ...body,
});

async function post(area: typeof seekers, who: Who, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: api(area, area.paths.create), headers: t.as(who), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
}

const seekerBody = {
  code: 'TV-THU-001',
  fullName: 'Nguyễn Văn Điện',
  citizenId: '068095001234',
  birthDate: '1995-04-12',
  sex: 'male',
  adminUnitId: WARDS[0],
  occupationId: '',
  educationLevel: 'vocational',
  skills: ' Điện công nghiệp , HÀN,điện công nghiệp',
  desiredPay: 10_000_000,
  registeredDate: inDays(-3),
  consentToShare: false,
};

interface Item {
  id: string;
  code: string;
  score: number;
  distanceBand: string;
  reasons: { factor: string; fit: string; points: number; max: number; params: Record<string, unknown> }[];
}

describe('employment matching', () => {
  const ids: Record<string, string> = {};
  let seekerId = '';

  it('stores skills normalised and refuses a pay range or closing date the wrong way round', async () => {
    ids.v1 = (await post(vacancies, 'employerA', vacancy('TD-1', {}))).id;
    ids.v2 = (await post(vacancies, 'employerA', vacancy('TD-2', { occupationId: occupation['72'] }))).id;
    ids.v3 = (await post(vacancies, 'employerA', vacancy('TD-3', { occupationId: occupation['61'] }))).id;
    ids.v4 = (await post(vacancies, 'employerA', vacancy('TD-4', { status: 'closed' }))).id;
    ids.v5 = (await post(vacancies, 'employerB', vacancy('TD-5', { adminUnitId: FAR_WARD }))).id;
    ids.v6 = (await post(vacancies, 'employerB', vacancy('TD-6', { adminUnitId: WARDS[1] }))).id;
    ids.v7 = (
      await post(vacancies, 'employerB', vacancy('TD-7', { postedDate: inDays(-40), closingDate: inDays(-1) }))
    ).id;
    const seeker = await post(seekers, 'department', { ...seekerBody, occupationId: occupation['74'] });
    seekerId = seeker.id;
    expect(seeker.skills).toBe('điện công nghiệp,hàn');

    for (const [body, field] of [
      [vacancy('TD-8', { payFrom: 12_000_000, payTo: 8_000_000 }), 'payTo'],
      [vacancy('TD-9', { postedDate: inDays(1), closingDate: inDays(-1) }), 'closingDate'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: api(vacancies, vacancies.paths.create),
        headers: t.as('employerA'),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(field);
    }
  });

  it('ranks the vacancies for a seeker and says why each matched', async () => {
    const res = await t.request({
      url: `/api/JobSeeker/jobSeekers/${seekerId}/matches`,
      headers: t.as('department'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Item[];
    // Same occupation here, same occupation next door, same group here, same occupation far away; never another
    // occupation group, a closed vacancy or one past its closing date.
    expect(items.map((i) => i.code)).toEqual(['TD-1', 'TD-6', 'TD-2', 'TD-5']);
    const [best] = items;
    const why = Object.fromEntries(best!.reasons.map((r) => [r.factor, r]));
    expect(why.occupation).toMatchObject({ fit: 'same', points: 40 });
    expect(why.distance).toMatchObject({ fit: 'same', points: 25 });
    expect(why.pay).toMatchObject({ fit: 'fits', points: 15, params: { desired: 10_000_000, payTo: 12_000_000 } });
    expect(why.education).toMatchObject({ fit: 'meets', points: 10 });
    expect(why.skills).toMatchObject({
      fit: 'some',
      points: 5,
      params: { common: 'điện công nghiệp', count: 1, total: 2 },
    });
    for (const item of items) expect(item.score).toBe(item.reasons.reduce((s, r) => s + r.points, 0));
    expect(items.map((i) => i.distanceBand)).toEqual(['same', 'near', 'same', 'far']);
    const group = items[2]!.reasons.find((r) => r.factor === 'occupation')!;
    expect(group).toMatchObject({ fit: 'group', points: 25 });
    expect(group.params.group).toBeTruthy();

    // Fewer asked: the same best ones, read without the buckets that can no longer win.
    const two = await t.request({
      url: `/api/JobSeeker/jobSeekers/${seekerId}/matches?limit=2`,
      headers: t.as('department'),
    });
    expect((two.json().items as Item[]).map((i) => i.code)).toEqual(['TD-1', 'TD-6']);
  });

  it('ranks pay and education: a wish above the top pay and a level short cost points', async () => {
    await t.request({
      method: 'PUT',
      url: updateUrl(vacancies, ids.v6!),
      headers: t.as('employerB'),
      payload: vacancy('TD-6', { adminUnitId: WARDS[1], payTo: 9_500_000, educationLevel: 'college' }),
    });
    const res = await t.request({ url: `/api/JobSeeker/jobSeekers/${seekerId}/matches`, headers: t.as('department') });
    const next = (res.json().items as Item[]).find((i) => i.code === 'TD-6')!;
    const why = Object.fromEntries(next.reasons.map((r) => [r.factor, r]));
    // 10 M wanted, 9.5 M paid: within 10 %.
    expect(why.pay).toMatchObject({ fit: 'close', points: 7 });
    expect(why.education).toMatchObject({ fit: 'oneBelow', points: 4 });
    expect(next.score).toBe(40 + 18 + 7 + 4 + 5);
  });

  it('shows an employer only the seekers who agreed to share, and only for its own vacancies', async () => {
    const url = `/api/Vacancy/vacancies/${ids.v1}/matches`;
    const asDepartment = await t.request({ url, headers: t.as('department') });
    expect(asDepartment.statusCode, asDepartment.body).toBe(200);
    expect((asDepartment.json().items as Item[]).map((i) => i.code)).toEqual(['TV-THU-001']);
    expect(asDepartment.body).not.toContain('068095001234');

    const hidden = await t.request({ url, headers: t.as('employerA') });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().items).toEqual([]);

    await t.request({
      method: 'PUT',
      url: updateUrl(seekers, seekerId),
      headers: t.as('department'),
      payload: { ...seekerBody, occupationId: occupation['74'], consentToShare: true },
    });
    const shown = await t.request({ url, headers: t.as('employerA') });
    expect((shown.json().items as Item[]).map((i) => i.code)).toEqual(['TV-THU-001']);
    expect(shown.body).not.toContain('068095001234');

    expect((await t.request({ url, headers: t.as('employerB') })).statusCode).toBe(404);
    expect(
      (await t.request({ url: `/api/JobSeeker/jobSeekers/${seekerId}/matches`, headers: t.as('employerA') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `/api/JobSeeker/jobSeekers/${seekerId}/matches`, headers: t.as('nobody') })).statusCode,
    ).toBe(401);
  });

  it('lists open vacancies on the public board, searchable, without personal data', async () => {
    const res = await t.request({ url: '/api/Vacancy/public-board?pageSize=50', headers: t.as('nobody') });
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json().pageLists as { code: string }[]).map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['TD-1', 'TD-2', 'TD-3', 'TD-5', 'TD-6']));
    expect(codes).not.toContain('TD-4');
    expect(codes).not.toContain('TD-7');
    expect(res.body).not.toContain('Nguyễn Văn Điện');

    const far = await t.request({ url: `/api/Vacancy/public-board?adminUnitId=${FAR_WARD}`, headers: t.as('nobody') });
    expect((far.json().pageLists as { code: string }[]).map((i) => i.code)).toEqual(['TD-5']);
    const byWord = await t.request({
      url: '/api/Vacancy/public-board?keyword=tho%20dien%20TD-2',
      headers: t.as('nobody'),
    });
    expect((byWord.json().pageLists as { code: string }[]).map((i) => i.code)).toEqual(['TD-2']);
    const occupations = await t.request({ url: '/api/Vacancy/public-occupations', headers: t.as('nobody') });
    expect(occupations.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      (occupations.json() as { code: string; open: number }[]).map((o) => [o.code, o.open]),
    );
    // 74 asks for TD-1, TD-5, TD-6; 72 for TD-2; their group 7 for all four; 61 (TD-3) and group 6.
    expect(byCode).toMatchObject({ '74': 3, '72': 1, '7': 4, '61': 1, '6': 1 });
    const byGroup = await t.request({
      url: `/api/Vacancy/public-board?occupationId=${occupation['72']}`,
      headers: t.as('nobody'),
    });
    expect((byGroup.json().pageLists as { code: string }[]).map((i) => i.code)).toEqual(['TD-2']);
    const bad = await t.request({ url: '/api/Vacancy/public-board?adminUnitId=x', headers: t.as('nobody') });
    expect(bad.statusCode).toBe(400);
  });
});
