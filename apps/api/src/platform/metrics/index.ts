import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { AppError } from '../errors/app-error.ts';
import { addressMatcher } from './request-id.ts';

/**
 * /metrics for operators, in Prometheus' text format (version 0.0.4): requests by method, route and status, their
 * latency as a histogram, the database pools, the background job queues, the hub's sockets and the process'
 * memory. Written out here rather than with a client library: a few counters need no dependency.
 *
 * Never public: it answers a bearer METRICS_TOKEN, or a client whose address (as TRUST_PROXY resolves it, so a
 * caller through the reverse proxy is judged by its own address, not the proxy's) is in METRICS_ALLOW. With
 * neither configured nobody may read it.
 */
export const METRICS_PATH = '/metrics';

/** Latency buckets (seconds): from a cached look-up to a large export. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** pg-boss states a job is in before it finishes. */
const JOB_STATES = ['created', 'retry', 'active'] as const;

interface Series {
  count: number;
  /** Cumulative counts per LATENCY_BUCKETS bound. */
  buckets: number[];
  sum: number;
}

/** A label value escaped as the format asks (backslash, quote, newline). */
const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance): void {
  const { metricsToken, metricsAllow } = app.config;
  const allowed = addressMatcher(metricsAllow);
  const series = new Map<string, Series>();

  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === METRICS_PATH) return;
    // The route's pattern, never the raw path (ids would make a series per record); one label for unmatched ones.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let s = series.get(key);
    if (!s) series.set(key, (s = { count: 0, buckets: LATENCY_BUCKETS.map(() => 0), sum: 0 }));
    const seconds = reply.elapsedTime / 1000;
    s.count += 1;
    s.sum += seconds;
    LATENCY_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
    });
  });

  function mayRead(request: FastifyRequest): boolean {
    const auth = request.headers.authorization;
    if (metricsToken && typeof auth === 'string' && /^Bearer\s+/i.test(auth)) {
      return sameSecret(auth.replace(/^Bearer\s+/i, ''), metricsToken);
    }
    return allowed(request.ip);
  }

  /**
   * Jobs waiting (created, retry) and running (active) per queue, every queue listed even when empty. Finished jobs
   * are left out of the scan (pg-boss indexes the waiting ones), so a scrape stays cheap as history grows.
   */
  async function jobQueues(): Promise<Array<{ name: string; state: string; n: number }>> {
    try {
      const queues = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(app.db);
      const counts = await sql<{ name: string; state: string; n: number }>`
        select name, state::text as state, count(*)::int as n
        from pgboss.job where state < 'completed' group by name, state`.execute(app.db);
      const found = new Map(counts.rows.map((r) => [`${r.name} ${r.state}`, r.n]));
      return queues.rows.flatMap(({ name }) =>
        JOB_STATES.map((state) => ({ name, state, n: found.get(`${name} ${state}`) ?? 0 })),
      );
    } catch {
      // Before the jobs' schema exists (the first start, before pg-boss has made it): no queues yet.
      return [];
    }
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request)) throw new AppError(403, 'FORBIDDEN');
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    metric('portal_http_requests_total', 'counter', 'HTTP requests answered, by method, route and status.');
    for (const [key, s] of series) {
      const [method = '', route = '', status = ''] = key.split(' ');
      lines.push(
        `portal_http_requests_total{method="${method}",route="${label(route)}",status="${status}"} ${s.count}`,
      );
    }
    metric('portal_http_request_duration_seconds', 'histogram', 'Time to answer an HTTP request.');
    for (const [key, s] of series) {
      const [method = '', route = '', status = ''] = key.split(' ');
      const labels = `method="${method}",route="${label(route)}",status="${status}"`;
      LATENCY_BUCKETS.forEach((bound, i) =>
        lines.push(`portal_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${s.buckets[i]}`),
      );
      lines.push(`portal_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`portal_http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      lines.push(`portal_http_request_duration_seconds_count{${labels}} ${s.count}`);
    }

    const pools: Array<[string, pg.Pool | undefined]> = [
      ['main', app.database.pool],
      ['principal', app.database.principalPool],
      ['replica', app.database.replicaPool],
    ];
    metric('portal_db_pool_connections', 'gauge', 'Database connections by pool and state (total, idle).');
    metric('portal_db_pool_waiting', 'gauge', 'Queries waiting for a connection, by pool.');
    for (const [name, pool] of pools) {
      if (!pool) continue;
      lines.push(`portal_db_pool_connections{pool="${name}",state="total"} ${pool.totalCount}`);
      lines.push(`portal_db_pool_connections{pool="${name}",state="idle"} ${pool.idleCount}`);
    }
    for (const [name, pool] of pools)
      if (pool) lines.push(`portal_db_pool_waiting{pool="${name}"} ${pool.waitingCount}`);

    metric('portal_job_queue_depth', 'gauge', 'Background jobs by queue and state (created, retry, active).');
    for (const q of await jobQueues()) {
      lines.push(`portal_job_queue_depth{queue="${label(q.name)}",state="${q.state}"} ${q.n}`);
    }

    metric('portal_hub_sockets', 'gauge', 'Real-time hub sockets connected to this instance.');
    lines.push(`portal_hub_sockets ${app.realtime.localSockets}`);

    const memory = process.memoryUsage();
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory of the process.');
    lines.push(`process_resident_memory_bytes ${memory.rss}`);
    metric('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.');
    lines.push(`nodejs_heap_used_bytes ${memory.heapUsed}`);
    metric('process_uptime_seconds', 'gauge', 'Seconds since the process started.');
    lines.push(`process_uptime_seconds ${Math.round(process.uptime())}`);

    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${lines.join('\n')}\n`);
  });
}
