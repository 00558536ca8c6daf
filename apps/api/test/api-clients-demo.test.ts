import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { bearer, randomAddress, sessionWith, type Session } from './support/accounts.ts';

/**
 * The demo province's API clients (issue #28): the linked accounts of the social insurance agency, the job
 * exchange and the ministry's database are seeded with their datasets, so /tai-khoan-khai-thac/danh-sach is not
 * empty; an administrator gives one a secret and its client reads its datasets only.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  admin = await sessionWith(t, { permissions: ['AccountLinked.read', 'AccountLinked.update'] });
});
afterAll(async () => t?.close());

describe('demo API clients', () => {
  it('lists the seeded linked accounts, whose clients read their datasets and are refused the others', async () => {
    const list = await t.request({
      url: '/api/AccountLinked/accountLinkeds',
      query: { pageSize: '50' },
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().pageLists as Array<{ id: string; userName: string; affiliatedUnitName: string }>;
    const bhxh = rows.find((r) => r.userName === 'bhxh.lamdong');
    expect(bhxh?.affiliatedUnitName).toBe('Bảo hiểm xã hội tỉnh Lâm Đồng');
    expect(rows.map((r) => r.userName)).toEqual(expect.arrayContaining(['san.vieclam', 'csdl.bo']));

    const creds = await t.request({ url: `/api/AccountLinked/credentials/${bhxh!.id}`, headers: admin.headers });
    expect(creds.json()).toMatchObject({ scopes: expect.arrayContaining(['businesses', 'workers']), secrets: [] });

    const secret = await t.request({
      method: 'POST',
      url: `/api/AccountLinked/credentials/${bhxh!.id}/secrets`,
      headers: admin.headers,
      payload: {},
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const token = await t.request({
      method: 'POST',
      url: '/api/AccountLinked/token',
      payload: { grant_type: 'client_credentials', client_id: bhxh!.id, client_secret: secret.json().secret },
      remoteAddress: randomAddress(),
    });
    expect(token.statusCode, token.body).toBe(200);
    const auth = bearer(token.json().access_token as string);

    // Province-wide: every employer of the demo province, as the department sees them.
    const businesses = await t.request({ url: '/api/Bussiness/bussinesses', headers: auth });
    expect(businesses.statusCode, businesses.body).toBe(200);
    expect(businesses.json().totalRecord).toBeGreaterThan(10);
    const workers = await t.request({ url: '/api/Worker/workers', headers: auth });
    expect(workers.statusCode, workers.body).toBe(200);
    // Not its datasets: work permits, equipment.
    for (const url of ['/api/WorkerLicense/workerLicenses', '/api/Equipment/equipments']) {
      const refused = await t.request({ url, headers: auth });
      expect(refused.statusCode, url).toBe(403);
    }
  });
});
