import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { adminUser, signIn, type Session } from './support/accounts.ts';
import {
  IdPool,
  badInputArbitrary,
  changedTables,
  fingerprint,
  operationsOf,
  responseChecker,
  validRequest,
  type Operation,
  type SweepRequest,
} from './support/sweep.ts';

/**
 * The contract sweep: every /api operation of the OpenAPI document, called by the public and by every demo
 * account with valid inputs (no 5xx, every 2xx JSON answer matches its declared schema), then with bad inputs
 * generated from its request schema (a 4xx with the error body, never a 5xx, and nothing written).
 * A fixed seed and a few bad inputs per route keep it short; SWEEP_FULL=1 runs many more.
 */

const FULL = process.env.SWEEP_FULL === '1';
const SEED = 20_260_701;
const BAD_RUNS = FULL ? 80 : 8;
/** A route's own seed (from its method and path): adding a route never changes the samples of the others. */
const seedOf = (op: { method: string; path: string }) => {
  let h = SEED;
  for (const ch of `${op.method} ${op.path}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
};
const lane = inject('testTemplate').kind === 'postgres' ? 'postgresql' : 'pglite';

const DEMO_USERS = [
  'quantri',
  'canbo.so',
  'thanhtra',
  'canbo.xuanhuong',
  'dn.caudatxanh',
  'dn.rauhoa',
  'ttdvvl',
  'huanluyen',
];

interface Caller {
  name: string;
  session: Session | null;
  pool: IdPool;
}

let t: TestApp;
let operations: Operation[];
let check: ReturnType<typeof responseChecker>;
const everyone = new IdPool();
let callers: Caller[] = [];
const figures = { requests: 0, server: 0, mismatches: 0, hangs: 0, validOk: 0, started: Date.now() };
/** An answer slower than this is reported as a hang rather than left to stall the run. */
const HANG_MS = 30_000;
/** The first caller each operation let through (not 401/403): the bad inputs go as them. */
const admitted = new Map<Operation, string>();

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  await adminUser(t, DEMO_PASSWORD);
  ({ operations } = operationsOf(t.app));
  check = responseChecker(t.app.swagger() as never);
  callers = await signInEveryone();
}, 300_000);
afterAll(async () => {
  const seconds = Math.round((Date.now() - figures.started) / 1000);
  console.info(
    `contract sweep (${lane}): ${operations?.length ?? 0} routes, ${callers.length} callers, ` +
      `${figures.requests.toLocaleString('en').replace(/,/g, ' ')} requests, ${figures.server} × 5xx, ` +
      `${figures.mismatches} schema mismatches, ${figures.hangs} hangs ` +
      `(${figures.validOk.toLocaleString('en').replace(/,/g, ' ')} valid calls answered 2xx), ${seconds} s`,
  );
  await t?.close();
});

async function signInEveryone(): Promise<Caller[]> {
  const list: Caller[] = [{ name: 'anonymous', session: null, pool: new IdPool(everyone) }];
  for (const userName of [...DEMO_USERS, 'admin'])
    list.push({
      name: userName,
      session: await signIn(t, { userName, password: DEMO_PASSWORD }),
      pool: new IdPool(everyone),
    });
  return list;
}

class Hang extends Error {}

async function send(who: Caller, request: SweepRequest): Promise<LightMyRequestResponse> {
  figures.requests++;
  const { method, url, query, payload, headers } = request;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      t.request({
        method,
        url,
        query,
        headers: { ...who.session?.headers, ...headers },
        ...(payload !== undefined ? { payload: payload as string } : {}),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Hang(`no answer within ${HANG_MS / 1000} s`)), HANG_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Send, or the problem when no answer came (counted with the 5xx unless it is a hang). */
async function attempt(who: Caller, request: SweepRequest): Promise<LightMyRequestResponse | string> {
  try {
    return await send(who, request);
  } catch (err) {
    // No answer at all (a hang, a reply stream torn down): the worst outcome, reported with its input.
    if (err instanceof Hang) figures.hangs++;
    else figures.server++;
    return `no answer: ${(err as Error).message}`;
  }
}

const short = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return (text ?? '').length > 300 ? `${text.slice(0, 300)}…` : text;
};
const describeRequest = (r: SweepRequest) =>
  `${r.url.length > 120 ? `${r.url.slice(0, 120)}…` : r.url}${r.query && Object.keys(r.query).length ? ` ?${short(r.query)}` : ''}${r.payload !== undefined ? ` body ${short(Buffer.isBuffer(r.payload) ? '(form)' : r.payload)}` : ''}`;

/** The problems with one answer: a 5xx, a 2xx that does not match its schema, a 4xx without the error body. */
function judge(op: Operation, res: LightMyRequestResponse, options: { refuse: boolean }): string | null {
  if (res.statusCode >= 500) {
    figures.server++;
    return `${res.statusCode} ${short(res.body)}`;
  }
  const json = (res.headers['content-type'] ?? '').toString().startsWith('application/json');
  if (res.statusCode < 300 && options.refuse) return `accepted: ${res.statusCode} ${short(res.body)}`;
  if (res.statusCode >= 400) {
    const body = json ? (res.json() as { error?: { code?: unknown; message?: unknown; details?: unknown } }) : {};
    const e = body.error;
    if (!e || typeof e.code !== 'string' || typeof e.message !== 'string' || !Array.isArray(e.details))
      return `${res.statusCode} without the error body: ${short(res.body)}`;
    return null;
  }
  const schema = op.responses[String(res.statusCode)];
  if (!json || !schema || res.statusCode === 204) return null;
  const problem = check(schema, res.json());
  if (problem) {
    figures.mismatches++;
    return `${res.statusCode} does not match its schema: ${problem}`;
  }
  return null;
}

/** Destructive calls go last so they do not empty what the others read; signing out and passwords very last. */
const DESTRUCTIVE =
  /delete|remove|permanent|purge|reject|return|disable|lock|revoke|unregister|cancel|synchronize|reissue|reset-two/i;
const SESSION = /logout|change-password|two-factor|reset-password|refresh-token/i;
function rank(op: Operation): number {
  if (SESSION.test(op.path)) return 5;
  if (op.method === 'DELETE' || DESTRUCTIVE.test(op.path)) return 4;
  if (op.method !== 'GET') return 3;
  // Lists first (nothing to fill in), then what needs an id the lists gave.
  return op.params.length || op.query.some((p) => p.required) ? 2 : 1;
}

describe(`contract sweep (${lane})`, () => {
  it('finds the whole API in the document', () => {
    const urls = new Set(t.app.routePermissions.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect([...urls].filter((u) => !documented.has(u))).toEqual([]);
    expect(operations.length).toBeGreaterThan(400);
    // Every reference resolves (recursive schemas are named components, not dangling names).
    const doc = t.app.swagger() as { components?: { schemas?: Record<string, unknown> } };
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.filter((name) => !doc.components?.schemas?.[name])).toEqual([]);
  });

  it('answers every route for every caller with valid inputs: no 5xx, every answer as declared', async () => {
    const problems: string[] = [];
    const ordered = [...operations].sort((a, b) => rank(a) - rank(b));
    for (const op of ordered) {
      for (const who of callers) {
        const request = validRequest(op, who.pool, seedOf(op));
        const res = await attempt(who, request);
        if (typeof res === 'string') {
          problems.push(`${op.method} ${op.path} as ${who.name}: ${describeRequest(request)} → ${res}`);
          continue;
        }
        if (res.statusCode < 300) figures.validOk++;
        if (res.statusCode !== 401 && res.statusCode !== 403 && !admitted.has(op)) admitted.set(op, who.name);
        const problem = judge(op, res, { refuse: false });
        if (problem) problems.push(`${op.method} ${op.path} as ${who.name}: ${describeRequest(request)} → ${problem}`);
        if (res.statusCode < 300 && (res.headers['content-type'] ?? '').toString().startsWith('application/json')) {
          const data: unknown = res.json();
          who.pool.collect(op.area, data);
          everyone.collect(op.area, data);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 1_800_000);

  it('refuses bad input with a 4xx and the error body, and writes nothing', async () => {
    // Fresh sessions: the valid sweep signed some callers out.
    callers = await signInEveryone();
    const byName = new Map(callers.map((c) => [c.name, c]));
    const problems: string[] = [];
    const start = await fingerprint(t.database);
    let last = start;
    for (const op of operations) {
      const who = byName.get(admitted.get(op) ?? 'quantri')!;
      const valid = validRequest(op, who.pool, seedOf(op));
      const samples = fc.sample(badInputArbitrary(op, valid), { seed: seedOf(op), numRuns: BAD_RUNS });
      for (const bad of samples) {
        const res = await attempt(who, bad.request);
        const problem = typeof res === 'string' ? res : judge(op, res, { refuse: !bad.mayAccept });
        if (problem)
          problems.push(
            `${op.method} ${op.path} as ${who.name}, ${bad.label}: ${describeRequest(bad.request)} → ${problem}`,
          );
      }
      if (op.method !== 'GET') {
        const now = await fingerprint(t.database);
        const changed = changedTables(last, now);
        if (changed.length) problems.push(`${op.method} ${op.path} wrote on bad input: ${changed.join(', ')}`);
        last = now;
      }
    }
    const changed = changedTables(last, await fingerprint(t.database));
    if (changed.length) problems.push(`reads wrote on bad input: ${changed.join(', ')}`);
    expect(problems).toEqual([]);
  }, 1_800_000);
});
