import { createMongoAbility } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationsOf } from '@portal/domain/api-clients/index';
import type { Principal, PrincipalResolver } from '../../platform/access/index.ts';
import { bearerToken } from '../../platform/auth/tokens.ts';
import { onNewDay } from '../../platform/clock/index.ts';
import { clientError, loadClient, pruneUsage, recordUsage, type UsageEntry } from './service.ts';
import { claimsClientKind, verifyClientToken } from './tokens.ts';

interface ClientCall {
  accountId: string;
  started: number;
  retryAfter?: number;
}

/** Fixed one-minute windows per client, in this process (several instances each count their own share). */
class RateWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Seconds to wait when over the limit, else 0 (and the call is counted). */
  take(clientId: string, limit: number, now = Date.now()): number {
    let w = this.windows.get(clientId);
    if (!w || now - w.start >= 60_000) {
      // Dropping stale windows now and then keeps the map at the number of recently active clients.
      if (this.windows.size > 10_000)
        for (const [k, v] of this.windows) if (now - v.start >= 60_000) this.windows.delete(k);
      w = { start: now, count: 0 };
      this.windows.set(clientId, w);
    }
    if (w.count >= limit) return Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    w.count++;
    return 0;
  }
}

const USAGE_BATCH = 200;
const USAGE_FLUSH_MS = 500;

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Requests that carry a client token (an API client of a linked account) become a principal here; every other
 * request goes to the users' resolver unchanged.
 *
 * The client becomes a synthetic read-only principal of the department (province-wide view, as the issue asks)
 * whose abilities are exactly the permissions the routes of its scoped operations declare. The existing
 * handlers, their access checks and data scopes then work unchanged; and since the call itself must be one of
 * the scoped operations (checked first, by the route matched), any other call is refused before its handler runs,
 * whatever the abilities would allow. The principal's user id is the linked account's id: no user row exists for
 * it, so nothing can sign in, own a session or write as it.
 */
export function withApiClients(app: FastifyInstance, users: PrincipalResolver): PrincipalResolver {
  const calls = new WeakMap<FastifyRequest, ClientCall>();
  const rates = new RateWindows();
  let permissionOf: Map<string, string> | undefined;
  let departmentUnit: Promise<string | null> | undefined;
  const abilities = new Map<string, Principal['ability']>();

  const operationKey = (request: FastifyRequest) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    return `${method} ${request.routeOptions.url ?? ''}`;
  };

  function abilityFor(allowed: Set<string>): Principal['ability'] {
    const key = [...allowed].sort().join('\n');
    let ability = abilities.get(key);
    if (!ability) {
      permissionOf ??= new Map(app.routePermissions.map((r) => [`${r.method} ${r.url}`, r.permission]));
      const rules = [{ action: 'read', subject: 'Auth' }];
      for (const op of allowed) {
        const permission = permissionOf.get(op);
        if (!permission || permission === 'Auth.read' || permission === 'authenticated') continue;
        const dot = permission.lastIndexOf('.');
        rules.push({ action: permission.slice(dot + 1), subject: permission.slice(0, dot) });
      }
      ability = createMongoAbility(rules);
      abilities.set(key, ability);
    }
    return ability;
  }

  const department = () =>
    (departmentUnit ??= app.db
      .selectFrom('unit')
      .select('id')
      .where('kind', '=', 'department')
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst()
      .then((r) => {
        // Not cached while there is none yet (a first start before the seed): asked again next time.
        if (!r) departmentUnit = undefined;
        return r?.id ?? null;
      })
      .catch(() => {
        departmentUnit = undefined;
        return null;
      }));

  app.addHook('onSend', async (request, reply, payload) => {
    const call = calls.get(request);
    if (call?.retryAfter) reply.header('retry-after', String(call.retryAfter));
    return payload;
  });

  // One usage row per client call, after the answer has gone, written in batches (a busy client's calls cost one
  // insert per half second rather than one each; on the embedded database every statement waits its turn).
  let pending: UsageEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const rows = pending;
    pending = [];
    try {
      await recordUsage(app.db, rows);
    } catch (err) {
      app.log.warn({ err, rows: rows.length }, 'api client usage not recorded');
    }
  };
  app.addHook('onResponse', async (request, reply) => {
    const call = calls.get(request);
    if (!call) return;
    pending.push({
      accountId: call.accountId,
      method: request.method,
      operation: request.routeOptions.url ?? request.url.split('?')[0]!.slice(0, 500),
      status: reply.statusCode,
      durationMs: Math.round(performance.now() - call.started),
    });
    if (pending.length >= USAGE_BATCH) await flush();
    else timer ??= setTimeout(() => void flush(), USAGE_FLUSH_MS).unref();
  });
  app.addHook('onClose', flush);

  onNewDay(app, 'api-clients:prune-usage', () => pruneUsage(app.db));

  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token || !claimsClientKind(token)) return users(request);
    const claims = await verifyClientToken(app.config.jwtSecret, token);
    if (!claims) return null;
    const client = await loadClient(app.db, claims.sub, claims.sid);
    if (!client) return null;
    const call: ClientCall = { accountId: claims.sub, started: performance.now() };
    calls.set(request, call);

    // What the token was issued for, narrowed to what the account holds now.
    const scopes = claims.scopes.filter((s) => client.scopes.includes(s));
    const allowed = new Set([...operationsOf(scopes)].map((op) => fastifyPath(op)));
    if (!allowed.has(operationKey(request))) throw clientError(403, 'SCOPE_DENIED');

    const wait = rates.take(claims.sub, client.rateLimitPerMinute);
    if (wait > 0) {
      call.retryAfter = wait;
      throw clientError(429, 'RATE_LIMITED', { after: wait });
    }
    const unitId = await department();
    if (!unitId) return null;
    return {
      userId: claims.sub,
      userName: client.userName,
      role: 'client',
      userTypeId: null,
      unit: { id: unitId, kind: 'department', businessId: null, localUnitCode: null },
      ability: abilityFor(allowed),
    };
  };
}
