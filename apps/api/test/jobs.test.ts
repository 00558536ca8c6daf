import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { createTestApp, type TestApp } from './support/app.ts';

const seen: Array<{ n: number; attempt: number }> = [];
const attempts = new Map<number, number>();

// A queue as a domain declares it; the handler fails once to prove retries run.
const probeJobs: FastifyPluginAsync = async (app) => {
  app.jobs.define<{ n: number }>({
    queue: 'probe-job',
    retryLimit: 2,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    handler: async ({ n }) => {
      const attempt = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, attempt);
      if (n === 2 && attempt === 1) throw new Error('transient');
      seen.push({ n, attempt });
    },
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probeJobs] });
  await t.app.jobs.start();
});
afterAll(async () => t.close());

it('runs queued jobs in the background and retries a failed one', async () => {
  expect(t.app.jobs.started).toBe(true);
  await t.app.jobs.send('probe-job', { n: 1 });
  await t.app.jobs.send('probe-job', { n: 2 });
  const until = Date.now() + 20_000;
  while (seen.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(seen.map((s) => s.n).sort()).toEqual([1, 2]);
  expect(seen.find((s) => s.n === 2)?.attempt).toBe(2);
});

it('refuses an unknown queue', async () => {
  await expect(t.app.jobs.send('nope', {})).rejects.toThrow(/unknown queue/);
});
