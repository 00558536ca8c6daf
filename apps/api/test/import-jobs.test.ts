import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { registerCatalogHooks } from '../src/catalog/hooks.ts';
import { IMPORT_BACKGROUND_ROWS, IMPORT_RUN_KEEP_DAYS, purgeImportRuns } from '../src/catalog/import-runs.ts';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, token, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * Large catalogue imports run in the background (202, then a status to poll, owner only), and each user has one
 * import at a time (429 for a second one, other users unaffected, the slot always released).
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const c = catalogRegistry.get('targetTraining');
const importUrl = api(c, c.paths.import);
const LARGE = IMPORT_BACKGROUND_ROWS + 1;

/**
 * A gate the department user's import stops at (its first valid row, as the import's hooks see it), so a test
 * can act while that import is surely in progress.
 */
let gate: { reached: Promise<void>; reach: () => void; open: () => void; opened: Promise<void> } | null = null;
function closeGate(): NonNullable<typeof gate> {
  let reach = () => {};
  let open = () => {};
  const reached = new Promise<void>((r) => (reach = r));
  const opened = new Promise<void>((r) => (open = r));
  gate = { reached, reach, open, opened };
  return gate;
}
registerCatalogHooks('targetTraining', {
  beforeChange: async ({ ctx }) => {
    const g = gate;
    if (!g || ctx.principal?.userName !== 'so.ldtbxh') return;
    g.reach();
    await g.opened;
  },
});

const rowsOf = (tag: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    code: `${tag}-${String(from + i).padStart(5, '0')}`,
    name: `Nhóm ${tag} ${from + i}`,
    trainingHours: 8,
    refresherYears: 2,
  }));

const send = (who: Who, rows: unknown, options: { dryRun?: boolean; lang?: string } = {}) =>
  t.request({
    method: 'POST',
    url: importUrl,
    headers: { ...t.as(who), 'accept-language': options.lang ?? 'vi' },
    ...(options.dryRun ? { query: { dryRun: 'true' } } : {}),
    payload: rows as object,
  });

interface Run {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  stage: 'checking' | 'saving' | null;
  total: number;
  done: number;
  created: number | null;
  updated: number | null;
  data: { isSuccess: boolean; action: string | null; code?: string }[] | null;
  error: { code: string; message: string } | null;
}

const status = (runId: string, who: Who = 'department') =>
  t.request({ url: `/api/Import/run/${runId}`, headers: t.as(who) });

