import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { toLanguage, translate, type Language } from '@portal/domain/i18n';
import { AppError } from '../errors/app-error.ts';

/**
 * Background work a user asks for and follows: a run row (migration 0046's `job_run`) with its progress, then its
 * answer or its error; the work on the job queue; the caller polls the run. The pattern of the archive exports and
 * the business-registry sync, written once for the runs after them:
 * - asking again for the same work (same kind and key) while a run is unfinished answers that run (a unique index
 *   keeps it to one, whichever instance is asked);
 * - a run is claimed with a lease, renewed as it reports progress; a run left by a stopped process is done again
 *   from the start once its lease runs out (the work must be idempotent);
 * - without a job queue in the process (the API tests), the run is made in-process once the answer has gone, and
 *   closing the app waits for it.
 */
export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunView<R> {
  id: string;
  status: RunStatus;
  /** Steps of the work (its own unit), and those done. */
  total: number;
  done: number;
  /** The work's answer once done. */
  result: R | null;
  error: { code: string; message: string } | null;
  requestedAt: string;
  finishedAt: string | null;
}

/** The answer schema of a run whose result is `result`. */
export const runSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    id: z.string(),
    status: z.enum(RUN_STATUSES),
    total: z.number().describe('steps of the work'),
    done: z.number().describe('steps done'),
    result: result.nullable().describe('the answer, once done'),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    requestedAt: z.string(),
    finishedAt: z.string().nullable(),
  });

export interface RunProgress {
  /** `done` steps of `total` are done (written to the run, which also renews its lease). */
  report(done: number, total: number): Promise<void>;
}

export interface RunKindDefinition<P extends object, R> {
  /** Names the runs and their queue (`runs.<kind>`). */
  kind: string;
  work: (params: P, progress: RunProgress) => Promise<R>;
  /** How long one run may take before its lease (and the queue's job) is taken as lost. */
  leaseSeconds?: number;
}

export interface RunKind<P extends object, R> {
  /** Queues the work of `key`, or answers the unfinished run of the same key. */
  start(key: string, params: P, by: { userId: string | null; lang: Language }): Promise<RunView<R>>;
  /** A run of this kind, or null. */
  get(id: string): Promise<RunView<R> | null>;
}

interface RunRow {
  id: string;
  status: RunStatus;
  total: number;
  done: number;
  result: unknown;
  error_code: string | null;
  error: string | null;
  requested_at: Date;
  finished_at: Date | null;
}

const COLUMNS = sql`id::text as id, status, total, done, result, error_code, error, requested_at, finished_at`;
const workerId = randomUUID();

const viewOf = <R>(r: RunRow): RunView<R> => ({
  id: r.id,
  status: r.status,
  total: r.total,
  done: r.done,
  result: (r.result ?? null) as R | null,
  error: r.error_code ? { code: r.error_code, message: r.error ?? '' } : null,
  requestedAt: new Date(r.requested_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

export function defineRunKind<P extends object, R>(
  app: FastifyInstance,
  definition: RunKindDefinition<P, R>,
): RunKind<P, R> {
  const { kind } = definition;
  const queue = `runs.${kind}`;
  const lease = definition.leaseSeconds ?? 900;
  const leaseUntil = sql<Date>`now() + make_interval(secs => ${lease})`;
  /** Runs made in-process (no job queue in this process); closing waits for them. */
  const inFlight = new Set<Promise<void>>();

  const finish = (id: string, values: RawBuilder<unknown>) =>
    sql`update job_run set ${values}, finished_at = now(), lease_owner = null, lease_until = null
      where id = ${id}::uuid and lease_owner = ${workerId}`.execute(app.db);

  async function processRun(id: string): Promise<void> {
    const claimed = await sql<{ params: P; lang: string }>`update job_run
      set status = 'running', done = 0, lease_owner = ${workerId}, lease_until = ${leaseUntil},
        started_at = coalesce(started_at, now())
      where id = ${id}::uuid and kind = ${kind}
        and (status = 'queued' or (status = 'running' and lease_until < now()))
      returning params, lang`.execute(app.db);
    const run = claimed.rows[0];
    if (!run) return; // finished, or another live instance makes it
    const progress: RunProgress = {
      report: async (done, total) => {
        await sql`update job_run set done = ${done}, total = ${total}, lease_until = ${leaseUntil}
          where id = ${id}::uuid and lease_owner = ${workerId}`.execute(app.db);
      },
    };
    try {
      const result = await definition.work(run.params, progress);
      await finish(id, sql`status = 'done', done = total, result = ${JSON.stringify(result)}::jsonb`);
    } catch (err) {
      const known = err instanceof AppError ? err : null;
      if (!known) app.log.error({ err, kind, runId: id }, 'background run failed');
      const message = translate(
        toLanguage(run.lang),
        known?.messageKey ?? 'errors:INTERNAL',
        known?.vars ?? { requestId: id },
      );
      await finish(id, sql`status = 'failed', error_code = ${known?.code ?? 'INTERNAL'}, error = ${message}`);
    }
  }

  app.jobs.define<{ runId: string }>({
    queue,
    // The run records its own failure; a retry only covers a run that could not even record it.
    retryLimit: 1,
    expireInSeconds: lease,
    handler: ({ runId }) => processRun(runId),
  });
  // After a restart: the unfinished runs again, now or once the lease of the process that had them runs out.
  app.jobs.onStarted(async () => {
    const unfinished = await sql<{ id: string; lease_until: Date | null }>`select id::text as id, lease_until
      from job_run where kind = ${kind} and status in ('queued', 'running')`.execute(app.db);
    for (const run of unfinished.rows) {
      const startAfter = run.lease_until && run.lease_until > new Date() ? run.lease_until : undefined;
      await app.jobs.send(queue, { runId: run.id }, startAfter ? { startAfter } : {});
    }
  });
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  const unfinished = async (key: string) =>
    (
      await sql<RunRow>`select ${COLUMNS} from job_run
        where kind = ${kind} and key = ${key} and status in ('queued', 'running')`.execute(app.db)
    ).rows[0];

  return {
    async start(key, params, by) {
      const running = await unfinished(key);
      if (running) return viewOf<R>(running);
      const inserted = await sql<RunRow>`insert into job_run (kind, key, params, lang, requested_by)
        values (${kind}, ${key}, ${JSON.stringify(params)}::jsonb, ${by.lang}, ${by.userId}::uuid)
        on conflict (kind, key) where status in ('queued', 'running') do nothing
        returning ${COLUMNS}`.execute(app.db);
      const row = inserted.rows[0];
      // Asked meanwhile by someone else (another instance): that run is the answer.
      if (!row) {
        const other = await unfinished(key);
        if (other) return viewOf<R>(other);
        throw new AppError(409, 'CONFLICT');
      }
      if (app.jobs.started) await app.jobs.send(queue, { runId: row.id }, { singletonKey: row.id });
      else {
        const made: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => processRun(row.id))
          .catch((err: unknown) => app.log.error({ err, kind, runId: row.id }, 'background run failed'))
          .finally(() => inFlight.delete(made));
        inFlight.add(made);
      }
      return viewOf<R>(row);
    },

    async get(id) {
      const found = await sql<RunRow>`select ${COLUMNS} from job_run where id = ${id}::uuid and kind = ${kind}`.execute(
        app.db,
      );
      return found.rows[0] ? viewOf<R>(found.rows[0]) : null;
    },
  };
}
