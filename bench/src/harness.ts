import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../apps/api/src/db/database.ts';
import type { DatabaseKind } from './databases.ts';
import { summarize, type LoadClient, type LoadResult, type RawRun } from './load/client.ts';

/** pass/FAIL against a goal that applies; n/a: has goals, none applies here; —: no goal; error: it broke. */
export type Status = 'pass' | 'FAIL' | 'n/a' | '—' | 'error';

/** One line of the printed table. Fields a measurement does not produce stay empty. */
export interface ResultRow {
  measurement: string;
  /** '—' for a figure that does not depend on the database (first-load JS size). */
  database: DatabaseKind | '—';
  /** api: through the real app; bare: the same work through node:http + pg. */
  side?: 'api' | 'bare';
  /** Rows in the table the measurement reads. */
  rows?: number;
  requestsPerSecond?: number;
  p50Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
  /** API req/s ÷ bare req/s: the share of the bare speed the platform keeps. */
  ratio?: number;
  /** Peak resident memory of the bench process (app, bare server and, on PGlite, the database) during the run. */
  rssPeakMb?: number;
  /** A figure that is not a request rate (rows/s, seconds, KB gzip …). */
  figure?: string;
  goal?: string;
  status: Status;
  /** Raw figures and error text; kept in the JSON results, not in the table. */
  detail?: Record<string, unknown>;
}

export interface Goal {
  /** As printed, including its scope: 'ratio ≥ 0.6', 'p95 ≤ 30 ms (pg, ≥ 1 M rows)'. */
  label: string;
  /** Databases it applies to; all when absent. */
  databases?: DatabaseKind[];
  /** Smallest data size it applies to (goals stated for 1 M rows say nothing about a quick run). */
  minRows?: number;
  met(row: ResultRow): boolean;
}

export const goals = {
  minRatio: (min: number, scope: Partial<Pick<Goal, 'databases' | 'minRows'>> = {}): Goal => ({
    label: `ratio ≥ ${min}${scopeLabel(scope)}`,
    ...scope,
    met: (row) => (row.ratio ?? 0) >= min,
  }),
  maxP95: (ms: number, scope: Partial<Pick<Goal, 'databases' | 'minRows'>> = {}): Goal => ({
    label: `p95 ≤ ${ms} ms${scopeLabel(scope)}`,
    ...scope,
    met: (row) => (row.p95Ms ?? Number.POSITIVE_INFINITY) <= ms,
  }),
};

/** 1000000 → '1 M', 50000 → '50 k'. */
function compact(n: number): string {
  if (n >= 1e6 && n % 1e5 === 0) return `${n / 1e6} M`;
  if (n >= 1e3 && n % 100 === 0) return `${n / 1e3} k`;
  return n.toLocaleString('en-US');
}

