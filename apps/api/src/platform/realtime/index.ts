import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { decodeJwt } from 'jose';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createPool } from '../../db/database.ts';
import { loadPrincipal } from '../auth/principal.ts';
import { verifyAccessToken } from '../auth/tokens.ts';

/**
 * The real-time hub: socket.io at /hubs/notify on the API's own HTTP server (same origin, so a `connect-src
 * 'self'` policy allows it). A socket proves who it is with its access token (`auth: { token }`) and joins only
 * its own user's room; the `uid` a client puts in the query is never trusted. On PostgreSQL the hub uses the
 * PostgreSQL adapter (LISTEN/NOTIFY), so an event sent by one API instance reaches sockets held by another; the
 * embedded database serves a single instance and needs none.
 *
 * A socket lives no longer than what let it in: it leaves when its session ends (sign-out, password change, lock,
 * disable: `endSessionSockets`, on every instance through the adapter) and when its access token expires (the
 * client then connects again with its refreshed token). One user holds at most HUB_SOCKETS_PER_USER sockets on an
 * instance (a tab holds one).
 */
export const HUB_PATH = '/hubs/notify';
/** Events the hub sends. */
export const HUB_EVENTS = { notify: 'NotifySystem' } as const;

export interface Realtime {
  /** Send `event` to every socket of these users, on every instance of the portal. */
  toUsers(userIds: readonly string[], event: string, payload?: unknown): void;
  /** Sockets connected to this instance (bench and health figures). */
  readonly localSockets: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const userRoom = (userId: string): string => `user:${userId}`;
const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** Sockets one user may hold on one instance: a tab holds one, so this is many tabs and devices, not a flood. */
export const HUB_SOCKETS_PER_USER = 20;

interface SocketData {
  userId: string;
  sessionId: string;
  /** When the access token it connected with expires (ms since the epoch). */
  expiresAt: number;
}

// The hubs of this process (one per app; tests run several), for endSessionSockets.
const hubs = new Set<Server>();

/**
 * Disconnects the sockets of these sessions, on every instance (the adapter carries it). Called when sessions are
 * revoked; a socket trying again with the revoked session's token is refused at its handshake.
 */
export function endSessionSockets(sessionIds: readonly string[]): void {
  if (!sessionIds.length) return;
  for (const io of hubs) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

async function authenticate(config: AppConfig, database: Database, socket: Socket): Promise<SocketData | null> {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const raw = typeof auth?.token === 'string' ? auth.token.replace(/^Bearer\s+/i, '') : '';
  if (!raw) return null;
  const claims = await verifyAccessToken(config.jwtSecret, raw);
  if (!claims) return null;
  const principal = await loadPrincipal(database.db, claims.sub, claims.sid, database.principalPool ?? database.pool);
  if (!principal) return null;
  // The signature was checked above; only the expiry is read here.
  const exp = decodeJwt(raw).exp;
  return { userId: principal.userId, sessionId: claims.sid, expiresAt: (exp ?? 0) * 1000 };
}

export function registerRealtime(app: FastifyInstance, config: AppConfig, database: Database): void {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, never, SocketData>(
    app.server,
    {
      path: HUB_PATH,
      serveClient: false,
      // The web app is served from the same origin; no cross-origin sockets.
      cors: { origin: false },
    },
  );

  let adapterPool: pg.Pool | undefined;
  if (database.kind === 'postgres' && config.databaseUrl) {
    // Its own two connections: the adapter holds one for LISTEN for as long as the process runs.
    adapterPool = createPool(config.databaseUrl, 2, 'shared');
    io.adapter(
      createAdapter(adapterPool, {
        tableName: 'socket_io_attachments',
        errorHandler: (err) => app.log.warn({ err }, 'real-time adapter error'),
      }),
    );
  }

  hubs.add(io);
  const socketsOf = new Map<string, number>();
  io.use((socket, next) => {
    authenticate(config, database, socket).then(
      (data) => {
        if (!data || data.expiresAt <= Date.now()) return next(new Error('UNAUTHENTICATED'));
        if ((socketsOf.get(data.userId) ?? 0) >= HUB_SOCKETS_PER_USER) return next(new Error('TOO_MANY_SOCKETS'));
        socket.data = data;
        next();
      },
      (err: unknown) => {
        app.log.warn({ err }, 'real-time hub could not check a socket');
        next(new Error('UNAVAILABLE'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, sessionId, expiresAt } = socket.data;
    socketsOf.set(userId, (socketsOf.get(userId) ?? 0) + 1);
    // Only the token's user: a `uid` in the query that names someone else changes nothing.
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // At the token's expiry the socket goes; the client comes back with its refreshed token.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
    expiry.unref();
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      const left = (socketsOf.get(userId) ?? 1) - 1;
      if (left > 0) socketsOf.set(userId, left);
      else socketsOf.delete(userId);
    });
  });

  app.decorate('realtime', {
    toUsers(userIds, event, payload) {
      const rooms = [...new Set(userIds)].map(userRoom);
      if (rooms.length) io.to(rooms).emit(event, payload ?? {});
    },
    get localSockets() {
      return io.of('/').sockets.size;
    },
  } satisfies Realtime);

  // Before Fastify closes its server: open sockets would keep it waiting. Not io.close(), which closes the HTTP
  // server itself, Fastify's job.
  app.addHook('preClose', async () => {
    hubs.delete(io);
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
  });
  app.addHook('onClose', async () => {
    if (!adapterPool) return;
    // The adapter's listening client is not always handed back on close, and a pool's end waits for every client:
    // shutting down waits a few seconds for it, never for ever.
    const ended = adapterPool.end().catch((err: unknown) => app.log.warn({ err }, 'hub adapter pool not closed'));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  });
}
