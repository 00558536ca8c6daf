import { fork, type ChildProcess } from 'node:child_process';

export interface LoadJob {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Sent with every request (a bearer token for routes that need a signed-in user). */
  headers?: Record<string, string>;
}

/** One autocannon run as the runner reports it. */
export interface RawRun {
  url: string;
  seconds: number;
  /** 2xx answers */
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
  /** ms, one per answer */
  latencies: Float64Array;
}

/** One or more runs of the same URL, summed. */
export interface LoadResult {
  url: string;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export function summarize(runs: RawRun[]): LoadResult {
  const total = (pick: (r: RawRun) => number) => runs.reduce((sum, r) => sum + pick(r), 0);
  const seconds = total((r) => r.seconds);
  const sorted = new Float64Array(total((r) => r.latencies.length));
  let at = 0;
  for (const r of runs) {
    sorted.set(r.latencies, at);
    at += r.latencies.length;
  }
  sorted.sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    url: runs[0]?.url ?? '',
    seconds,
    requests: total((r) => r.requests),
    requestsPerSecond: total((r) => r.requests) / seconds,
    non2xx: total((r) => r.non2xx),
    errors: total((r) => r.errors),
    timeouts: total((r) => r.timeouts),
    bytesPerSecond: total((r) => r.bytes) / seconds,
    latencyMs: {
      mean: sorted.length ? sum / sorted.length : Number.NaN,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    },
  };
}

type Reply = { ok: true; result: RawRun } | { ok: false; error: string };

/**
 * Drives the load runner child process: one long-lived child, one job at a time.
 * On a 2-core machine the client then takes one core and the measured servers the other.
 */
export class LoadClient {
  private child: ChildProcess | undefined;

  private start(): ChildProcess {
    // 'advanced' serialisation carries the latency arrays as typed arrays, not JSON.
    const child = fork(new URL('./runner.ts', import.meta.url), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    return child;
  }

  run(job: LoadJob): Promise<RawRun> {
    const child = (this.child ??= this.start());
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load runner exited (${code}) during ${job.url}`));
      child.once('exit', onExit);
      child.once('message', (reply: Reply) => {
        child.off('exit', onExit);
        if (reply.ok) resolve(reply.result);
        else reject(new Error(`load run failed for ${job.url}: ${reply.error}`));
      });
      child.send(job);
    });
  }

  close(): void {
    this.child?.disconnect();
    this.child = undefined;
  }
}
