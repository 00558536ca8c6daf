import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoAbility } from '@casl/ability';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Principal } from '../src/platform/access/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startRegistrySimulator } from '../src/modules/integration/business-registry/simulator.ts';

const officer: Principal = {
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'canbo.so',
  role: 'client',
  userTypeId: null,
  unit: { id: '00000000-0000-4000-8000-0000000000aa', kind: 'department' },
  ability: createMongoAbility([
    { action: 'read', subject: 'BusinessSync' },
    { action: 'create', subject: 'BusinessSync' },
  ]),
};
const employer: Principal = {
  ...officer,
  userId: '00000000-0000-4000-8000-000000000002',
  unit: { id: '00000000-0000-4000-8000-0000000000bb', kind: 'employer', businessId: null },
  ability: createMongoAbility([{ action: 'read', subject: 'Auth' }]),
};
// Requests carry "x-test-user: officer|employer"; none → anonymous.
const resolvePrincipal = async (request: FastifyRequest) =>
  ({ officer, employer })[String(request.headers['x-test-user'])] ?? null;
const as = (who: 'officer' | 'employer') => ({ 'x-test-user': who });

let failing = new Set<number>();
const registry = await startRegistrySimulator({ count: 250, failPage: (p) => failing.has(p), delayMs: 30 });
let t: TestApp;

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const status = async () =>
  (await t.request({ url: '/api/Bussiness/synchronize-status', headers: as('officer') })).json();
const businessCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('business')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  process.env.SYNC_RETRY_DELAY_SECONDS = '1';
  process.env.SYNC_LEASE_SECONDS = '30';
  t = await createTestApp({ syncSourceUrl: registry.url, demoData: false }, { resolvePrincipal });
  await t.app.jobs.start();
});
afterAll(async () => {
  await t.close();
  await registry.close();
});

describe('business registry synchronisation', () => {
  it('is refused to anonymous callers and to users without the feature', async () => {
    expect((await t.request({ method: 'POST', url: '/api/Bussiness/synchronize-dak-nong' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/Bussiness/synchronize-dak-nong', headers: as('employer') }))
        .statusCode,
    ).toBe(403);
  });

  it('lists the registry without accents and marks what is already in the portal', async () => {
    const name = registry.simulator.businesses[0]!.name;
    const keyword = name
      .split(' ')
      .slice(-1)[0]!
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd');
    const res = await t.request({
      url: `/api/Bussiness/list-bussiness-dak-nong?pageSize=5&keyWord=${encodeURIComponent(keyword)}`,
      headers: as('officer'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalRecord).toBeGreaterThan(0);
    expect(body.pageLists.every((b: { isSynced: boolean }) => b.isSynced === false)).toBe(true);
  });

  it('synchronises every employer with progress, survives a failing page, and never duplicates', async () => {
    failing = new Set([2]); // the registry fails on page 2 once; the run retries after a delay
    setTimeout(() => (failing = new Set()), 700);
    const start = await t.request({
      method: 'POST',
      url: '/api/Bussiness/synchronize-dak-nong',
      headers: as('officer'),
    });
    expect(start.statusCode).toBe(202);
    expect(start.json().status).toBe('queued');

    const again = await t.request({
      method: 'POST',
      url: '/api/Bussiness/synchronize-dak-nong',
      headers: as('officer'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SYNC_ALREADY_RUNNING');

    const done = await waitFor(status, (s) => s.run?.status === 'completed');
    expect(done.run).toMatchObject({ status: 'completed', total: 250, done: 250, failed: 0, created: 250, updated: 0 });
    expect(done.run.finishedAt).not.toBeNull();
    expect(await businessCount()).toBe(250);

    // A second full run updates the same 250 employers.
    await t.request({ method: 'POST', url: '/api/Bussiness/synchronize-dak-nong', headers: as('officer') });
    const second = await waitFor(status, (s) => s.run?.status === 'completed' && s.run.updated === 250);
    expect(second.run).toMatchObject({ created: 0, updated: 250 });
    expect(await businessCount()).toBe(250);
    const sample = registry.simulator.businesses[10]!;
    const row = await t.database.db
      .selectFrom('business')
      .selectAll()
      .where('code', '=', sample.taxCode)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: sample.name,
      source: 'registry',
      representative_name: sample.representative.fullName,
    });
  });

  it('synchronises a chosen list and reports tax codes the registry does not know', async () => {
    const codes = [registry.simulator.businesses[3]!.taxCode, '5800000000'];
    const bad = await t.request({
      method: 'POST',
      url: '/api/Bussiness/synchronize-dak-nong-with-list',
      headers: as('officer'),
      payload: ['12'],
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.request({
      method: 'POST',
      url: '/api/Bussiness/synchronize-dak-nong-with-list',
      headers: as('officer'),
      payload: { taxCodes: codes },
    });
    expect(res.statusCode).toBe(202);
    const done = await waitFor(status, (s) => s.run?.kind === 'list' && s.run.status === 'completed');
    expect(done.run).toMatchObject({ total: 2, done: 1, failed: 1 });
    expect(done.run.errors).toEqual([{ taxCode: '5800000000', message: 'NOT_IN_REGISTRY' }]);
  });

  it('resumes an interrupted run after a restart without counting a page twice', async () => {
    await t.app.jobs.stop(); // only the two "processes" below work the queue
    const slow = await startRegistrySimulator({ count: 600, delayMs: 150, seed: 'restart' });
    const first = await buildApp({
      config: { ...t.config, syncSourceUrl: slow.url },
      database: t.database,
      logger: false,
      resolvePrincipal,
    });
    await first.ready();
    await first.jobs.start();
    const started = await first.inject({
      method: 'POST',
      url: '/api/Bussiness/synchronize-dak-nong',
      headers: as('officer'),
    });
    expect(started.statusCode).toBe(202);
    const runId = started.json().id as string;
    const progress = () =>
      t.database.db.selectFrom('business_sync_run').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    await waitFor(progress, (r) => r.done >= 100);
    await first.close(); // shutdown in the middle: the run stops between pages and releases its lease
    const mid = await progress();
    expect(mid.status).toBe('running');
    expect(mid.done).toBeLessThan(600);

    const second = await buildApp({
      config: { ...t.config, syncSourceUrl: slow.url },
      database: t.database,
      logger: false,
      resolvePrincipal,
    });
    await second.ready();
    await second.jobs.start(); // re-enqueues the unfinished run
    const end = await waitFor(progress, (r) => r.status === 'completed', 60_000);
    expect(end).toMatchObject({ status: 'completed', total: 600, done: 600, failed: 0 });
    await second.close();
    await slow.close();
    // Both registries draw tax codes from the same sequence: the first 250 were already in the portal and
    // were updated, not duplicated.
    expect(end.created + end.updated).toBe(600);
    expect(await businessCount()).toBe(600);
  }, 90_000);
});
