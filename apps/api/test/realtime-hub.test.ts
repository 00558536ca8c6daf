import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { HUB_EVENTS, HUB_PATH, HUB_SOCKETS_PER_USER } from '../src/platform/realtime/index.ts';
import { signAccessToken } from '../src/platform/auth/tokens.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, signIn, type Session } from './support/accounts.ts';

let t: TestApp;
let base: string;
let a: Session & { user: { id: string } };
let b: Session & { user: { id: string } };
const sockets: Socket[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A hub client as the web app opens it: the user's id in the query, the access token in `auth`. */
function socketTo(url: string, query: { uid: string; mid?: string }, token?: string): Socket {
  const socket = connect(url, {
    path: HUB_PATH,
    query: { mid: 'test', ...query },
    ...(token ? { auth: { token } } : {}),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const nextEvent = (socket: Socket) =>
  new Promise<unknown>((resolve) => socket.once(HUB_EVENTS.notify, (payload: unknown) => resolve(payload)));

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  a = await sessionWith(t);
  b = await sessionWith(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('the real-time hub', () => {
  it('refuses a socket without a valid access token', async () => {
    await expect(connected(socketTo(base, { uid: a.user.id }))).rejects.toThrow('UNAUTHENTICATED');
    await expect(connected(socketTo(base, { uid: a.user.id }, 'not-a-token'))).rejects.toThrow('UNAUTHENTICATED');
  });

  it("puts a socket only in its own user's room: another user's uid in the query hears nothing of theirs", async () => {
    const own = socketTo(base, { uid: a.user.id }, a.accessToken);
    // b signs in, then asks for a's events by naming a's id.
    const intruder = socketTo(base, { uid: a.user.id }, b.accessToken);
    await Promise.all([connected(own), connected(intruder)]);

    const ownGets = nextEvent(own);
    const intruderGets = nextEvent(intruder);
    t.app.realtime.toUsers([a.user.id], HUB_EVENTS.notify, { for: 'a' });
    t.app.realtime.toUsers([b.user.id], HUB_EVENTS.notify, { for: 'b' });
    expect(await ownGets).toEqual({ for: 'a' });
    // Events to one socket arrive in order: the first thing the intruder hears is b's own event.
    expect(await intruderGets).toEqual({ for: 'b' });
  });
});

/** Resolves with the reason when the server ends the socket, or rejects after `ms`. */
const endedBy = (socket: Socket, ms = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still connected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('a socket lives no longer than its session and token', () => {
  it("sign-out ends the session's sockets: no event reaches them afterwards", async () => {
    const user = await sessionWith(t);
    const socket = socketTo(base, { uid: user.user.id }, user.accessToken);
    await connected(socket);
    const ended = endedBy(socket);
    const out = await t.request({
      method: 'POST',
      url: '/api/Account/logout',
      headers: user.headers,
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect(await ended).toBe('io server disconnect');
    let heard = false;
    socket.on(HUB_EVENTS.notify, () => (heard = true));
    t.app.realtime.toUsers([user.user.id], HUB_EVENTS.notify, { subject: 'Thư mới' });
    // The revoked session's token cannot come back either.
    await expect(connected(socketTo(base, { uid: user.user.id }, user.accessToken))).rejects.toThrow('UNAUTHENTICATED');
    expect(heard).toBe(false);
  });

  it('a password change ends the sockets of the other sessions, not of the one that changed it', async () => {
    const user = await sessionWith(t);
    const other = await signIn(t, user.user);
    const elsewhere = socketTo(base, { uid: user.user.id }, other.accessToken);
    const here = socketTo(base, { uid: user.user.id }, user.accessToken);
    await Promise.all([connected(elsewhere), connected(here)]);
    const ended = endedBy(elsewhere);
    const changed = await t.request({
      method: 'POST',
      url: '/api/Account/change-password',
      headers: user.headers,
      payload: { oldPassword: user.user.password, newPassword: 'Mật khẩu mới của tôi 2026!' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await ended).toBe('io server disconnect');
    expect(here.connected).toBe(true);
  });

  it('a socket leaves when its access token expires', async () => {
    const user = await sessionWith(t);
    const sid = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const shortLived = await signAccessToken(t.config.jwtSecret, { sub: user.user.id, sid }, 2);
    const socket = socketTo(base, { uid: user.user.id }, shortLived);
    await connected(socket);
    expect(await endedBy(socket, 8_000)).toBe('io server disconnect');
  });

  it(`one user holds at most ${HUB_SOCKETS_PER_USER} sockets on an instance`, async () => {
    const user = await sessionWith(t);
    const open = Array.from({ length: HUB_SOCKETS_PER_USER }, () =>
      socketTo(base, { uid: user.user.id }, user.accessToken),
    );
    await Promise.all(open.map(connected));
    await expect(connected(socketTo(base, { uid: user.user.id }, user.accessToken))).rejects.toThrow(
      'TOO_MANY_SOCKETS',
    );
    // Another user is not affected; a closed socket frees its place.
    await connected(socketTo(base, { uid: b.user.id }, b.accessToken));
    const closed = open[0]!;
    closed.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    await connected(socketTo(base, { uid: user.user.id }, user.accessToken));
  });
});

// Several API instances share one PostgreSQL database; the embedded database serves one instance only.
const onPostgres = inject('testTemplate').kind === 'postgres';

describe.skipIf(!onPostgres)('several API instances on one PostgreSQL database', () => {
  let second: FastifyInstance | undefined;
  let secondDb: Database | undefined;
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  it('an event sent by one instance reaches a socket held by the other', async () => {
    secondDb = await openDatabase({ url: t.config.databaseUrl, dataDir: t.config.dataDir, poolSize: 2 });
    second = await buildApp({ config: t.config, database: secondDb, logger: false });
    const secondBase = await listen(second);
    const socket = socketTo(secondBase, { uid: a.user.id }, a.accessToken);
    await connected(socket);
    const gets = nextEvent(socket);
    // Sent from the first instance, which holds no socket of a's.
    t.app.realtime.toUsers([a.user.id], HUB_EVENTS.notify, { from: 'first' });
    expect(await gets).toEqual({ from: 'first' });

    // A notification written and delivered by the first instance reaches it too.
    const notified = nextEvent(socket);
    await t.database.db
      .transaction()
      .execute((trx) => t.app.notifier.notify(trx, { users: [a.user.id] }, 'overtimeAccepted', { year: 2030 }, null));
    await t.app.notifier.deliver();
    expect(await notified).toMatchObject({ kind: 'overtimeAccepted' });
  });
});
