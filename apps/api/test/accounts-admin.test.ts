import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  adminUser,
  createBusiness,
  createUser,
  login,
  sessionWith,
  signIn,
  type Session,
  type TestUser,
} from './support/accounts.ts';

/** Administration of accounts: status changes, passwords, bulk activation of employer accounts. */

let t: TestApp;
let manager: Session & { user: TestUser };
beforeAll(async () => {
  t = await createTestApp();
  manager = await sessionWith(t, { permissions: ['Account.update', 'Account.password'] });
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  t.request({ method: 'POST', url, headers, payload: payload as object });
const statusOf = async (id: string) =>
  await t.database.db
    .selectFrom('app_user')
    .select(['status', 'locked_until', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('account status', () => {
  it('activate, lock, unlock and disable follow the allowed transitions', async () => {
    const user = await createUser(t, { status: 'inactive' });
    expect((await post(`/api/Account/active-account/${user.id}`, manager.headers)).json()).toMatchObject({
      ok: true,
      status: 'active',
    });
    expect((await statusOf(user.id)).status).toBe('active');

    const s = await signIn(t, user);
    expect((await post(`/api/Account/lock-account/${user.id}`, manager.headers)).json().status).toBe('locked');
    // Locking ends the user's sessions at once.
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(401);
    expect((await login(t, user.userName, user.password)).json().error.code).toBe('ACCOUNT_LOCKED');
    // Locking again is not a valid change.
    const again = await post(`/api/Account/lock-account/${user.id}`, manager.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_STATUS_CHANGE');

    expect((await post(`/api/Account/unlock-account/${user.id}`, manager.headers)).json().status).toBe('active');
    expect((await login(t, user.userName, user.password)).statusCode).toBe(200);

    expect((await post(`/api/Account/disable-account/${user.id}`, manager.headers)).json().status).toBe('disabled');
    expect((await login(t, user.userName, user.password)).json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await post(`/api/Account/active-account/${user.id}`, manager.headers)).json().status).toBe('active');
  });

  it('failed sign-ins never lock an account: only an administrator does', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 6; i++) await login(t, user.userName, `Sai@matkhau${i}`);
    expect(await statusOf(user.id)).toMatchObject({ status: 'active', locked_until: null });
    expect((await login(t, user.userName, user.password)).statusCode).toBe(200);
  });

  it('refuses own account, the last active administrator, unknown ids and callers without the feature', async () => {
    expect((await post(`/api/Account/lock-account/${manager.user.id}`, manager.headers)).json().error.code).toBe(
      'CANNOT_CHANGE_OWN_ACCOUNT',
    );

    const admin = await adminUser(t);
    const others = await t.database.db
      .selectFrom('app_user as u')
      .innerJoin('user_type as ty', 'ty.id', 'u.user_type_id')
      .select('u.id')
      .where('ty.role', '=', 'admin')
      .where('u.id', '<>', admin.id)
      .execute();
    expect(others).toEqual([]);
    const last = await post(`/api/Account/disable-account/${admin.id}`, manager.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_ADMINISTRATOR');

    expect(
      (await post('/api/Account/lock-account/00000000-0000-4000-8000-000000000000', manager.headers)).statusCode,
    ).toBe(404);
    expect((await post('/api/Account/lock-account/khong-phai-uuid', manager.headers)).statusCode).toBe(400);

    const reader = await sessionWith(t, { permissions: ['User.read'] });
    const user = await createUser(t);
    expect((await post(`/api/Account/lock-account/${user.id}`, reader.headers)).statusCode).toBe(403);
    expect((await post(`/api/Account/lock-account/${user.id}`, {})).statusCode).toBe(401);
  });

  it('an employer account manager only reaches its own employer’s users', async () => {
    const a = await createBusiness(t, '2025:24781');
    const b = await createBusiness(t, '2025:24778');
    const managerA = await sessionWith(t, { permissions: ['Account.update', 'Account.password'], unitId: a.unitId });
    const colleague = await createUser(t, { unitId: a.unitId });
    const stranger = await createUser(t, { unitId: b.unitId });
    expect((await post(`/api/Account/lock-account/${colleague.id}`, managerA.headers)).statusCode).toBe(200);
    const out = await post(`/api/Account/lock-account/${stranger.id}`, managerA.headers);
    expect(out.statusCode).toBe(404);
    expect(out.json().error.code).toBe('USER_NOT_FOUND');
    expect((await post('/api/Account/reissue-password', managerA.headers, { userId: stranger.id })).statusCode).toBe(
      404,
    );
    expect((await statusOf(stranger.id)).status).toBe('active');
  });
});

describe('passwords set by an administrator', () => {
  it('reissue: a new temporary password, mailed, sessions end, change required', async () => {
    const user = await createUser(t, { email: 'cap.lai@so.example' });
    const s = await signIn(t, user);
    const res = await post('/api/Account/reissue-password', manager.headers, { userId: user.id });
    expect(res.statusCode).toBe(200);
    const { password, mailed } = res.json();
    expect(mailed).toBe(true);
    expect(password).toMatch(/^(?=.*\d)(?=.*[A-Za-z]).{12}$/);
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(401);
    const mail = await t.database.db
      .selectFrom('outbox_mail')
      .selectAll()
      .where('to_address', '=', 'cap.lai@so.example')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(password);
    const again = await login(t, user.userName, password);
    expect(again.statusCode).toBe(200);
    expect(again.json().userData.mustChangePassword).toBe(true);
  });

  it('change-password-user sets a policy-compliant password', async () => {
    const user = await createUser(t);
    const weak = await post('/api/Account/change-password-user', manager.headers, {
      userId: user.id,
      newPassword: '123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    const ok = await post('/api/Account/change-password-user', manager.headers, {
      userId: user.id,
      newPassword: 'DatLai@Dalat2026',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(t, user.userName, 'DatLai@Dalat2026')).statusCode).toBe(200);
    expect((await statusOf(user.id)).must_change_password).toBe(true);
  });
});

describe('bulk activation of employer accounts', () => {
  it('activates inactive employer accounts and reports the rest', async () => {
    const business = await createBusiness(t, '2025:24781');
    await t.database.db.updateTable('business').set({ status: 'pending' }).where('id', '=', business.id).execute();
    const e1 = await createUser(t, { unitId: business.unitId, status: 'inactive' });
    const e2 = await createUser(t, { unitId: business.unitId, status: 'inactive' });
    const active = await createUser(t, { unitId: business.unitId });
    const officer = await createUser(t, { status: 'inactive' });
    const res = await post('/api/Account/active-bussiness-accounts', manager.headers, [
      e1.id,
      e2.id,
      active.id,
      officer.id,
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activated.sort()).toEqual([e1.id, e2.id].sort());
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: active.id, code: 'INVALID_STATUS_CHANGE' }),
        expect.objectContaining({
          id: officer.id,
          code: 'NOT_EMPLOYER_ACCOUNT',
          message: 'Tài khoản không phải tài khoản doanh nghiệp',
        }),
      ]),
    );
    expect((await statusOf(e1.id)).status).toBe('active');
    const b = await t.database.db
      .selectFrom('business')
      .select('status')
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(b.status).toBe('active');
    expect((await post('/api/Account/active-bussiness-accounts', manager.headers, { ids: [] })).statusCode).toBe(400);
  });
});
