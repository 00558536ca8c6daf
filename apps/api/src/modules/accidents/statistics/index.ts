import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';
// The rules on the reports and the specialised reports' catalogues.
import { accidentStatisticsHooks } from './hooks.ts';
import { defineModule } from '../../define.ts';
import { accidentStatisticsReferenceStep } from './reference.ts';
import { accidentStatisticsDemoStep } from './seed.ts';
import { workspaceTasks } from './workspace.ts';
// The summary page's menu entry.
import '@portal/domain/accidents/statistics/menu';

/**
 * Accident statistics (Decree 39/2016 Art 24, Appendix XII): the employers' six-month and yearly reports
 * (catalogue area AccidentStatistical) pre-filled from their declarations, completed with the losses and submitted;
 * the department's aggregation by cause, injury factor, occupation, commune and sector, and the employers that have
 * not reported; and the department's specialised summary reports (AccidentSpecializeReport with its types, the
 * facility-type classifications and their titles) with their lines, imports and PDF. The computation itself lives
 * in packages/domain/src/accidents/statistics.
 */
const accidentStatistics: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default defineModule({
  name: 'accident-statistics',
  plugin: accidentStatistics,
  catalogueHooks: accidentStatisticsHooks,
  workspace: { tasks: workspaceTasks },
  seeds: [accidentStatisticsReferenceStep, accidentStatisticsDemoStep],
});
