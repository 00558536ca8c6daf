import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerCatalogHooks } from '../src/catalog/hooks.ts';
import { generateWorkers } from '../src/modules/workers/generate.ts';
import { createCatalogTestApp, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * A large import does not hold the portal: other requests are answered while it validates its rows. Proven by the
 * order things finish, not by time: a health check sent once the import has started on its rows completes
 * before the import does.
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const ROWS = 20_000;
const as = { 'x-test-as': 'employerA' };

it('answers a health check while a large import is checking its rows', async () => {
  const finished: string[] = [];
  let health: Promise<void> | undefined;
  // The first row the import's hooks see: the import is now well inside its rows; ask for health then.
  registerCatalogHooks('worker', {
    beforeChange: async () => {
      health ??= t.request('/api/health').then((res) => {
        expect(res.statusCode).toBe(200);
        finished.push('health');
      });
    },
  });
  const rows = generateWorkers('import-turns', ROWS, { referenceDate: '2026-01-01' }).map((w, i) => ({
    ...w,
    rowNumber: i + 2,
  }));
  const res = await t.request({
    method: 'POST',
    url: '/api/Worker/import-worker-from-json',
    query: { dryRun: 'true' },
    headers: as,
    payload: rows,
  });
  finished.push('import');
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect((res.json() as { data: { isSuccess: boolean }[] }).data.filter((r) => r.isSuccess)).toHaveLength(ROWS);
  expect(health).toBeDefined();
  await health;
  expect(finished).toEqual(['health', 'import']);
});

// 12 000 rows saved in the background take longer than the default limit on a loaded two-core machine; the test
// waits for the run itself (up to a minute) and judges order, not speed.
it(
  'answers a health check between the parts a background save writes, on either database',
  { timeout: 120_000 },
  async () => {
    const SAVE = 12_000;
    let written = 0;
    let writtenWhenHealthy: number | undefined;
    let health: Promise<void> | undefined;
    // Every stored row passes here; once the first part is in, ask for health (it pings the database).
    registerCatalogHooks('worker', {
      afterChange: async () => {
        written++;
        health ??= t.request('/api/health').then((res) => {
          expect(res.statusCode).toBe(200);
          writtenWhenHealthy = written;
        });
      },
    });
    const rows = generateWorkers('import-parts', SAVE, { referenceDate: '2026-01-01' }).map((w, i) => ({
      ...w,
      rowNumber: i + 2,
    }));
    const res = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as,
      payload: rows,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const { runId } = res.json() as { runId: string };
    let status = '';
    for (let i = 0; i < 600 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await t.request({ url: `/api/Import/run/${runId}`, headers: as })).json().status as string;
    }
    expect(status).toBe('done');
    await health;
    // On the embedded database one transaction for every row would have kept the health check waiting until all
    // were written; part by part, it is answered while rows are still to come.
    expect(written).toBe(SAVE);
    expect(writtenWhenHealthy).toBeLessThan(SAVE);
  },
);
