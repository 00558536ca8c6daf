import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { translate, toLanguage } from '@portal/domain/i18n';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import type { Principal } from '../platform/access/index.ts';
import { loadPrincipal } from '../platform/auth/principal.ts';
import { AppError, errorBodySchema, notFound } from '../platform/errors/app-error.ts';
import { stringifyInTurns } from '../platform/turns/index.ts';
import { assertCan, catalogError, type OpContext } from './context.ts';
import { importRows } from './import.ts';
import { catalogOperations } from './operations.ts';
import { catalogRegistry } from './registry.ts';
import { importResponseSchema } from './schemas.ts';

/**
 * Large catalogue imports in the background. A save of more rows than IMPORT_BACKGROUND_ROWS is stored as a run
 * (its rows included), answered 202 at once and imported on the job queue, one transaction per part; the page
 * polls the run. Each user has one import at a time: a check slice, a save, or an unfinished run.
 */

/** Saves of more rows than this run in the background: up to one check slice of the page answers at once. */
export const IMPORT_BACKGROUND_ROWS = 5_000;
/** Finished runs (their verdicts included) are kept this long for their owner to read, then purged. */
export const IMPORT_RUN_KEEP_DAYS = 7;
export const IMPORT_QUEUE = 'catalog-import';
export const IMPORT_PURGE_QUEUE = 'catalog-import-purge';
/** Every day at 03:15, Vietnam time. */
const PURGE_CRON = '15 3 * * *';
/**
 * How long a run is this instance's without a sign of life; renewed every LEASE_RENEW_MS while it works. A run
 * whose lease ran out was left by a stopped process and is run again (its rows are in the run, and the import
 * updates by code, so running it twice stores the same records).
 */
const LEASE_SECONDS = 300;
const LEASE_RENEW_MS = 30_000;
/** A lease with less than this left was not renewed for two periods: its instance is gone. */
const STALE_AFTER_SECONDS = LEASE_SECONDS - (2 * LEASE_RENEW_MS) / 1000;
const workerId = randomUUID();
/** Rows (or verdicts) per stored piece: one statement each, short enough that other requests get in between. */
const PIECE_ROWS = 2_000;

type Db = FastifyInstance['db'];

/** Stores a list as pieces of PIECE_ROWS, one statement each. */
async function storePieces(db: Db, runId: string, kind: 'rows' | 'result', items: readonly unknown[]): Promise<number> {
  let piece = 0;
  for (let from = 0; from < items.length; from += PIECE_ROWS) {
    const body = await stringifyInTurns({}, 'items', items.slice(from, from + PIECE_ROWS));
    await sql`insert into catalog_import_run_piece (run_id, kind, piece, body)
      values (${runId}, ${kind}, ${piece++}, (${body}::jsonb -> 'items'))`.execute(db);
  }
  return piece;
}

/** A stored list's pieces as JSON texts, in order, each read by its own statement. */
async function readPieces(db: Db, runId: string, kind: 'rows' | 'result'): Promise<string[]> {
  const out: string[] = [];
  for (let piece = 0; ; piece++) {
    const found = await sql<{ body: string }>`select body::text as body from catalog_import_run_piece
      where run_id = ${runId} and kind = ${kind} and piece = ${piece}`.execute(db);
    if (!found.rows.length) return out;
    out.push(found.rows[0]!.body);
  }
}

/** The JSON texts of arrays, joined into one array's text (without parsing them). */
const joinArrays = (texts: string[]): string =>
  `[${texts
    .map((t) => t.slice(1, -1).trim())
    .filter(Boolean)
    .join(',')}]`;

