import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { AppError } from '../errors/app-error.ts';
import { onNewDay } from '../clock/index.ts';
import { withIdempotencyKeys, type IdempotencyDb } from './tables.ts';

/**
 * Creates that cannot double. A route opts in with `config: { idempotent: true }`; a request to it with an
 * `Idempotency-Key` header claims the key for its caller, method and route (an insert that does nothing when the
 * key is taken, so of two simultaneous requests exactly one runs the handler), and the answer it gives (2xx or
 * 4xx) is kept for 24 hours. A repeat gets that answer again, marked `Idempotent-Replayed: true`; a repeat while
 * the first is still running waits for it a few seconds; a repeat asking something else is refused. A 5xx, or
 * an answer that could not be kept, frees the key so the client's retry runs again. Without the header nothing
 * changes.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create that accepts an `Idempotency-Key` header (platform/idempotency). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed and must settle (store its answer or free it). */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

interface KeyId {
  owner: string;
  method: string;
  route: string;
  key: string;
}

interface IdempotencyClaim extends KeyId {
  /** The row's mark this request wrote (a takeover after it writes another). */
  claim: string;
  settled: boolean;
}

interface StoredKey {
  fingerprint: string;
  status_code: number | null;
  response_type: string | null;
  response_body: string | null;
  expired: boolean;
  stale: boolean;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key answers with its first result. */
export const KEEP_HOURS = 24;
/** How long a repeat waits for the first request before answering 409. */
export const WAIT_MS = 5_000;
const POLL_MS = 100;
/** A claim still running after this long belongs to a request that died with its process: it is taken over. */
const STALE_SECONDS = 120;
const PURGE_QUEUE = 'platform.idempotencyPurge';
/** Every night, Vietnam time. */
const PURGE_CRON = '40 2 * * *';

/** 1–200 visible ASCII characters, spaces allowed inside (a UUID, a ULID, a client's own scheme). */
const KEY_FORMAT = /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/;

export function isValidIdempotencyKey(value: string): boolean {
  return KEY_FORMAT.test(value);
}

/** The same value whatever order its object keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value; // dates, buffers: JSON says what they are
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
  return out;
}

/** What the request asks: its path parameters, query (not the answer's language) and body. */
export function requestFingerprint(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string {
  const { lang: _lang, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(canonical({ params: request.params ?? {}, query, body: request.body ?? null })) ?? '';
  return createHash('sha256').update(text).digest('base64url');
}

async function find(db: IdempotencyDb, id: KeyId): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_key')
    .select([
      'fingerprint',
      'status_code',
      'response_type',
      'response_body',
      sql<boolean>`created_at < now() - make_interval(hours => ${KEEP_HOURS})`.as('expired'),
      sql<boolean>`status_code is null and created_at < now() - make_interval(secs => ${STALE_SECONDS})`.as('stale'),
    ])
    .where('owner', '=', id.owner)
    .where('method', '=', id.method)
    .where('route', '=', id.route)
    .where('key', '=', id.key)
    .executeTakeFirst();
}

/** Remove the key: the claim's own row (it failed), or a dead row found by another request. */
async function free(db: IdempotencyDb, id: KeyId, which: { claim: string } | 'expiredOrStale'): Promise<void> {
  const q = db
    .deleteFrom('idempotency_key')
    .where('owner', '=', id.owner)
    .where('method', '=', id.method)
    .where('route', '=', id.route)
    .where('key', '=', id.key);
  await (
    which === 'expiredOrStale'
      ? // Only the row found dead, never a fresh claim another request made in between.
        q.where(
          sql<boolean>`(created_at < now() - make_interval(hours => ${KEEP_HOURS})
            or (status_code is null and created_at < now() - make_interval(secs => ${STALE_SECONDS})))`,
        )
      : q.where('claim', '=', which.claim)
  ).execute();
}

/**
 * One attempt at the key: this request's claim when it now owns it, the stored row when another request does,
 * null when the row vanished or was dead and removed (try again at once).
 */
async function claim(db: IdempotencyDb, id: KeyId, fingerprint: string): Promise<{ claim: string } | StoredKey | null> {
  const inserted = await db
    .insertInto('idempotency_key')
    .values({ owner: id.owner, method: id.method, route: id.route, key: id.key, fingerprint })
    .onConflict((oc) => oc.doNothing())
    .returning('claim')
    .executeTakeFirst();
  if (inserted) return inserted;
  const row = await find(db, id);
  if (!row) return null;
  if (row.expired || row.stale) {
    await free(db, id, 'expiredOrStale');
    return null;
  }
  return row;
}

function replay(reply: FastifyReply, row: StoredKey & { status_code: number }): FastifyReply {
  reply.code(row.status_code).header(REPLAYED_HEADER, 'true');
  if (row.response_type) reply.type(row.response_type);
  return reply.send(row.response_body ?? '');
}

/** Keys past their 24 hours (the nightly job; answers are never replayed past them anyway). */
export async function purgeIdempotencyKeys(db: IdempotencyDb): Promise<number> {
  const res = await db
    .deleteFrom('idempotency_key')
    .where(sql<boolean>`created_at < now() - make_interval(hours => ${KEEP_HOURS})`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

function ownerOf(request: FastifyRequest): string {
  // A public form (no sign-in): keys are kept apart per address, so nobody reads another sender's answer.
  return request.principal?.userId ?? `anonymous:${request.ip}`;
}

async function idempotency(app: FastifyInstance): Promise<void> {
  const db = withIdempotencyKeys(app.db);
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !isValidIdempotencyKey(header)) {
      throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID');
    }
    const id: KeyId = {
      owner: ownerOf(request),
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      key: header,
    };
    const fingerprint = requestFingerprint(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await claim(db, id, fingerprint);
      if (found && 'claim' in found) {
        request.idempotencyClaim = { ...id, claim: found.claim, settled: false };
        return;
      }
      if (found) {
        if (found.fingerprint !== fingerprint) throw new AppError(422, 'IDEMPOTENCY_KEY_MISMATCH');
        if (found.status_code !== null) return replay(reply, { ...found, status_code: found.status_code });
      }
      if (Date.now() >= deadline) throw new AppError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS');
      // The first request is still running (or just freed the key): look again shortly.
      if (found) await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotencyClaim;
    if (!owned || owned.settled) return payload;
    owned.settled = true;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const type = reply.getHeader('content-type');
    const textual = typeof type !== 'string' || /json|text/i.test(type);
    try {
      if (reply.statusCode < 500 && body !== null && textual) {
        await db
          .updateTable('idempotency_key')
          .set({
            status_code: reply.statusCode,
            response_type: typeof type === 'string' ? type : null,
            response_body: body,
            completed_at: sql<Date>`now()`,
          })
          .where('owner', '=', owned.owner)
          .where('method', '=', owned.method)
          .where('route', '=', owned.route)
          .where('key', '=', owned.key)
          .where('claim', '=', owned.claim)
          .execute();
      } else {
        // A server error (or an answer that cannot be replayed): the client's retry must run again.
        await free(db, owned, owned);
      }
    } catch (err) {
      request.log.error({ err }, 'idempotency key could not be settled');
      await free(db, owned, owned).catch(() => undefined);
    }
    return payload;
  });

  // An answer that never went through onSend (the connection failed first) frees its key too.
  app.addHook('onResponse', async (request) => {
    const owned = request.idempotencyClaim;
    if (!owned || owned.settled) return;
    owned.settled = true;
    await free(db, owned, owned).catch((err: unknown) =>
      request.log.error({ err }, 'idempotency key could not be freed'),
    );
  });

  app.jobs.define<object>({
    queue: PURGE_QUEUE,
    cron: PURGE_CRON,
    retryLimit: 2,
    handler: async () => {
      await purgeIdempotencyKeys(db);
    },
  });
  onNewDay(app, PURGE_QUEUE, () => purgeIdempotencyKeys(db));
}

export default fp(idempotency, { name: 'idempotency' });
