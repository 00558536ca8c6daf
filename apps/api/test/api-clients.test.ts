import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../src/platform/auth/tokens.ts';
import { verifyClientToken } from '../src/modules/api-clients/tokens.ts';
import { pruneUsage } from '../src/modules/api-clients/service.ts';
import { clientDb } from '../src/modules/api-clients/tables.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { bearer, createBusiness, randomAddress, sessionWith, type Session, type TestUser } from './support/accounts.ts';

/**
 * API clients of the linked accounts (issue #28): client credentials with dataset scopes, the token kind, scope
 * and rate refusals, secret expiry, rotation and revocation, and the usage log.
 */
let t: TestApp;
let admin: Session & { user: TestUser };
let reader: Session;
let accountId: string;
let businessId: string;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setImmediate(r));
  }
}

async function newAccount(tag: string): Promise<string> {
  const unit = await t.request({
    method: 'POST',
    url: '/api/AffiliatedUnit/affiliatedUnits',
    headers: admin.headers,
    payload: { code: `BHXH_${tag}`, name: `Bảo hiểm xã hội ${tag}`, active: true },
  });
  expect(unit.statusCode, unit.body).toBeLessThan(300);
  const account = await t.request({
    method: 'POST',
    url: '/api/AccountLinked/accountLinkeds',
    headers: admin.headers,
    payload: {
      userName: `bhxh.${tag}`,
      fullName: `Hệ thống BHXH ${tag}`,
      affiliatedUnitId: unit.json().id,
      userTypeId: admin.user.userTypeId,
      active: true,
    },
  });
  expect(account.statusCode, account.body).toBeLessThan(300);
  return account.json().id as string;
}

