/**
 * Load generator, run as a child process (see client.ts) so autocannon does not share the event loop of the
 * servers it measures. Takes one job at a time over IPC and answers with its counts and raw latencies.
 */
import autocannon from 'autocannon';
import type { LoadJob, RawRun } from './client.ts';

function run(job: LoadJob): Promise<RawRun> {
  return new Promise((resolve, reject) => {
    // autocannon's own histogram has 1 ms resolution; sub-millisecond calls (health) need the raw times.
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        pipelining: 1,
        duration: job.durationSeconds,
        timeout: 30,
        headers: { accept: 'application/json', ...job.headers },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          url: job.url,
          seconds: (performance.now() - started) / 1000,
          requests: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          bytes: result.throughput.total,
          latencies: latencies.slice(0, count),
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = ms;
    });
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: (err as Error).message ?? String(err) }),
  );
});
// The parent going away ends the runner too.
process.on('disconnect', () => process.exit(0));
