import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LOGIN_THROTTLE } from '../src/modules/accounts/throttle.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser, randomAddress } from './support/accounts.ts';
import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@portal/domain/challenge';

/** Solves a proof-of-work challenge as the browser does. */
function solveChallenge(token: string, difficulty: number): string {
  for (let n = 0; ; n++)
    if (leadingZeroBits(createHash('sha256').update(`${token}${n}`).digest(), difficulty)) return String(n);
}

/**
 * Throttling of sign-in guesses (ASVS V2.2.1): growing delays per name and address, a ceiling per address and a
 * ceiling per name from unfamiliar addresses, all counted in the database. Two instances of the portal share one
 * database, as behind a load balancer: a guesser spreading attempts over both meets the same limits.
 */
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

/** Move the access history of `name` back in time, as if `seconds` had passed. */
async function elapse(name: string, seconds: number): Promise<void> {
  await t.database.db
    .updateTable('audit_log')
    .set({ at: sql`at - ${`${seconds} seconds`}::interval` })
    .where(sql`lower(user_name)`, '=', name.toLowerCase())
    .execute();
}

/** What a caller can tell apart (the wait itself may differ by the second the two calls straddle). */
const answer = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  code: (res.json() as { error: { code: string } }).error.code,
  headers: Object.keys(res.headers)
    .filter((h) => !['date', 'content-length', 'x-request-id'].includes(h))
    .sort(),
});

describe('growing delays per name and address', () => {
  it('after five failures each attempt from that address waits twice as long; the owner elsewhere is not slowed', async () => {
    const user = await createUser(t);
    const guesser = randomAddress();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? other : t.app;
      expect((await loginOn(app, user.userName, `Wrong@pass${i}`, guesser)).statusCode).toBe(401);
    }
    for (const app of [t.app, other]) {
      // Even the right password: while throttled the password is not checked.
      const waiting = await loginOn(app, user.userName, user.password, guesser);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(2);
    }
    // The owner, from their own address, signs in at once.
    expect((await loginOn(other, user.userName, user.password, randomAddress())).statusCode).toBe(200);

    // The delay doubles with every further failure: 2, 4, 8 s …
    for (const delay of [4, 8, 16]) {
      await elapse(user.userName, delay);
      expect((await loginOn(t.app, user.userName, 'Wrong@again', guesser)).statusCode).toBe(401);
      const retry = Number((await loginOn(other, user.userName, 'Wrong@again', guesser)).headers['retry-after']);
      expect(retry).toBeGreaterThan(delay / 2);
      expect(retry).toBeLessThanOrEqual(delay);
    }
    // … up to the cap.
    for (let i = 0; i < 12; i++) {
      await elapse(user.userName, LOGIN_THROTTLE.maxDelaySeconds);
      await loginOn(t.app, user.userName, 'Wrong@again', guesser);
    }
    const capped = await loginOn(t.app, user.userName, user.password, guesser);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_THROTTLE.maxDelaySeconds);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(LOGIN_THROTTLE.maxDelaySeconds - 10);
    expect(capped.json().error.message).toMatch(/15 phút/);
    // No account lock: the account is untouched, and the access history holds every failure.
    const row = await t.database.db
      .selectFrom('app_user')
      .select(['locked_until', 'status'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked_until: null, status: 'active' });
    const failures = await t.database.db
      .selectFrom('audit_log')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .where('action', '=', 'login_failed')
      .where('ip', '=', guesser)
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(5 + 3 + 12);
  });

  it('a success from an address starts its count again', async () => {
    const user = await createUser(t);
    const address = randomAddress();
    for (let i = 0; i < 4; i++)
      expect((await loginOn(t.app, user.userName, `Wrong${i}`, address)).statusCode).toBe(401);
    expect((await loginOn(other, user.userName, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await loginOn(t.app, user.userName, `Wrong${i}`, address)).statusCode).toBe(401);
    expect((await loginOn(other, user.userName, user.password, address)).statusCode).toBe(200);
  });

  it('a known and an unknown name get the same answers at every attempt', async () => {
    const user = await createUser(t);
    const address = randomAddress();
    const unknown = `khong_co_${user.userName}`;
    for (let i = 0; i < 7; i++) {
      const known = answer(await loginOn(t.app, user.userName, `Wrong@pass${i}`, address));
      const missing = answer(await loginOn(t.app, unknown, `Wrong@pass${i}`, address));
      expect(missing).toEqual(known);
      expect(known.status).toBe(i < 5 ? 401 : 429);
    }
  });
});

