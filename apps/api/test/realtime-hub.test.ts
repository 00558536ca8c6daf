import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { HUB_EVENTS, HUB_PATH } from '../src/platform/realtime/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, type Session } from './support/accounts.ts';

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
