import type { FastifyPluginAsync } from 'fastify';
import { defineMonitoringJob } from './reminders.ts';
import file from './file.ts';
import routes from './routes.ts';
// The rules on its catalogue areas (reports, the nine factors' readings, the standards).
import { monitoringHooks } from './hooks.ts';
import { defineModule } from '../define.ts';
import { monitoringDemoStep, monitoringReferenceStep } from './seed.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

/**
 * Working-environment monitoring (Law 84/2015 Art 18): employers' yearly monitoring reports and their readings per
 * factor (catalogue areas ObservationMonitor and its nine factor sub-resources), each judged against the national
 * technical regulations' limits in force on its date (MenuObservationMonitor, NationalStandard), the measures owed
 * after an exceedance, the department's overviews, reminders and workspace tasks. The judgement itself lives in
 * packages/domain/src/monitoring.
 */
const monitoring: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(file);
  defineMonitoringJob(app);
};

export default defineModule({
  name: 'monitoring',
  plugin: monitoring,
  catalogueHooks: monitoringHooks,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  seeds: [monitoringReferenceStep, monitoringDemoStep],
});