describe('ceilings', () => {
  it('an address that fails on many names asks every other name for a challenge, never one that signed in from it', async () => {
    const familiar = await createUser(t);
    const newcomer = await createUser(t);
    const address = randomAddress();
    // A colleague signed in from this shared office address before.
    expect((await loginOn(t.app, familiar.userName, familiar.password, address)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      const app = i % 2 ? other : t.app;
      expect((await loginOn(app, `unknown_${i}`, 'Wrong@pass1', address)).statusCode).toBe(401);
    }
    // The familiar account is not shut out by the building's typos, on either instance.
    for (const app of [t.app, other])
      expect((await loginOn(app, familiar.userName, familiar.password, address)).statusCode).toBe(200);
    // Any other name from that address must pass the step-up challenge first: no hard block, no password check.
    for (const app of [t.app, other]) {
      const asked = await loginOn(app, newcomer.userName, newcomer.password, address);
      expect(asked.statusCode).toBe(429);
      expect(asked.json().error.code).toBe('LOGIN_CHALLENGE_REQUIRED');
      expect(asked.headers['retry-after']).toBeUndefined();
    }
    const withChallenge = async (app: FastifyInstance, password: string, solve = true) => {
      const challenge = (await app.inject({ url: '/api/Account/login-challenge', remoteAddress: address })).json();
      const nonce = solve ? solveChallenge(challenge.token, challenge.difficulty) : 'x';
      return app.inject({
        method: 'POST',
        url: '/api/Account/login',
        payload: { userName: newcomer.userName, password, challenge: { token: challenge.token, nonce } },
        remoteAddress: address,
      });
    };
    expect((await withChallenge(other, newcomer.password, false)).json().error.code).toBe('PROOF_INVALID');
    expect((await withChallenge(t.app, 'Wrong@pass2')).statusCode).toBe(401);
    expect((await withChallenge(other, newcomer.password)).statusCode).toBe(200);
    // A suggestion-box token does not open a sign-in.
    const suggestion = (await t.app.inject({ url: '/api/Suggestion/challenge', remoteAddress: address })).json();
    const stranger = await createUser(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/Account/login',
      payload: {
        userName: stranger.userName,
        password: stranger.password,
        challenge: { token: suggestion.token, nonce: solveChallenge(suggestion.token, suggestion.difficulty) },
      },
      remoteAddress: address,
    });
    expect(foreign.json().error.code).toBe('CHALLENGE_INVALID');
  });

  it('a name guessed from many addresses is stopped for new addresses, never for one its owner used', async () => {
    const user = await createUser(t);
    const home = randomAddress();
    expect((await loginOn(t.app, user.userName, user.password, home)).statusCode).toBe(200);
    // A botnet: one failure from each of many addresses (written as the sign-in call writes them).
    await t.database.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: LOGIN_THROTTLE.perNameHourly }, (_, i) => ({
          action: 'login_failed',
          subject: 'Account',
          user_id: user.id,
          user_name: user.userName,
          ip: `192.0.${Math.floor(i / 200)}.${i % 200}`,
          details: JSON.stringify({ reason: 'wrong_password' }),
        })),
      )
      .execute();
    const stranger = await loginOn(other, user.userName.toUpperCase(), user.password, randomAddress());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect((await loginOn(t.app, user.userName, user.password, home)).statusCode).toBe(200);
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  const forwardedLogin = (app: FastifyInstance, userName: string, forwardedFor: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/Account/login',
      payload: { userName, password: 'Wrong@pass' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('by default X-Forwarded-For is ignored: rotating it does not escape the throttle or the history', async () => {
    const user = await createUser(t);
    const socket = randomAddress();
    for (let i = 0; i < 5; i++)
      expect((await forwardedLogin(t.app, user.userName, randomAddress(), socket)).statusCode).toBe(401);
    expect((await forwardedLogin(t.app, user.userName, randomAddress(), socket)).statusCode).toBe(429);
    const ips = await t.database.db
      .selectFrom('audit_log')
      .select('ip')
      .distinct()
      .where('user_id', '=', user.id)
      .execute();
    expect(ips).toEqual([{ ip: socket }]);
  });

  it('by default rotating X-Forwarded-For does not escape the per-address limit of password-reset requests', async () => {
    const socket = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Account/forgot-password',
        payload: { email: `ai.do.${i}@example.com` },
        remoteAddress: socket,
        headers: { 'x-forwarded-for': randomAddress() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('with TRUST_PROXY=1 the address the proxy forwards is the one recorded and throttled', async () => {
    const behindProxy = await buildApp({ config: { ...t.config, trustProxy: 1 }, database: t.database, logger: false });
    await behindProxy.ready();
    try {
      const user = await createUser(t);
      const proxy = randomAddress();
      const client = randomAddress();
      for (let i = 0; i < 5; i++)
        expect((await forwardedLogin(behindProxy, user.userName, client, proxy)).statusCode).toBe(401);
      expect((await forwardedLogin(behindProxy, user.userName, client, proxy)).statusCode).toBe(429);
      // Another client behind the same proxy is not slowed.
      expect((await forwardedLogin(behindProxy, user.userName, randomAddress(), proxy)).statusCode).toBe(401);
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select('ip')
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(rows.slice(0, 5).map((r) => r.ip)).toEqual(Array(5).fill(client));
    } finally {
      await behindProxy.close();
    }
  });
});
