import type { FastifyPluginAsync } from 'fastify';
// The rules on its catalogue areas (owner-only writes, drafts, the matrix's bands).
import { riskAssessmentHooks } from './hooks.ts';
import { clock, onNewDay } from '../../platform/clock/index.ts';
import { runRiskAssessmentMorning } from './reminders.ts';
import routes from './routes.ts';
import { defineModule } from '../define.ts';
import { riskAssessmentDemoStep, riskAssessmentReferenceStep } from './seed.ts';
import { workspaceTasks } from './workspace.ts';

const REVIEW_QUEUE = 'riskAssessment.review';
/** Every morning, Vietnam time, before the working day. */
const CRON = '0 6 * * *';

/**
 * Risk assessment (Law 84/2015 Art 77, Decree 39/2016 Art 7) the way EU-OSHA's OiRA guides it: the assessment is a
 * catalogue area (RiskAssessment) with the hazard library (Hazard) and the risk matrix (RiskMatrix) as reference
 * data; this module adds the hazards, ratings and measures of an assessment, its completion and re-doing, the
 * report and action-plan PDFs, the workspace tasks, and each morning's marking of the assessments due again and
 * notice of overdue measures to their employers.
 */
const riskAssessment: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  app.jobs.define<object>({
    queue: REVIEW_QUEUE,
    cron: CRON,
    retryLimit: 2,
    handler: async () => {
      await runRiskAssessmentMorning(app, clock.today());
    },
  });
  onNewDay(app, REVIEW_QUEUE, (today) => runRiskAssessmentMorning(app, today));
};

export default defineModule({
  name: 'risk-assessment',
  plugin: riskAssessment,
  catalogueHooks: riskAssessmentHooks,
  workspace: { tasks: workspaceTasks },
  seeds: [riskAssessmentReferenceStep, riskAssessmentDemoStep],
});
