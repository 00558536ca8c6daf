import type { FastifyPluginAsync } from 'fastify';
import { clock, onNewDay } from '../../platform/clock/index.ts';
import { defineModule } from '../define.ts';
import { openDuePeriods } from './expected.ts';
import { reportHooks } from './hooks.ts';
import routes from './routes.ts';
import { reportsDemoStep, reportsReferenceStep } from './seed.ts';

// What the other parts of the reports domain (filing, status, reminders) use.
export {
  openDuePeriods,
  openPeriod,
  periodOf,
  reevaluateType,
  scheduleFor,
  type OpenedPeriod,
  type PeriodSchedule,
} from './expected.ts';
export { listReportTypes, reportTypeByCode, reportTypeById, type ReportFiler, type ReportType } from './types.ts';
export { expectedScope, REPORT_API, OPEN_PERIOD_PERMISSION } from './routes.ts';
// What other modules use of filing (the archive's export: an accepted report's receipt, read as its caller).
export { filingCaller, receiptPdf } from './filing/index.ts';

const OPEN_QUEUE = 'reports.openPeriods';
/** Each morning, Vietnam time, before the reminders go out. */
const CRON = '30 5 * * *';

/**
 * Periodic reports, the core: report types, who must report (assignment rules) and the reminder schedule are
 * catalogue areas (report-type.ts, report-assignment.ts, report-reminder-step.ts); this module seeds the types of
 * the law with their deadlines, fixes who must report for each period when it opens (report_expected, one
 * set-based statement) and keeps it in step when the assignments change (catalogue hooks, each change recorded),
 * opens each morning the periods whose opening day has come, and answers the lists of who must report.
 */
const reports: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  const run = async (today = clock.today()) => {
    const result = await openDuePeriods(app.db, today);
    if (result.opened.length) app.log.info({ opened: result.opened }, 'report periods opened');
    // A type whose deadline rule is missing waits for the department to add it; the others still open.
    if (result.failed.length) app.log.warn({ failed: result.failed }, 'report periods not opened');
    return result;
  };
  app.jobs.define<object>({ queue: OPEN_QUEUE, cron: CRON, retryLimit: 2, handler: async () => void (await run()) });
  // A portal started after the morning run opens what is due at once.
  app.jobs.onStarted(async () => void (await app.jobs.send(OPEN_QUEUE, {})));
  onNewDay(app, OPEN_QUEUE, run);
};

export default defineModule({
  name: 'reports',
  plugin: reports,
  catalogueHooks: reportHooks,
  seeds: [reportsReferenceStep, reportsDemoStep],
});