export const importRunSchema = z.object({
  id: z.uuid(),
  area: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** What the run is doing now, when the instance answering is the one running it. */
  stage: z.enum(['checking', 'saving']).nullable(),
  /**
   * A running run whose instance stopped (its lease is no longer renewed): it resumes by itself at `resumesAt`,
   * when its lease lapses (at once after a restart when the portal runs as one instance).
   */
  interrupted: z.boolean(),
  resumesAt: z.string().nullable(),
  total: z.number().int(),
  /** Rows through the current stage, scaled to `total`; `total` once done. */
  done: z.number().int(),
  created: z.number().int().nullable(),
  updated: z.number().int().nullable(),
  /** Every row's verdict once done, as the synchronous import answers. */
  data: importResponseSchema.shape.data.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

type Rows = Record<string, unknown>[];

/** A run this instance started or runs: who asked (the request's principal) and, while it works, its progress. */
interface Live {
  principal: Principal | null;
  rows: Rows | null;
  stage: 'checking' | 'saving' | null;
  done: number;
}

export interface ImportRuns {
  /** Runs `fn` as the user's one import; a second one meanwhile is a 429. The slot is released whatever happens. */
  exclusive<T>(principal: Principal | null, fn: () => Promise<T>): Promise<T>;
  /** Stores a run and queues it; answers its id. */
  start(c: ResolvedCatalog, ctx: OpContext, rows: Rows, presets: Record<string, string>): Promise<string>;
}

const busy = () => catalogError(429, 'IMPORT_BUSY');

/** The runs each app (one per database) has in hand: the import route and the status route share them. */
const liveByApp = new WeakMap<object, Map<string, Live>>();
function liveOf(app: FastifyInstance): Map<string, Live> {
  let live = liveByApp.get(app.db);
  if (!live) liveByApp.set(app.db, (live = new Map()));
  return live;
}

export async function purgeImportRuns(db: FastifyInstance['db'], keepDays = IMPORT_RUN_KEEP_DAYS): Promise<number> {
  const gone = await db
    .deleteFrom('catalog_import_run')
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The queue, the start-up resume and the daily purge; the import route uses what it answers. */
export function importRuns(app: FastifyInstance): ImportRuns {
  const db = app.db;
  const live = liveOf(app);
  /** Users with an import request in progress on this instance (unfinished runs are found in the table). */
  const holding = new Set<string>();
  /** Runs started in-process (no job queue): closing waits for them. */
  const inFlight = new Set<Promise<void>>();

  const renew = (runId: string) =>
    db
      .updateTable('catalog_import_run')
      .set({ lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .execute();

  async function processRun(runId: string): Promise<void> {
    const run = await db
      .updateTable('catalog_import_run')
      .set({
        status: 'running',
        lease_owner: workerId,
        lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`,
        started_at: sql<Date>`coalesce(started_at, now())`,
      })
      .where('id', '=', runId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
        ]),
      )
      .returning(['user_id', 'area', 'lang', 'presets', 'total', 'pieces'])
      .executeTakeFirst();
    if (!run) return; // finished, or another live instance runs it
    const state: Live = live.get(runId) ?? { principal: null, rows: null, stage: null, done: 0 };
    live.set(runId, state);
    const lang = toLanguage(run.lang);
    let renewed = Date.now();
    try {
      // Re-run after a restart: the user as they are now (a disabled account's run does not go on).
      const principal = state.principal ?? (await loadPrincipal(db, run.user_id));
      if (!principal) throw new AppError(403, 'FORBIDDEN');
      const c = catalogRegistry.byArea.get(run.area);
      if (!c) throw catalogError(404, 'UNKNOWN_AREA', { area: run.area });
      let rows = state.rows;
      if (!rows) {
        // A run stopped before its rows were all stored cannot be run again: its owner sends the file again.
        if (run.pieces == null) throw new AppError(409, 'CONFLICT');
        rows = [];
        for (const text of await readPieces(db, runId, 'rows')) {
          rows.push(...(JSON.parse(text) as Rows));
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      state.rows = null;
      const outcome = await importRows(catalogOperations(c.key), { db, principal, lang, request: null }, rows, {
        dryRun: false,
        presets: run.presets,
        // Part by part: on the embedded database a long transaction would hold its one connection from everyone.
        inParts: true,
        onProgress: (stage, done, of) => {
          state.stage = stage;
          state.done = of ? Math.min(run.total, Math.round((done / of) * run.total)) : run.total;
          if (Date.now() - renewed < LEASE_RENEW_MS) return;
          renewed = Date.now();
          renew(runId).catch((err: unknown) => app.log.warn({ err, runId }, 'import run lease not renewed'));
        },
      });
      await sql`delete from catalog_import_run_piece where run_id = ${runId} and kind = 'result'`.execute(db);
      await storePieces(db, runId, 'result', outcome.data);
      await sql`delete from catalog_import_run_piece where run_id = ${runId} and kind = 'rows'`.execute(db);
      await db
        .updateTable('catalog_import_run')
        .set({
          status: 'done',
          done: run.total,
          created: outcome.created,
          updated: outcome.updated,
          finished_at: sql<Date>`now()`,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', runId)
        .where('lease_owner', '=', workerId)
        .execute();
    } catch (err) {
      const known = err instanceof AppError ? err : null;
      if (!known) app.log.error({ err, runId }, 'catalogue import run failed');
      await db
        .updateTable('catalog_import_run')
        .set({
          status: 'failed',
          error_code: known?.code ?? 'INTERNAL',
          error: translate(lang, known?.messageKey ?? 'errors:INTERNAL', known?.vars ?? { requestId: runId }),
          finished_at: sql<Date>`now()`,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', runId)
        .where('lease_owner', '=', workerId)
        .execute();
      await sql`delete from catalog_import_run_piece where run_id = ${runId}`.execute(db);
    } finally {
      live.delete(runId);
    }
  }

  app.jobs.define<{ runId: string }>({
    queue: IMPORT_QUEUE,
    // The run records its own failure; a retry only covers a run that could not even record it.
    retryLimit: 1,
    expireInSeconds: 3600,
    handler: ({ runId }) => processRun(runId),
  });
  app.jobs.define<object>({
    queue: IMPORT_PURGE_QUEUE,
    cron: PURGE_CRON,
    retryLimit: 2,
    handler: async () => {
      await purgeImportRuns(db);
    },
  });
  // After a restart: queue every unfinished run again, now or once the lease of the process that had it runs out.
  // As the only instance, a run still leased to another worker was this stopped process's: its lease ends now.
  app.jobs.onStarted(async () => {
    if (app.config.instances === 1)
      await db
        .updateTable('catalog_import_run')
        .set({ lease_until: sql<Date>`now()` })
        .where('status', '=', 'running')
        .where('lease_owner', '<>', workerId)
        .execute();
    const unfinished = await db
      .selectFrom('catalog_import_run')
      .select(['id', 'lease_until'])
      .where('status', 'in', ['queued', 'running'])
      .execute();
    for (const run of unfinished) {
      const startAfter = run.lease_until && run.lease_until > new Date() ? run.lease_until : undefined;
      await app.jobs.send(IMPORT_QUEUE, { runId: run.id }, startAfter ? { startAfter } : {});
    }
  });
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  return {
    async exclusive(principal, fn) {
      const userId = principal?.userId;
      if (!userId) return fn();
      if (holding.has(userId)) throw busy();
      holding.add(userId);
      try {
        const unfinished = await db
          .selectFrom('catalog_import_run')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (unfinished) throw busy();
        return await fn();
      } finally {
        holding.delete(userId);
      }
    },

    async start(c, ctx, rows, presets) {
      assertCan(ctx, c, 'import');
      const principal = ctx.principal!;
      let runId: string;
      try {
        runId = (
          await db
            .insertInto('catalog_import_run')
            .values({
              user_id: principal.userId,
              area: c.area,
              lang: ctx.lang,
              presets: JSON.stringify(presets),
              total: rows.length,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } catch (err) {
        // The same user's run started on another instance meanwhile.
        if ((err as { code?: string }).code === '23505') throw busy();
        throw err;
      }
      live.set(runId, { principal, rows, stage: null, done: 0 });
      try {
        // Kept for a run again after a restart; in pieces, so the embedded database is never held for long.
        const pieces = await storePieces(db, runId, 'rows', rows);
        await db.updateTable('catalog_import_run').set({ pieces }).where('id', '=', runId).execute();
        if (app.jobs.started) await app.jobs.send(IMPORT_QUEUE, { runId }, { singletonKey: runId });
        else {
          // No job queue in this process (the API tests): run here, once the answer has gone.
          const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
            .then(() => processRun(runId))
            .catch((err: unknown) => app.log.error({ err, runId }, 'catalogue import run failed'))
            .finally(() => inFlight.delete(running));
          inFlight.add(running);
        }
      } catch (err) {
        live.delete(runId);
        await db
          .updateTable('catalog_import_run')
          .set({
            status: 'failed',
            error_code: 'INTERNAL',
            error: translate(ctx.lang, 'errors:INTERNAL', { requestId: runId }),
            finished_at: sql<Date>`now()`,
          })
          .where('id', '=', runId)
          .execute();
        await sql`delete from catalog_import_run_piece where run_id = ${runId}`.execute(db);
        throw err;
      }
      return runId;
    },
  };
}

/**
 * The status of a background run, for its owner (or an administrator); anyone else finds nothing. Registered
 * after every module's routes, apart from the import itself.
 */
export const importRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  app.get(
    '/api/Import/run/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['Import'],
        summary: 'A background catalogue import: status, progress, and every row’s verdict once done (its owner only)',
        params: z.object({ id: z.uuid() }),
        response: {
          200: importRunSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const live = liveOf(app);
      const principal = request.principal!;
      const row = await db
        .selectFrom('catalog_import_run')
        .select([
          'id',
          'user_id',
          'area',
          'status',
          'total',
          'done',
          'created',
          'updated',
          'error_code',
          'error',
          'requested_at',
          'started_at',
          'finished_at',
          'lease_until',
          sql<boolean>`lease_until < now() + make_interval(secs => ${STALE_AFTER_SECONDS})`.as('stale'),
        ])
        .where('id', '=', (request.params as { id: string }).id)
        .executeTakeFirst();
      // Someone else's run is not there at all for the caller.
      if (!row || (row.user_id !== principal.userId && principal.role !== 'admin')) throw notFound();
      // Progress lives in memory on the instance running the run (told at every hand-back, too often to write);
      // the table has the final state.
      const progress = row.status === 'running' ? live.get(row.id) : undefined;
      // Not renewed for two renewal periods and not run here: the instance that had it has stopped.
      const interrupted = row.status === 'running' && !progress && row.stale === true;
      const head = {
        id: row.id,
        area: row.area,
        status: row.status,
        stage: progress?.stage ?? null,
        interrupted,
        resumesAt: interrupted && row.lease_until ? row.lease_until.toISOString() : null,
        total: row.total,
        done: progress?.done ?? row.done,
        created: row.created,
        updated: row.updated,
        error: row.error_code ? { code: row.error_code, message: row.error ?? '' } : null,
        requestedAt: row.requested_at.toISOString(),
        startedAt: row.started_at?.toISOString() ?? null,
        finishedAt: row.finished_at?.toISOString() ?? null,
      };
      if (row.status !== 'done') return { ...head, data: null };
      // Tens of thousands of verdicts: passed on as the stored texts, piece by piece, not parsed and written again.
      const data = joinArrays(await readPieces(db, row.id, 'result'));
      // Sent as text, the answer skips the serializer: its shape is importRunSchema's.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`${JSON.stringify(head).slice(0, -1)},"data":${data}}`);
    },
  );
};
