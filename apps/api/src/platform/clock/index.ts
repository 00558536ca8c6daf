import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { todayInVietnam } from '@portal/domain/permits/rules';

/**
 * The portal's one clock: what "today" is for due dates, reminders and workspace counts. In production it is the
 * machine's time in Vietnam. A server started with TEST_CLOCK=1 lets an administrator move it (`PUT
 * /api/Test/clock`), so a browser test can walk a machine past its due date; every daily task registered with
 * `onNewDay` then runs for the new day before the call answers, as the nightly job would.
 */
let offsetMs = 0;
const dailyTasks = new Map<string, (today: string) => Promise<unknown>>();

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  today: (): string => todayInVietnam(new Date(Date.now() + offsetMs)),
};

/** A task the nightly jobs run for each new day (reminders, overdue notices); idempotent by key. */
export function onNewDay(key: string, task: (today: string) => Promise<unknown>): void {
  dailyTasks.set(key, task);
}

export async function runDailyTasks(today = clock.today()): Promise<void> {
  for (const task of dailyTasks.values()) await task(today);
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
      await runDailyTasks();
      await app.notifier.deliver();
      return { today: clock.today() };
    },
  );
});
