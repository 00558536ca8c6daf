import { PgBoss, type Job, type SendOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';

/**
 * Background work (employer sync, large imports, mail, reminders) on pg-boss in the same database — no
 * extra broker, and on the embedded database it shares PGlite's single connection.
 * Domains `define` their queues while the app is built; `start` (in main.ts, after migrations) creates
 * pg-boss's own schema and begins working. A job that was running when the process stopped is picked up
 * again after its lease expires, so handlers must be resumable (keep progress in the domain's own tables).
 */
export interface JobDefinition<T extends object> {
  queue: string;
  handler: (data: T, job: Job<T>) => Promise<void>;
  /** Retries before the job is marked failed; long jobs keep their own progress. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a job may run before pg-boss considers it lost and retries it. */
  expireInSeconds?: number;
  /** How often an idle worker polls (seconds). */
  pollingIntervalSeconds?: number;
  /** Run on a schedule too (cron, Vietnam time): e.g. '0 7 * * *' every day at 07:00. */
  cron?: string;
}

export interface Jobs {
  define<T extends object>(definition: JobDefinition<T>): void;
  start(): Promise<void>;
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Run once workers are up (e.g. re-enqueue work a previous process left unfinished). */
  onStarted(callback: () => Promise<void>): void;
  readonly started: boolean;
  stop(): Promise<void>;
}

export function createJobs(database: Database, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): Jobs {
  const definitions = new Map<string, JobDefinition<object>>();
  const startedCallbacks: Array<() => Promise<void>> = [];
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  async function start(): Promise<void> {
    const b = new PgBoss({
      db: {
        // pg-boss types rows as any[]; the pool returns them as they are.
        executeSql: async (text: string, values?: unknown[]) => database.pool.query(text, values as unknown[]),
      },
      schema: 'pgboss',
      // Maintenance (archiving, expiring) is cheap; keep it but not too chatty on PGlite.
      maintenanceIntervalSeconds: 60,
    });
    b.on('error', (err: unknown) => log.error({ err }, 'background jobs error'));
    await b.start();
    for (const def of definitions.values()) {
      await b.createQueue(def.queue, {
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelaySeconds ?? 5,
        expireInSeconds: def.expireInSeconds ?? 900,
      });
      await b.work<object>(
        def.queue,
        { pollingIntervalSeconds: def.pollingIntervalSeconds ?? 1, batchSize: 1 },
        async (batch) => {
          for (const job of batch) await def.handler(job.data, job);
        },
      );
      if (def.cron) await b.schedule(def.queue, def.cron, {}, { tz: 'Asia/Ho_Chi_Minh' });
    }
    boss = b;
    for (const callback of startedCallbacks) {
      await callback().catch((err: unknown) => log.error({ err }, 'background jobs start-up task failed'));
    }
  }

  return {
    define(definition) {
      if (boss) throw new Error(`queue ${definition.queue} defined after start`);
      definitions.set(definition.queue, definition as JobDefinition<object>);
    },
    onStarted(callback) {
      startedCallbacks.push(callback);
    },
    start() {
      starting ??= start();
      return starting;
    },
    get started() {
      return boss !== undefined;
    },
    async send(queue, data, options) {
      if (!definitions.has(queue)) throw new Error(`unknown queue ${queue}`);
      // Not `await start()` when running: start-up callbacks send from inside start().
      if (!boss) await this.start();
      return boss!.send(queue, data, options ?? {});
    },
    async stop() {
      if (starting) await starting.catch(() => undefined);
      if (!boss) return;
      const b = boss;
      boss = undefined;
      await b.stop({ graceful: true, timeout: 5000, close: false });
    },
  };
}