async function until(runId: string, ok: (run: Run) => boolean, ms = 120_000): Promise<Run> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await status(runId);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const run = res.json() as Run;
    if (ok(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (run: Run) => run.status === 'done' || run.status === 'failed';

const countTagged = async (tag: string) =>
  (
    await t.request({
      url: api(c, c.paths.list),
      query: { keyWord: tag, pageSize: '1' },
      headers: t.as('department'),
    })
  ).json().totalRecord as number;

describe('large imports in the background', () => {
  let runId = '';
  const tag = token();

  it('answers 202 with a run for a save above the threshold, and keeps smaller saves synchronous', async () => {
    const small = await send('department', rowsOf(tag, 10));
    expect(small.statusCode, small.body.slice(0, 300)).toBe(200);
    expect(small.json().created).toBe(10);

    const g = closeGate();
    const res = await send('department', rowsOf(tag, LARGE));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    runId = (res.json() as { runId: string }).runId;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    // Held inside its rows: the status shows the run at work, with its progress.
    await g.reached;
    const running = (await status(runId)).json() as Run;
    expect(running).toMatchObject({ id: runId, status: 'running', stage: 'checking', total: LARGE, data: null });
    expect(running.done).toBeGreaterThanOrEqual(0);
    expect(running.done).toBeLessThan(LARGE);
    gate = null;
    g.open();

    const done = await until(runId, finished);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'done', total: LARGE, done: LARGE, created: LARGE - 10, updated: 10 });
    expect(done.data).toHaveLength(LARGE);
    expect(done.data!.every((r) => r.isSuccess)).toBe(true);
    expect(done.data!.filter((r) => r.action === 'update')).toHaveLength(10);
    expect(done.data![0]!.code).toBe(`${tag}-00000`);
    expect(await countTagged(tag)).toBe(LARGE);
    // The rows sent are not kept once the run has ended.
    const stored = await t.database.db
      .selectFrom('catalog_import_run')
      .select(['pieces', 'user_id', 'area'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(stored.area).toBe(c.area);
    // Kept in pieces of a few thousand rows while it ran; only the verdicts' pieces remain.
    expect(stored.pieces).toBe(Math.ceil(LARGE / 2_000));
    const pieces = await t.database.db
      .selectFrom('catalog_import_run_piece')
      .select(['kind', 'piece'])
      .where('run_id', '=', runId)
      .orderBy('piece')
      .execute();
    expect(pieces.map((p) => p.kind)).toEqual(Array.from({ length: Math.ceil(LARGE / 2_000) }, () => 'result'));
  });

  it('shows the run to its owner and an administrator only', async () => {
    expect((await status(runId, 'admin')).statusCode).toBe(200);
    for (const who of ['reader', 'employerA', 'districtA'] as const) {
      const res = await status(runId, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.request({ url: `/api/Import/run/${runId}` })).statusCode).toBe(401);
  });

  it('answers 400 for a malformed run id and 404 for an unknown one', async () => {
    const bad = await status('not-a-run');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const unknown = await status(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('reports a run that fails with its error, and stores nothing of it', async () => {
    const failTag = token();
    const g = closeGate();
    const res = await send('department', rowsOf(failTag, LARGE));
    expect(res.statusCode).toBe(202);
    const runId = (res.json() as { runId: string }).runId;
    await g.reached;
    // Someone else stores one of the file's codes while the run checks its rows: the run's write collides.
    const meanwhile = await send('admin', rowsOf(failTag, 1, 7));
    expect(meanwhile.statusCode, meanwhile.body.slice(0, 300)).toBe(200);
    gate = null;
    g.open();
    const run = await until(runId, finished);
    expect(run).toMatchObject({
      status: 'failed',
      data: null,
      error: { code: 'IMPORT_CONFLICT', message: translate('vi', 'catalog:errors.IMPORT_CONFLICT') },
    });
    expect(await countTagged(failTag)).toBe(1);
  });
});

describe('one import at a time per user', () => {
  it('refuses a second import while the user’s background run is unfinished; other users go on', async () => {
    const tag = token();
    const g = closeGate();
    const res = await send('department', rowsOf(tag, LARGE));
    expect(res.statusCode).toBe(202);
    const runId = (res.json() as { runId: string }).runId;
    await g.reached;

    const second = await send('department', rowsOf(token(), 3), { dryRun: true });
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toMatchObject({
      code: 'IMPORT_BUSY',
      message: translate('vi', 'catalog:errors.IMPORT_BUSY'),
    });
    const english = await send('department', rowsOf(token(), 3), { lang: 'en' });
    expect(english.statusCode).toBe(429);
    expect(english.json().error.message).toBe(translate('en', 'catalog:errors.IMPORT_BUSY'));
    expect(english.json().error.message).not.toBe(second.json().error.message);

    const other = await send('admin', rowsOf(token(), 3));
    expect(other.statusCode, other.body.slice(0, 300)).toBe(200);
    expect(other.json().created).toBe(3);

    gate = null;
    g.open();
    expect((await until(runId, finished)).status).toBe('done');
    const after = await send('department', rowsOf(token(), 3), { dryRun: true });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a second request while the user’s first is being checked', async () => {
    const g = closeGate();
    const first = send('department', rowsOf(token(), 5), { dryRun: true });
    await g.reached;
    const second = await send('department', rowsOf(token(), 5), { dryRun: true });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('IMPORT_BUSY');
    const other = await send('employerA', rowsOf(token(), 5), { dryRun: true });
    expect(other.statusCode).not.toBe(429);
    gate = null;
    g.open();
    expect((await first).statusCode).toBe(200);
    expect((await send('department', rowsOf(token(), 5), { dryRun: true })).statusCode).toBe(200);
  });

  it('releases the slot when an import is refused', async () => {
    const tooMany = await send(
      'department',
      Array.from({ length: 50_001 }, () => ({})),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('TOO_MANY_ROWS');
    const forbidden = await send('reader', rowsOf(token(), 2), { dryRun: true });
    expect(forbidden.statusCode).toBe(403);
    const next = await send('department', rowsOf(token(), 2), { dryRun: true });
    expect(next.statusCode).toBe(200);
    expect((await send('reader', rowsOf(token(), 2), { dryRun: true })).statusCode).toBe(403);
  });
});

describe('on the job queue', () => {
  it('as the only instance, takes over at start a run a stopped process left running (its lease not yet lapsed); then runs new ones on the queue', async () => {
    const admin = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(user_name)`, '=', 'admin')
      .executeTakeFirstOrThrow();
    const tag = token();
    const rows = rowsOf(tag, 3);
    const left = await t.database.db
      .insertInto('catalog_import_run')
      .values({
        user_id: admin.id,
        area: c.area,
        status: 'running',
        lang: 'vi',
        presets: '{}',
        total: rows.length,
        pieces: 1,
        lease_owner: 'a-stopped-process',
        // Last renewed 100 s ago: the lease would keep it another 200 s.
        lease_until: new Date(Date.now() + 200_000),
        started_at: new Date(Date.now() - 120_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('catalog_import_run_piece')
      .values({ run_id: left.id, kind: 'rows', piece: 0, body: JSON.stringify(rows) })
      .execute();

    // Until then its owner reads that it was interrupted and when it resumes by itself, not "running, 0 done".
    const before = (await status(left.id, 'admin')).json();
    expect(before).toMatchObject({ status: 'running', interrupted: true });
    expect(Date.parse(before.resumesAt)).toBeGreaterThan(Date.now() + 100_000);

    await t.app.jobs.start();
    const deadline = Date.now() + 60_000;
    let resumed;
    do {
      await new Promise((r) => setTimeout(r, 200));
      resumed = await t.database.db
        .selectFrom('catalog_import_run')
        .select(['status', 'created', 'error'])
        .where('id', '=', left.id)
        .executeTakeFirstOrThrow();
    } while (resumed.status === 'running' && Date.now() < deadline);
    expect(resumed).toEqual({ status: 'done', created: 3, error: null });
    expect(await countTagged(tag)).toBe(3);

    const queuedTag = token();
    const res = await send('department', rowsOf(queuedTag, LARGE));
    expect(res.statusCode).toBe(202);
    const run = await until((res.json() as { runId: string }).runId, finished);
    expect(run).toMatchObject({ status: 'done', created: LARGE, updated: 0 });
    expect(await countTagged(queuedTag)).toBe(LARGE);
  });

  it('purges finished runs after some days', async () => {
    const old = await t.database.db
      .insertInto('catalog_import_run')
      .values({
        user_id: randomUUID(),
        area: c.area,
        status: 'done',
        lang: 'vi',
        total: 0,
        finished_at: new Date(Date.now() - (IMPORT_RUN_KEEP_DAYS + 1) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.database.db.selectFrom('catalog_import_run').select('id').execute();
    expect(await purgeImportRuns(t.database.db)).toBe(1);
    const after = await t.database.db.selectFrom('catalog_import_run').select('id').execute();
    expect(after.map((r) => r.id).sort()).toEqual(
      before
        .map((r) => r.id)
        .filter((id) => id !== old.id)
        .sort(),
    );
  });
});
