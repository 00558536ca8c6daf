import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from './support/app.ts';
import { login, randomAddress, sessionWith, type Session, type TestUser } from './support/accounts.ts';

/** Two-factor sign-in with an authenticator app: enrol, confirm, sign in, recovery codes, replay, disable. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomAddress() });
/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function enrolled(): Promise<{
  s: Session & { user: TestUser };
  secret: string;
  recoveryCodes: string[];
  enrolCode: string;
}> {
  const s = await sessionWith(t, { permissions: ['User.read'] });
  const setup = await post('/api/Account/two-factor/setup', { password: s.user.password }, s.headers);
  const { secret } = setup.json();
  const enrolCode = await codeAt(secret);
  const enable = await post('/api/Account/two-factor/enable', { code: enrolCode }, s.headers);
  expect(enable.statusCode).toBe(200);
  return { s, secret, recoveryCodes: enable.json().recoveryCodes, enrolCode };
}

async function challenge(user: TestUser): Promise<string> {
  const res = await login(t, user.userName, user.password);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, twoFactorToken: expect.any(String) });
  return res.json().twoFactorToken;
}

describe('enrolment', () => {
  it('needs the password, shows a QR code, and turns on only with a valid first code', async () => {
    const s = await sessionWith(t);
    expect((await t.request({ url: '/api/Account/two-factor', headers: s.headers })).json()).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const wrong = await post('/api/Account/two-factor/setup', { password: 'Sai@123456' }, s.headers);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await post('/api/Account/two-factor/enable', { code: '123456' }, s.headers)).json().error.code).toBe(
      'TWO_FACTOR_NOT_STARTED',
    );

    const setup = await post('/api/Account/two-factor/setup', { password: s.user.password }, s.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // The secret is sealed at rest.
    const row = await t.database.db
      .selectFrom('app_user')
      .select(['totp_pending_secret', 'totp_enabled'])
      .where('id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_pending_secret).not.toContain(secret);
    expect(row.totp_enabled).toBe(false);

    const bad = await post('/api/Account/two-factor/enable', { code: '000000' }, s.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const ok = await post('/api/Account/two-factor/enable', { code: await codeAt(secret) }, s.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recoveryCodes).toHaveLength(10);
    expect(ok.json().recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await t.request({ url: '/api/Account/two-factor', headers: s.headers })).json()).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
    });
    expect((await post('/api/Account/two-factor/setup', { password: s.user.password }, s.headers)).statusCode).toBe(
      409,
    );
  });
});

describe('signing in', () => {
  it('asks for a code after the password; a code works once, the next one works too', async () => {
    const { s, secret, enrolCode } = await enrolled();
    const token = await challenge(s.user);
    const wrong = await post('/api/Account/login-two-factor', { twoFactorToken: token, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_TWO_FACTOR_CODE');

    // The code used to confirm enrolment cannot be replayed; the next period's code is accepted.
    expect((await post('/api/Account/login-two-factor', { twoFactorToken: token, code: enrolCode })).statusCode).toBe(
      401,
    );
    const next = await codeAt(secret, 1);
    const ok = await post('/api/Account/login-two-factor', { twoFactorToken: token, code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userData.twoFactorEnabled).toBe(true);
    expect(
      (await t.request({ url: '/api/Account/info', headers: { authorization: `Bearer ${ok.json().accessToken}` } }))
        .statusCode,
    ).toBe(200);

    // The challenge is spent, and the same code on a new challenge is a replay.
    expect((await post('/api/Account/login-two-factor', { twoFactorToken: token, code: next })).json().error.code).toBe(
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    const again = await challenge(s.user);
    expect((await post('/api/Account/login-two-factor', { twoFactorToken: again, code: next })).statusCode).toBe(401);

    const history = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('user_id', '=', s.user.id)
      .where('action', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.details).toMatchObject({ method: 'totp' });
  });

  it('a recovery code signs in once', async () => {
    const { s, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!.toUpperCase();
    const ok = await post('/api/Account/login-two-factor', { twoFactorToken: await challenge(s.user), code });
    expect(ok.statusCode).toBe(200);
    const reuse = await post('/api/Account/login-two-factor', { twoFactorToken: await challenge(s.user), code });
    expect(reuse.statusCode).toBe(401);
    expect((await t.request({ url: '/api/Account/two-factor', headers: s.headers })).json().recoveryCodesLeft).toBe(9);
  });

  it('a challenge allows five wrong codes, then is spent; the guessing address waits, the owner elsewhere does not', async () => {
    const { s, secret } = await enrolled();
    const token = await challenge(s.user);
    const address = randomAddress();
    const fromThere = (payload: object) =>
      t.request({ method: 'POST', url: '/api/Account/login-two-factor', payload, remoteAddress: address });
    for (let i = 0; i < 5; i++)
      expect((await fromThere({ twoFactorToken: token, code: `11111${i}` })).statusCode).toBe(401);
    const spent = await post('/api/Account/login-two-factor', { twoFactorToken: token, code: await codeAt(secret, 1) });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    // Wrong codes count with wrong passwords: that address now waits before trying this account again …
    const again = await login(t, s.user.userName, s.user.password, address);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    // … while the account itself is not locked.
    await challenge(s.user);
  });

  it('an unknown challenge token is a 401', async () => {
    expect(
      (await post('/api/Account/login-two-factor', { twoFactorToken: 'x'.repeat(43), code: '123456' })).statusCode,
    ).toBe(401);
    expect((await post('/api/Account/login-two-factor', { twoFactorToken: 'x'.repeat(43) })).statusCode).toBe(400);
  });
});

describe('managing', () => {
  it('replaces recovery codes with a current code', async () => {
    const { s, secret, recoveryCodes } = await enrolled();
    const res = await post('/api/Account/two-factor/recovery-codes', { code: await codeAt(secret, 1) }, s.headers);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect(
      (await post('/api/Account/login-two-factor', { twoFactorToken: await challenge(s.user), code: recoveryCodes[0] }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/Account/login-two-factor', { twoFactorToken: await challenge(s.user), code: fresh[0] }))
        .statusCode,
    ).toBe(200);
  });

  it('turns off with the password and a code; sign-in is one step again', async () => {
    const { s, secret } = await enrolled();
    expect(
      (
        await post(
          '/api/Account/two-factor/disable',
          { password: 'Sai@123456', code: await codeAt(secret, 1) },
          s.headers,
        )
      ).json().error.code,
    ).toBe('WRONG_PASSWORD');
    expect(
      (await post('/api/Account/two-factor/disable', { password: s.user.password, code: '000000' }, s.headers)).json()
        .error.code,
    ).toBe('INVALID_TWO_FACTOR_CODE');
    const off = await post(
      '/api/Account/two-factor/disable',
      { password: s.user.password, code: await codeAt(secret, 1) },
      s.headers,
    );
    expect(off.json()).toEqual({ enabled: false });
    const res = await login(t, s.user.userName, s.user.password);
    expect(res.json().accessToken).toBeTruthy();
  });

  it('an administrator can turn it off for a user who lost the device', async () => {
    const { s } = await enrolled();
    const admin = await sessionWith(t, { permissions: ['Account.password'] });
    const res = await post(`/api/Account/reset-two-factor/${s.user.id}`, {}, admin.headers);
    expect(res.statusCode).toBe(200);
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(401);
    expect((await login(t, s.user.userName, s.user.password)).json().accessToken).toBeTruthy();
  });
});
