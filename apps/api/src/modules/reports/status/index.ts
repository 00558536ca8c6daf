import type { FastifyPluginAsync } from 'fastify';
import { defineModule } from '../../define.ts';
import publicRoutes from './public.ts';
import { defineStatusCheckJob } from './rollup.ts';
import routes from './routes.ts';

/**
 * How periodic reports stand (issue #25): for a report type and period, the counts and rates of filing.ts in all,
 * by commune and by sector, down to each expected reporter; the department's consolidated report from the accepted
 * submissions (page, PDF, spreadsheet); and the public look-ups of the rates and of the employers that filed on
 * time, late or not at all. The facts are kept by database triggers (migration 0040) in the writes' transactions,
 * whoever writes, and checked every night.
 */
const reportStatus: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(publicRoutes);
  defineStatusCheckJob(app);
};

export default defineModule({ name: 'report-status', plugin: reportStatus });

// What other modules use of the status: the counts of one (type, period), the rollup check, and where a report
// stands said in SQL (the reminders' workspace counts).
export { statusOf, type StatusAnswer, type Viewer } from './status.ts';
export { checkStatusRollup } from './rollup.ts';
export { statusCondition } from './counts.ts';
