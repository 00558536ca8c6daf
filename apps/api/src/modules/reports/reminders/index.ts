import type { FastifyPluginAsync } from 'fastify';
import { defineModule } from '../../define.ts';
import routes from './routes.ts';
import { defineReportReminderJob } from './run.ts';
import { reminderWorkspaceTasks } from './workspace.ts';

export { runReportReminders, REPORT_REMINDER_QUEUE } from './run.ts';

/**
 * Periodic reports' reminders: the daily job that tells reporters of reports due and overdue by the reminder
 * schedule (run.ts), each reporter's due-reports calendar feed (feed.ts), and the report tasks of the workspaces
 * (workspace.ts).
 */
const reminders: FastifyPluginAsync = async (app) => {
  defineReportReminderJob(app);
  await app.register(routes);
};

export default defineModule({
  name: 'report-reminders',
  plugin: reminders,
  workspace: { tasks: reminderWorkspaceTasks },
});
