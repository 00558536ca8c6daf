import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser, login, randomAddress } from './support/accounts.ts';

// Two instances of the portal on one database, as behind a load balancer: a guesser spreading attempts over
// both must meet the same per-address and per-name windows as against one.
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, database: t.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const loginOn = (app: FastifyInstance, userName: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/Account/login', payload: { userName, password }, remoteAddress });

describe('failed sign-in windows are shared by every instance', () => {
  it('an address blocked by failures on one instance is blocked on the other', async () => {
    const user = await createUser(t);
    const address = randomAddress();
    for (let i = 0; i < 20; i++) {
      const app = i % 2 ? other : t.app;
      expect((await loginOn(app, `unknown_${i}`, 'Wrong@pass1', address)).statusCode).toBe(401);
    }
    for (const app of [t.app, other]) {
      const blocked = await loginOn(app, user.userName, user.password, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await loginOn(other, user.userName, user.password, randomAddress())).statusCode).toBe(200);
  });

  it('a user name guessed from many addresses across instances is blocked, typed in any case', async () => {
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? other : t.app;
      expect((await loginOn(app, 'Ke_Gian_2', `Wrong@pass${i}`, randomAddress())).statusCode).toBe(401);
    }
    const res = await loginOn(other, 'ke_gian_2', 'Wrong@pass', randomAddress());
    expect(res.statusCode).toBe(429);
  });

  it("a known account's failures count under its user name also when its email is typed", async () => {
    const user = await createUser(t, { email: 'thu.ha@example.com' });
    // Four wrong passwords (one short of the account lock), then a sign-in clears the name's window.
    for (let i = 0; i < 4; i++) expect((await login(t, 'thu.ha@example.com', `Wrong@pass${i}`)).statusCode).toBe(401);
    expect((await loginOn(other, user.userName, user.password, randomAddress())).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_name'])
      .where('user_id', '=', user.id)
      .where('action', 'in', ['login', 'login_failed'])
      .execute();
    expect(rows.filter((r) => r.action === 'login_failed').map((r) => r.user_name)).toEqual(
      Array(4).fill(user.userName),
    );
    // After the success, the window starts again: four more failures still leave the name open.
    for (let i = 0; i < 4; i++) expect((await login(t, user.userName, `Wrong@again${i}`)).statusCode).toBe(401);
    expect((await login(t, user.userName, user.password)).statusCode).toBe(200);
  });
});