function scopeLabel(scope: Partial<Pick<Goal, 'databases' | 'minRows'>>): string {
  const parts = [
    ...(scope.databases ?? []).map((d) => (d === 'postgres' ? 'pg' : d)),
    ...(scope.minRows ? [`≥ ${compact(scope.minRows)} rows`] : []),
  ];
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Applies goals to a finished row: sets `goal` and `status` (an errored row stays 'error'). */
export function judge(row: ResultRow, list: Goal[] = []): ResultRow {
  if (row.status === 'error') return { ...row, ...(list.length ? { goal: list.map((g) => g.label).join(', ') } : {}) };
  if (list.length === 0) return { ...row, status: '—' };
  const applicable = list.filter(
    (g) =>
      (!g.databases || (row.database !== '—' && g.databases.includes(row.database))) &&
      (!g.minRows || (row.rows ?? 0) >= g.minRows),
  );
  return {
    ...row,
    goal: list.map((g) => g.label).join(', '),
    status: applicable.length === 0 ? 'n/a' : applicable.every((g) => g.met(row)) ? 'pass' : 'FAIL',
  };
}

export interface BenchContext {
  kind: DatabaseKind;
  /** True on the first database of the run: a measurement that does not depend on it runs only then. */
  firstDatabase: boolean;
  /** The app's database: Kysely (`database.db`), its pool, and PGlite when embedded. */
  database: Database;
  /**
   * Pool for bare handlers. PostgreSQL: a pg.Pool of its own, as large as the app's. PGlite: the app's pool,
   * since the database lives inside this process and has one connection anyway.
   */
  barePool: pg.Pool;
  /** http://127.0.0.1:port of the running app. */
  apiBaseUrl: string;
  /** Rows the bench tables hold. */
  province: { workers: number; employers: number };
  options: { durationSeconds: number; warmupSeconds: number; connections: number };
  load: LoadClient;
  log(line: string): void;
}

/** A measurement: one small file in measurements/, listed in measurements/index.ts. */
export interface Measurement {
  /** Short name, as printed and as `--only` selects it. */
  name: string;
  /** One line: what it shows. */
  description: string;
  /** Bench-only API routes it needs, registered after the domain modules through buildApp's `plugins`. */
  plugins?: FastifyPluginAsync[];
  /** Runs once per database and returns its table rows (use compareWithBare for an API-vs-bare pair). */
  run(ctx: BenchContext): Promise<ResultRow[]>;
}

/** Answers a bare request with a JSON body (status 200); throwing answers 500. */
export type BareHandler = (url: URL) => Promise<unknown>;

export async function startBareServer(handler: BareHandler): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    handler(new URL(req.url ?? '/', 'http://127.0.0.1')).then(
      (body) => {
        const text = JSON.stringify(body);
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

v8.setFlagsFromString('--expose-gc');
/** A full garbage collection (memory figures read after one). */
export const gc = vm.runInNewContext('gc') as () => void;

/**
 * Peak RSS of this process while `run` goes on, sampled every 20 ms (cheap: no heap walk). A full GC first,
 * so garbage left by an earlier run does not count against this one.
 */
export async function withRssPeak<T>(run: () => Promise<T>): Promise<{ value: T; rssPeakMb: number }> {
  gc();
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, rssPeakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

export interface Comparison {
  name: string;
  /** Path and query, requested from both servers. */
  path: string;
  bare: BareHandler;
  rows?: number;
  goals?: Goal[];
  /** Blanks fields that legitimately differ between two answers (clock readings) before they are compared. */
  comparable?: (body: unknown) => unknown;
  /** Sent to the API side only (a bearer token: the real route checks the caller; the bare handler does not). */
  headers?: Record<string, string>;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

function failed(run: LoadResult): boolean {
  return run.non2xx > 0 || run.errors > 0 || run.timeouts > 0;
}

function rowOf(
  name: string,
  ctx: BenchContext,
  side: 'api' | 'bare',
  run: LoadResult,
  rssPeakMb: number,
  rows?: number,
): ResultRow {
  return {
    measurement: name,
    database: ctx.kind,
    side,
    ...(rows !== undefined ? { rows } : {}),
    requestsPerSecond: run.requestsPerSecond,
    p50Ms: run.latencyMs.p50,
    p95Ms: run.latencyMs.p95,
    p99Ms: run.latencyMs.p99,
    rssPeakMb,
    status: failed(run) ? 'error' : '—',
    detail: { ...run },
  };
}

/**
 * Waits (up to a minute) until the database runs nothing but this check: a side whose calls outlast the run (a bare
 * handler counting a province live takes seconds a call) leaves its queries running when the client stops, and the
 * next side would be measured against them.
 */
export async function settled(ctx: BenchContext): Promise<void> {
  if (ctx.kind !== 'postgres') return;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { rows } = await ctx.barePool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The same request through the real app and through a bare node:http handler doing the same SQL, under the
 * same load (autocannon in a child process, `connections` connections, no pipelining). Both answers are first
 * checked to be equal, so the two sides do the same work. After a warm-up of each side, the measured time is
 * split in halves run bare, api, api, bare: a machine whose load drifts during the run weighs on both alike.
 */
export async function compareWithBare(ctx: BenchContext, spec: Comparison): Promise<ResultRow[]> {
  const bare = await startBareServer(spec.bare);
  try {
    const apiUrl = ctx.apiBaseUrl + spec.path;
    const bareUrl = bare.baseUrl + spec.path;
    const same = spec.comparable ?? ((body: unknown) => body);
    const [apiBody, bareBody] = await Promise.all([getJson(apiUrl, spec.headers), getJson(bareUrl)]);
    assert.deepStrictEqual(
      same(bareBody),
      same(apiBody),
      `${spec.name}: the bare handler must answer what the API answers`,
    );

    const { connections, durationSeconds, warmupSeconds } = ctx.options;
    if (warmupSeconds > 0) {
      await ctx.load.run({
        url: apiUrl,
        connections,
        durationSeconds: warmupSeconds,
        ...(spec.headers ? { headers: spec.headers } : {}),
      });
      await ctx.load.run({ url: bareUrl, connections, durationSeconds: warmupSeconds });
    }
    const runs = { api: [] as RawRun[], bare: [] as RawRun[] };
    const rss = { api: 0, bare: 0 };
    for (const side of ['bare', 'api', 'api', 'bare'] as const) {
      ctx.log(`  ${spec.name}: ${side}`);
      const url = side === 'api' ? apiUrl : bareUrl;
      const headers = side === 'api' && spec.headers ? { headers: spec.headers } : {};
      const run = await withRssPeak(() =>
        ctx.load.run({ url, connections, durationSeconds: durationSeconds / 2, ...headers }),
      );
      runs[side].push(run.value);
      rss[side] = Math.max(rss[side], run.rssPeakMb);
      await settled(ctx);
    }
    const apiResult = summarize(runs.api);
    const bareResult = summarize(runs.bare);
    const api = rowOf(spec.name, ctx, 'api', apiResult, rss.api, spec.rows);
    const bareRow = rowOf(spec.name, ctx, 'bare', bareResult, rss.bare, spec.rows);
    api.ratio = bareResult.requestsPerSecond > 0 ? apiResult.requestsPerSecond / bareResult.requestsPerSecond : 0;
    return [judge(api, spec.goals), judge(bareRow)];
  } finally {
    await bare.close();
  }
}

/** An import's answer as the page ends up with it: the rows' verdicts, at once or from its background run. */
export interface ImportAnswer {
  status: number;
  body: { created?: number; updated?: number; data?: { isSuccess: boolean }[]; [key: string]: unknown };
  /** Whether the save ran in the background (202, then followed until done). */
  background: boolean;
}

/**
 * Sends nothing itself: takes the import call's answer and, when it is a background run (202 { runId }), follows
 * the run's status as the import page does (once a second, here every 200 ms) until it is done or failed.
 * `onFinalAnswer` is told when the final answer begins, before its body is read: reading tens of thousands of
 * verdicts is this client's work, and in the bench it runs on the server's thread.
 */
export async function settleImport(
  baseUrl: string,
  headers: Record<string, string>,
  answer: Promise<Response>,
  onFinalAnswer: () => void = () => undefined,
): Promise<ImportAnswer> {
  const res = await answer;
  if (res.status !== 202) {
    onFinalAnswer();
    return { status: res.status, body: (await res.json()) as ImportAnswer['body'], background: false };
  }
  const runId = String(((await res.json()) as ImportAnswer['body']).runId);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // While the run goes on, its status is small; once done, it carries every verdict.
    const status = await fetch(`${baseUrl}/api/Import/run/${runId}`, { headers });
    // The run's state is at the head of its answer: known from the first piece, before the verdicts are read.
    const reader = status.body!.getReader();
    const pieces: Uint8Array[] = [];
    let told = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
      if (!told && pieces.length === 1) {
        const state = /"status":"(\w+)"/.exec(new TextDecoder().decode(value.subarray(0, 400)))?.[1];
        if (status.status !== 200 || state === 'done' || state === 'failed') {
          told = true;
          onFinalAnswer();
        }
      }
    }
    const run = JSON.parse(Buffer.concat(pieces).toString('utf8')) as ImportAnswer['body'] & { status?: string };
    if (status.status !== 200 || run.status === 'done' || run.status === 'failed') {
      if (!told) onFinalAnswer();
      if (status.status !== 200) return { status: status.status, body: run, background: true };
      return { status: run.status === 'done' ? 200 : 500, body: run, background: true };
    }
  }
}
