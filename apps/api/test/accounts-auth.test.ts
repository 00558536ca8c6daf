import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  adminUser,
  bearer,
  createUser,
  login,
  randomAddress,
  sessionWith,
  signIn,
  TEST_PASSWORD,
} from './support/accounts.ts';
import { SignJWT } from 'jose';
import { signAccessToken } from '../src/platform/auth/tokens.ts';
import { seedSteps } from '../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refresh = (refreshToken: string, accessToken?: string) =>
  t.request({
    method: 'POST',
    url: '/api/Account/refresh-token',
    payload: { refreshToken, ...(accessToken ? { accessToken } : {}) },
  });
const info = (accessToken: string) => t.request({ url: '/api/Account/info', headers: bearer(accessToken) });

async function auditActions(userName: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('user_name', '=', userName)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** The id of the user's (one) session, as the access token names it. */
async function sessionIdOf(userId: string): Promise<string> {
  return (
    await t.database.db.selectFrom('auth_session').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()
  ).id;
}

describe('sign-in', () => {
  it('the seeded administrator signs in by user name and gets tokens and user data', async () => {
    const admin = await adminUser(t);
    const res = await login(t, 'admin', admin.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.userData).toMatchObject({ userId: admin.id, role: 'admin', userName: 'admin' });
    expect(body.userData.unitUserId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.userData.unit.kind).toBe('department');
    expect(body.userData.ability).toContainEqual({ action: 'read', subject: 'Auth' });
    expect(body.userData.ability).toContainEqual({ action: 'manage', subject: 'all' });
  });

  it('signs in by email, case-insensitively, and /Account/info returns the same user', async () => {
    const user = await createUser(t, { permissions: ['User.read'], email: 'Lan.Nguyen@So.Example' });
    const res = await login(t, 'lan.nguyen@so.example', user.password);
    expect(res.statusCode).toBe(200);
    const me = await info(res.json().accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.id, role: 'client' });
    expect(me.json().ability).toEqual([
      { action: 'read', subject: 'Auth' },
      { action: 'read', subject: 'Profile' },
      { action: 'read', subject: 'User' },
    ]);
  });

  it('a wrong password and an unknown user get the same answer, and both are in the access history', async () => {
    const user = await createUser(t);
    const wrong = await login(t, user.userName, 'Sai@mat-khau1');
    const unknown = await login(t, 'khong_ton_tai', 'Sai@mat-khau1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.json().error.message).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(await auditActions(user.userName)).toEqual(['login_failed']);
    expect(await auditActions('khong_ton_tai')).toEqual(['login_failed']);
  });

  it('accounts that are not active cannot sign in, even with the right password', async () => {
    for (const [status, code] of [
      ['inactive', 'ACCOUNT_INACTIVE'],
      ['disabled', 'ACCOUNT_DISABLED'],
      ['locked', 'ACCOUNT_LOCKED'],
    ] as const) {
      const user = await createUser(t, { status });
      const res = await login(t, user.userName, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('bad input is a 400 with the error body', async () => {
    for (const payload of [{}, { userName: 'a' }, { userName: '', password: 'x' }, { userName: 'a', password: 1 }]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/Account/login',
        payload,
        remoteAddress: randomAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('tokens', () => {
  it('protected calls need a valid access token: none, forged or expired → 401', async () => {
    expect((await t.request('/api/Account/info')).statusCode).toBe(401);
    expect((await info('not-a-token')).statusCode).toBe(401);
    const s = await sessionWith(t);
    const forged = await signAccessToken('x'.repeat(48), { sub: s.user.id, sid: s.userData.userId });
    expect((await info(forged)).statusCode).toBe(401);
    const sessionId = await sessionIdOf(s.user.id);
    const expired = await signAccessToken(t.config.jwtSecret, { sub: s.user.id, sid: sessionId }, -60);
    expect((await info(expired)).statusCode).toBe(401);
    const fresh = await signAccessToken(t.config.jwtSecret, { sub: s.user.id, sid: sessionId }, 60);
    expect((await info(fresh)).statusCode).toBe(200);
  });

  it('an access token without an expiry is refused, even correctly signed', async () => {
    const s = await sessionWith(t);
    const sessionId = await sessionIdOf(s.user.id);
    const forever = await new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(s.user.id)
      .setIssuer('cong-atvsld')
      .setAudience('cong-atvsld-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await info(forever)).statusCode).toBe(401);
    expect((await info(s.accessToken)).statusCode).toBe(200);
  });

  it('answers carrying tokens or personal data are never stored by caches; public reference data may be', async () => {
    const user = await createUser(t);
    const signedIn = await login(t, user.userName, user.password);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const { accessToken, refreshToken } = signedIn.json();
    expect((await refresh(refreshToken, accessToken)).headers['cache-control']).toBe('no-store');
    expect((await info(accessToken)).headers['cache-control']).toBe('no-store');
    expect((await login(t, user.userName, 'Wrong@pass1')).headers['cache-control']).toBe('no-store');
    // A route that chose its own caching keeps it.
    expect((await t.request('/api/Home/configuration')).headers['cache-control']).toMatch(/^public/);
  });

  it('refresh rotates the refresh token and the new pair works', async () => {
    const s = await sessionWith(t);
    const res = await refresh(s.refreshToken, s.accessToken);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await info(pair.accessToken)).statusCode).toBe(200);
    const again = await refresh(pair.refreshToken, pair.accessToken);
    expect(again.statusCode).toBe(200);
  });

  it('refresh accepts an expired access token of the same session, and refuses one of another session', async () => {
    const s = await sessionWith(t);
    const other = await signIn(t, s.user);
    const sessionId = (
      await t.database.db
        .selectFrom('auth_session')
        .select('id')
        .where('user_id', '=', s.user.id)
        .orderBy('created_at')
        .executeTakeFirstOrThrow()
    ).id;
    const expired = await signAccessToken(t.config.jwtSecret, { sub: s.user.id, sid: sessionId }, -3600);
    expect((await refresh(s.refreshToken, other.accessToken)).statusCode).toBe(401);
    const ok = await refresh(s.refreshToken, expired);
    expect(ok.statusCode).toBe(200);
  });

  it('re-using a rotated refresh token revokes the whole family', async () => {
    const s = await sessionWith(t);
    const first = (await refresh(s.refreshToken)).json();
    const second = (await refresh(first.refreshToken)).json();
    expect((await info(second.accessToken)).statusCode).toBe(200);

    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('REFRESH_TOKEN_REUSED');

    // Every token of the family is dead: the latest refresh token and the latest access token.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await info(second.accessToken)).statusCode).toBe(401);
    expect(await auditActions(s.user.userName)).toContain('refresh_token_reuse');

    // Other sessions of the same user are not affected.
    const other = await signIn(t, s.user);
    expect((await info(other.accessToken)).statusCode).toBe(200);
  });

  it('a garbage or unknown refresh token is a 401, never a 500', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    const bad = await t.request({ method: 'POST', url: '/api/Account/refresh-token', payload: { refreshToken: 5 } });
    expect(bad.statusCode).toBe(400);
  });

  it('sign-out revokes the session: its access and refresh tokens stop working', async () => {
    const s = await sessionWith(t);
    const out = await t.request({ method: 'POST', url: '/api/Account/logout', headers: s.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await info(s.accessToken)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect(await auditActions(s.user.userName)).toEqual(['login', 'logout']);
  });

  it('sign-out with only the refresh token (expired access token) works too', async () => {
    const s = await sessionWith(t);
    const out = await t.request({
      method: 'POST',
      url: '/api/Account/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await info(s.accessToken)).statusCode).toBe(401);
  });

  it('disabling an account ends its sessions at once', async () => {
    const s = await sessionWith(t);
    await t.database.db.updateTable('app_user').set({ status: 'disabled' }).where('id', '=', s.user.id).execute();
    expect((await info(s.accessToken)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('abuse protection', () => {
  it('after 20 failures in 15 minutes from an address, asks its new names for a challenge, whatever names it tried', async () => {
    const user = await createUser(t);
    const address = randomAddress();
    for (let i = 0; i < 20; i++) expect((await login(t, `unknown_${i}`, 'Wrong@pass1', address)).statusCode).toBe(401);
    const asked = await login(t, user.userName, user.password, address);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().error.code).toBe('LOGIN_CHALLENGE_REQUIRED');
    // Another address is not affected.
    expect((await login(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('nobody can lock an account: wrong passwords from elsewhere never keep its owner out', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 12; i++) expect((await login(t, user.userName, `Wrong@pass${i}`)).statusCode).toBe(401);
    expect((await login(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('rate-limits sign-in requests per address', async () => {
    const address = randomAddress();
    const user = await createUser(t);
    let limited = 0;
    for (let i = 0; i < 65; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/Account/login',
        payload: { userName: user.userName },
        remoteAddress: address,
      });
      if (res.statusCode === 429) limited++;
      else expect(res.statusCode).toBe(400);
    }
    expect(limited).toBe(5);
  });

  it('passwords are stored as argon2id hashes', async () => {
    const user = await createUser(t, { password: TEST_PASSWORD });
    const row = await t.database.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });
});

describe('the first administrator', () => {
  it('ADMIN_PASSWORD must meet the password policy at first start', async () => {
    const step = seedSteps.find((s) => s.name.includes('first administrator'))!;
    // As on a fresh installation: no `admin` yet.
    await t.database.db
      .updateTable('app_user')
      .set({ user_name: 'admin_truoc' })
      .where('user_name', '=', 'admin')
      .execute();
    const ctx = (adminPassword: string) => ({
      db: t.database.db,
      config: { ...t.config, adminPassword },
      log: { info() {}, warn() {}, error() {} },
      announce() {},
    });
    await expect(step.run(ctx('password1234'))).rejects.toThrow(/ADMIN_PASSWORD: This password is too common/);
    await expect(step.run(ctx('aaaaaaaaaaaa'))).rejects.toThrow(/ADMIN_PASSWORD/);
    await step.run(ctx('Quan-tri#Lam-Dong'));
    expect((await login(t, 'admin', 'Quan-tri#Lam-Dong')).statusCode).toBe(200);
  });
});
