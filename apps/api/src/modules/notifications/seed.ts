import { clock } from '../../platform/clock/index.ts';
import { loadPrincipal } from '../../platform/auth/principal.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_ACCOUNTS } from '../accounts/index.ts';
import { workspaceOf } from '../workspace/index.ts';

const KIND = 'tasksWaiting';

/**
 * The demo province's records were seeded, not moved through the portal, so no move told anyone: each demo
 * account is told, once, of every task its workspace counts (the same providers, in its own scope), and finds
 * its bell ringing at the first sign-in. Written as the notifier writes a portal notification (the demo users
 * have no preferences and the kind's default channel is the portal); the notifier's sweep pushes them.
 */
export const demoTaskNotifications: SeedStep = {
  name: 'notifications: demo accounts told of their waiting tasks',
  kind: 'demo',
  // After every domain's demo records.
  order: 900,
  async run({ db }) {
    const users = await db
      .selectFrom('app_user')
      .select(['id', 'user_name'])
      .where(
        'user_name',
        'in',
        DEMO_ACCOUNTS.map((a) => a.userName),
      )
      .where('deleted_at', 'is', null)
      .execute();
    const today = clock.today();
    for (const user of users) {
      const told = await db
        .selectFrom('notification')
        .select('id')
        .where('user_id', '=', user.id)
        .where('kind', '=', KIND)
        .executeTakeFirst();
      if (told) continue;
      const principal = await loadPrincipal(db, user.id);
      if (!principal) continue;
      const { tasks } = await workspaceOf({ db, principal, today });
      const waiting = tasks.filter((t) => t.count > 0);
      if (!waiting.length) continue;
      await db
        .insertInto('notification')
        .values(
          waiting.map((t) => ({
            user_id: user.id,
            kind: KIND,
            params: JSON.stringify({ taskKey: t.titleKey, count: t.count }),
            link: t.link,
            sender_id: null,
            channel: 'portal' as const,
          })),
        )
        .execute();
    }
  },
};
