import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestApp, token, type CatalogTestApp } from './catalog.fixtures.ts';

/** TargetTraining by code (spec §7): one training target group by its code, case-insensitive; 404 when absent. */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const byCode = (code: string, who: Parameters<CatalogTestApp['as']>[0] = 'department') =>
  t.request({ url: `/api/TargetTraining/get-by-code/${encodeURIComponent(code)}`, headers: t.as(who) });

describe('TargetTraining/get-by-code', () => {
  it('answers the group whatever the case of the code, and 404 with the error body when absent or deleted', async () => {
    const code = `NHOM-${token()}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/TargetTraining/targetTrainings',
      headers: t.as('department'),
      payload: { code, name: `Nhóm ${code}`, trainingHours: 16, refresherYears: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const exact = await byCode(code);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ id, code, name: `Nhóm ${code}`, trainingHours: 16, refresherYears: 2 });
    const lower = await byCode(code.toLowerCase(), 'reader');
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().id).toBe(id);

    const absent = await byCode(`KHONG-${token()}`);
    expect(absent.statusCode).toBe(404);
    expect(absent.json().error.code).toBe('NOT_FOUND');

    await t.request({
      method: 'POST',
      url: '/api/TargetTraining/delete-target-trainings',
      headers: t.as('department'),
      payload: [id],
    });
    expect((await byCode(code)).statusCode).toBe(404);
  });

  it('is refused to anyone not signed in', async () => {
    expect((await byCode('ANY', 'nobody')).statusCode).toBe(401);
    const noRead = await t.request({ url: '/api/TargetTraining/get-by-code/ANY' });
    expect(noRead.statusCode).toBe(401);
  });
});
