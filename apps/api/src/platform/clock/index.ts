import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { todayInVietnam } from '@portal/domain/dates';

/**
 * The portal's one clock: what "today" is for due dates, reminders and workspace counts. In production it is the
 * machine's time in Vietnam. A server started with TEST_CLOCK=1 lets an administrator move it (`PUT
 * /api/Test/clock`), so a browser test can walk a machine past its due date; every daily task registered with
 * `onNewDay` then runs for the new day before the call answers, as the nightly job would.
 */
let offsetMs = 0;
/**
 * Each app's own tasks (tests run several apps in one process), keyed by its configuration: the one object every
 * plugin context of an app shares.
 */
const dailyTasks = new WeakMap<object, Map<string, (today: string) => Promise<unknown>>>();

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  today: (): string => todayInVietnam(new Date(Date.now() + offsetMs)),
};

/** A task the nightly jobs run for each new day (reminders, overdue notices); idempotent by key. */
export function onNewDay(app: FastifyInstance, key: string, task: (today: string) => Promise<unknown>): void {
  const tasks = dailyTasks.get(app.config) ?? new Map<string, (today: string) => Promise<unknown>>();
  tasks.set(key, task);
  dailyTasks.set(app.config, tasks);
}

export async function runDailyTasks(app: FastifyInstance, today = clock.today()): Promise<void> {
  for (const task of dailyTasks.get(app.config)?.values() ?? []) await task(today);
}

/** Only under TEST_CLOCK: never in the OpenAPI document of a real installation. */
export const testClockRoutes: FastifyPluginAsync = fp(async (app) => {
  if (!app.config.testClock) return;
  app.put(
    '/api/Test/clock',
    {
      config: { permission: 'Configuration.update' },
      schema: {
        hide: true,
        body: z.object({ today: z.iso.date().nullable() }),
      },
    },
    async (request) => {
      const { today } = request.body as { today: string | null };
      offsetMs = today ? Date.parse(`${today}T12:00:00+07:00`) - Date.now() : 0;
      await runDailyTasks(app);
      await app.notifier.deliver();
      return { today: clock.today() };
    },
  );
});
