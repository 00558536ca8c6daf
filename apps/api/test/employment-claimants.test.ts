import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCitizenId } from '@portal/domain/workers/citizen-id';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { clock } from '../src/platform/clock/index.ts';
import { api, createCatalogTestApp, WARDS, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * Claimants among the job seekers: a seeker whose citizen ID holds a benefit decision approved or paying is
 * flagged a claimant (and found by that filter), whichever is written first, and loses the flag when the benefit
 * ends, moves to another person or is deleted; it comes back with a restore. The monthly job-search declarations
 * belong to a benefit decision, one per month.
 */
let t: CatalogTestApp;
const seekers = catalogRegistry.get('jobSeeker');
const benefits = catalogRegistry.get('unemploymentInsurance');
const declarations = catalogRegistry.get('jobSearchDeclaration');
const today = clock.today();
const month = `${today.slice(0, 7)}-01`;
let occupation = '';

beforeAll(async () => {
  t = await createCatalogTestApp();
  occupation = (
    await sql<{ id: string }>`select id from type_of_profession where code = '74' and deleted_at is null`.execute(
      t.database.db,
    )
  ).rows[0]!.id;
});
afterAll(async () => t?.close());

async function send(area: typeof seekers, who: Who, method: 'POST' | 'PUT', path: string, body: unknown) {
  return t.request({ method, url: api(area, path), headers: t.as(who), payload: body as Record<string, unknown> });
}
async function create(area: typeof seekers, body: Record<string, unknown>) {
  const res = await send(area, 'department', 'POST', area.paths.create, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
}
const seeker = (code: string, citizenId: string) =>
  create(seekers, {
    code,
    fullName: `Người tìm việc ${code}`,
    citizenId,
    adminUnitId: WARDS[0],
    occupationId: occupation,
    registeredDate: today,
  });
const benefit = (code: string, citizenId: string, status = 'paying') =>
  create(benefits, {
    code,
    fullName: `Người hưởng ${code}`,
    citizenId,
    adminUnitId: WARDS[0],
    benefitMonths: 3,
    monthlyAmount: 4_500_000,
    decisionDate: month,
    startDate: month,
    status,
  });
const flag = async (id: string) =>
  (await sql<{ claimant: boolean | null }>`select claimant from job_seeker where id = ${id}`.execute(t.database.db))
    .rows[0]!.claimant;

describe('claimants among the job seekers', () => {
  it('flags a seeker drawing benefit, whichever comes first, and follows the benefit', async () => {
    const first = makeCitizenId('068', '1990-05-01', 'male', 712_001);
    const second = makeCitizenId('068', '1991-06-02', 'female', 712_002);
    // The seeker first, then the benefit.
    const a = await seeker('TV-CL1', first);
    expect(await flag(a.id)).toBe(false);
    const b1 = await benefit('TC-CL1', first);
    expect(await flag(a.id)).toBe(true);
    // The benefit first, then the seeker: flagged at once, in the answer too.
    const second2 = await benefit('TC-CL2', second, 'approved');
    const b = await seeker('TV-CL2', second);
    expect(b.claimant).toBe(true);

    // The list's filter finds the claimants.
    const listed = await t.request({
      method: 'GET',
      url: `${api(seekers, seekers.paths.list)}?claimant=true&keyWord=TV-CL`,
      headers: t.as('department'),
    });
    expect((listed.json() as { pageLists: { code: string }[] }).pageLists.map((r) => r.code).sort()).toEqual([
      'TV-CL1',
      'TV-CL2',
    ]);

    // The benefit ends: no longer a claimant.
    const current = (
      await t.request({
        method: 'GET',
        url: api(benefits, benefits.paths.detail.replace('{id}', b1.id)),
        headers: t.as('department'),
      })
    ).json() as Record<string, unknown>;
    const ended = await send(benefits, 'department', 'PUT', benefits.paths.update.replace('{id}', b1.id), {
      ...current,
      id: b1.id,
      status: 'ended',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await flag(a.id)).toBe(false);

    // Deleted, then restored from the trash bin.
    const del = await t.request({
      method: 'POST',
      url: api(benefits, benefits.paths.delete),
      headers: t.as('department'),
      payload: [
        (await sql<{ id: string }>`select id from unemployment_insurance where code = 'TC-CL2'`.execute(t.database.db))
          .rows[0]!.id,
      ],
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await flag(b.id)).toBe(false);
    const restored = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: t.as('department'),
      payload: { area: benefits.area, ids: [second2.id] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await flag(b.id)).toBe(true);
  });

  it('keeps one job-search declaration per benefit and month, written as year-month', async () => {
    const citizen = makeCitizenId('068', '1988-01-03', 'male', 712_003);
    const b = await benefit('TC-CL3', citizen);
    const body = {
      code: 'TBTV-CL3-1',
      benefitId: b.id,
      adminUnitId: WARDS[0],
      month: today.slice(0, 7),
      declaredOn: today,
      employersContacted: 3,
      outcome: 'stillSeeking',
    };
    await create(declarations, body);
    const again = await send(declarations, 'department', 'POST', declarations.paths.create, {
      ...body,
      code: 'TBTV-CL3-2',
    });
    expect(again.statusCode).toBe(409);
    const midMonth = await send(declarations, 'department', 'POST', declarations.paths.create, {
      ...body,
      code: 'TBTV-CL3-3',
      month: `${today.slice(0, 7)}-15`,
    });
    expect(midMonth.statusCode).toBe(400);
    expect((midMonth.json() as { error: { details: { field: string }[] } }).error.details[0]!.field).toBe('month');
  });
});
