import type { FastifyPluginAsync } from 'fastify';
import notificationRoutes from './routes.ts';
import { defineDigestJob } from './digest.ts';
import { defineModule } from '../define.ts';
import { demoTaskNotifications } from './seed.ts';

export type { NotifyOptions, Recipients } from './service.ts';

/**
 * Notifications: each user's list, their preferences and the daily digest. The one notify service every module
 * uses is `app.notifier` (service.ts, registered with the platform in app.ts so every module sees it).
 */
const notifications: FastifyPluginAsync = async (app) => {
  defineDigestJob(app);
  await app.register(notificationRoutes);
};

export default defineModule({ name: 'notifications', plugin: notifications, seeds: [demoTaskNotifications] });