async function setScopes(id: string, scopes: string[], rateLimitPerMinute = 100) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/AccountLinked/credentials/${id}`,
    headers: admin.headers,
    payload: { scopes, rateLimitPerMinute },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function newSecret(id: string, payload: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: `/api/AccountLinked/credentials/${id}/secrets`,
    headers: admin.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { clientId: string; id: string; secret: string; expiresAt: string };
}

const tokenCall = (payload: Record<string, unknown> | string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/AccountLinked/token',
    payload,
    headers:
      typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
    remoteAddress: randomAddress(),
  });

async function clientToken(clientId: string, secret: string): Promise<string> {
  const res = await tokenCall({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionWith(t, {
    permissions: [
      'AccountLinked.read',
      'AccountLinked.create',
      'AccountLinked.update',
      'AffiliatedUnit.create',
      'AffiliatedUnit.read',
    ],
  });
  reader = await sessionWith(t, { permissions: ['Bussiness.read'] });
  businessId = (await createBusiness(t, '2025:24781', 'Công ty Khai thác')).id;
  accountId = await newAccount('main');
  await setScopes(accountId, ['businesses']);
});
afterAll(async () => t?.close());

describe('API clients', () => {
  it('issues a client token (JSON, form and HTTP Basic) that reads its dataset and is refused the others', async () => {
    const { clientId, secret } = await newSecret(accountId);
    expect(clientId).toBe(accountId);
    const token = await clientToken(clientId, secret);

    const form = await tokenCall(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(secret)}`,
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ token_type: 'Bearer', scope: 'businesses' });
    const basic = await tokenCall('grant_type=client_credentials', {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    });
    expect(basic.statusCode, basic.body).toBe(200);

    // Its dataset, province-wide: the list and one record.
    const list = await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalRecord).toBeGreaterThan(0);
    const one = await t.request({ url: `/api/Bussiness/bussinesses/${businessId}`, headers: bearer(token) });
    expect(one.statusCode, one.body).toBe(200);

    // Another dataset, a write, a user call, the management API: refused with the error body.
    for (const call of [
      { url: '/api/Worker/workers' },
      { url: '/api/Account/info' },
      { url: `/api/AccountLinked/credentials/${accountId}` },
      { method: 'POST' as const, url: '/api/AccountLinked/delete-account-linked', payload: [accountId] },
    ]) {
      const res = await t.request({ ...call, headers: bearer(token) });
      expect(res.statusCode, `${call.url} ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('SCOPE_DENIED');
    }

    // A dataset taken away takes effect at once, even for a token issued before.
    await setScopes(accountId, ['workers']);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) })).statusCode).toBe(403);
    await setScopes(accountId, ['businesses']);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('keeps user tokens and client tokens apart', async () => {
    const { clientId, secret } = await newSecret(accountId);
    const token = await clientToken(clientId, secret);
    // Each verifier refuses the other kind, whatever the claims say.
    expect(await verifyAccessToken(t.config.jwtSecret, token)).toBeNull();
    expect(await verifyClientToken(t.config.jwtSecret, reader.accessToken)).toBeNull();
    expect(await verifyClientToken(t.config.jwtSecret, token)).toMatchObject({ sub: accountId });

    // The user's token still works as the user's; it is no client secret either.
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: reader.headers })).statusCode).toBe(200);
    const asSecret = await tokenCall({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: reader.accessToken,
    });
    expect(asSecret.statusCode).toBe(401);
    // A client token is not a refresh of a user session.
    const refresh = await t.request({
      method: 'POST',
      url: '/api/Account/refresh-token',
      headers: bearer(token),
      payload: { accessToken: token, refreshToken: reader.refreshToken },
    });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    expect(refresh.statusCode).toBeLessThan(500);
  });

  it('refuses bad token requests with 400 and wrong credentials with 401', async () => {
    const { clientId, secret } = await newSecret(accountId);
    const cases: Array<[Record<string, unknown> | string, number, string]> = [
      [{ grant_type: 'password', client_id: clientId, client_secret: secret }, 400, 'VALIDATION'],
      [{ grant_type: 'client_credentials' }, 400, 'INVALID_REQUEST'],
      [
        { grant_type: 'client_credentials', client_id: clientId, client_secret: secret, scope: 'workers' },
        400,
        'INVALID_SCOPE',
      ],
      [{ grant_type: 'client_credentials', client_id: 'not-a-client', client_secret: secret }, 401, 'INVALID_CLIENT'],
      [{ grant_type: 'client_credentials', client_id: clientId, client_secret: `${secret}x` }, 401, 'INVALID_CLIENT'],
      ['grant_type=client_credentials&client_id=%ZZ&client_secret=pcs_x', 401, 'INVALID_CLIENT'],
      [{ grant_type: 'client_credentials', client_id: 42, client_secret: [] }, 400, 'VALIDATION'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await tokenCall(payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    // Management calls: unknown datasets, limits out of range, bad ids.
    for (const payload of [
      { scopes: ['everything'], rateLimitPerMinute: 10 },
      { scopes: ['businesses'], rateLimitPerMinute: 0 },
      { scopes: 'businesses', rateLimitPerMinute: 10 },
    ]) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/AccountLinked/credentials/${accountId}`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const badId = await t.request({ url: '/api/AccountLinked/credentials/nope', headers: admin.headers });
    expect(badId.statusCode).toBe(400);
    const missing = await t.request({
      url: '/api/AccountLinked/credentials/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await newSecretRaw({ validDays: 100_000 });
    expect(tooLong.statusCode).toBe(400);
    // Without the linked accounts' permissions, no management.
    const denied = await t.request({ url: `/api/AccountLinked/credentials/${accountId}`, headers: reader.headers });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses an expired secret, and tokens of a revoked one at once', async () => {
    const expiring = await newSecret(accountId);
    const token = await clientToken(accountId, expiring.secret);
    await clientDb(t.database.db)
      .updateTable('api_client_secret')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    const refused = await tokenCall({
      grant_type: 'client_credentials',
      client_id: accountId,
      client_secret: expiring.secret,
    });
    expect(refused.statusCode).toBe(401);
    // A token issued before the expiry ends with it.
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) })).statusCode).toBe(401);

    const revoked = await newSecret(accountId);
    const before = await clientToken(accountId, revoked.secret);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(before) })).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: `/api/AccountLinked/credentials/${accountId}/secrets/${revoked.id}/revoke`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().secrets.find((s: { id: string }) => s.id === revoked.id).status).toBe('revoked');
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(before) })).statusCode).toBe(401);
    const again = await tokenCall({
      grant_type: 'client_credentials',
      client_id: accountId,
      client_secret: revoked.secret,
    });
    expect(again.statusCode).toBe(401);
  });

  it('rotates a secret with a grace period for the old one', async () => {
    const old = await newSecret(accountId);
    const rotate = (secretId: string, payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/api/AccountLinked/credentials/${accountId}/secrets/${secretId}/rotate`,
        headers: admin.headers,
        payload,
      });
    const rotated = await rotate(old.id, { graceHours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = rotated.json() as { id: string; secret: string };
    expect(fresh.secret).not.toBe(old.secret);
    // Both work during the grace period; the old one now ends within it.
    await clientToken(accountId, old.secret);
    await clientToken(accountId, fresh.secret);
    const creds = (
      await t.request({ url: `/api/AccountLinked/credentials/${accountId}`, headers: admin.headers })
    ).json();
    const oldRow = creds.secrets.find((s: { id: string }) => s.id === old.id) as { expiresAt: string; status: string };
    expect(Date.parse(oldRow.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 3600 * 1000);
    expect(oldRow.status).toBe('expiring');
    // Past the grace period (moved by hand here), the old secret is refused and the new one still works.
    await clientDb(t.database.db)
      .updateTable('api_client_secret')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old.id)
      .execute();
    expect(
      (await tokenCall({ grant_type: 'client_credentials', client_id: accountId, client_secret: old.secret }))
        .statusCode,
    ).toBe(401);
    await clientToken(accountId, fresh.secret);
    // A secret that no longer works cannot be rotated; grace 0 revokes at once.
    expect((await rotate(old.id, {})).statusCode).toBe(409);
    const now = await rotate(fresh.id, { graceHours: 0 });
    expect(now.statusCode).toBe(201);
    expect(
      (await tokenCall({ grant_type: 'client_credentials', client_id: accountId, client_secret: fresh.secret }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 429 with Retry-After over the rate limit, per client', async () => {
    const limited = await newAccount('rate');
    await setScopes(limited, ['businesses'], 3);
    const { secret } = await newSecret(limited);
    const token = await clientToken(limited, secret);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last!.json().error.code).toBe('RATE_LIMITED');
    // Another client is not held back by this one's calls.
    const other = await clientToken(accountId, (await newSecret(accountId)).secret);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('logs one usage row per client call, lists them, and prunes old rows', async () => {
    const logged = await newAccount('usage');
    await setScopes(logged, ['businesses']);
    const token = await clientToken(logged, (await newSecret(logged)).secret);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/Worker/workers', headers: bearer(token) })).statusCode).toBe(403);
    const list = () =>
      t.request({ url: `/api/AccountLinked/usage/${logged}`, headers: admin.headers }).then((r) => r.json());
    const page = await waitFor(list, (p) => p.totalRecord >= 2 && p.pageLists.length >= 2);
    expect(page.totalRecord).toBe(2);
    expect(page.pageLists).toEqual([
      expect.objectContaining({ method: 'GET', operation: '/api/Worker/workers', status: 403 }),
      expect.objectContaining({ method: 'GET', operation: '/api/Bussiness/bussinesses', status: 200 }),
    ]);
    expect(page.pageLists[1].durationMs).toBeGreaterThanOrEqual(0);
    const failed = await t.request({
      url: `/api/AccountLinked/usage/${logged}`,
      query: { failedOnly: 'true' },
      headers: admin.headers,
    });
    expect(failed.json().totalRecord).toBe(1);

    // Rows past the retention period go; recent ones stay.
    await clientDb(t.database.db)
      .updateTable('api_client_usage')
      .set({ at: new Date(Date.now() - 200 * 24 * 3600 * 1000) })
      .where('account_linked_id', '=', logged)
      .where('operation', '=', '/api/Worker/workers')
      .execute();
    expect(await pruneUsage(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await list()).totalRecord).toBe(1);
  });
});

function newSecretRaw(payload: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: `/api/AccountLinked/credentials/${accountId}/secrets`,
    headers: admin.headers,
    payload,
  });
}
