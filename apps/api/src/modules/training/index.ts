import type { FastifyPluginAsync } from 'fastify';
// The rules on its catalogue areas (a course judged by class and hours, validity periods).
import { trainingHooks } from './hooks.ts';
import noticeRoutes, { noticeHooks, noticeWorkspaceTasks } from './notices.ts';
import publicClassARoutes from './public-class-a.ts';
import selfDeclarationRoutes, { selfDeclarationHooks, selfDeclarationWorkspaceTasks } from './self-declaration.ts';
import certificateRoutes, {
  certificateHooks,
  certificateWorkspaceTasks,
  trainingCertificatesDemoStep,
} from './certificates/index.ts';
import refresherRoutes from './refresher-routes.ts';
import { defineTrainingReminderJob } from './reminders.ts';
import summaryRoutes from './summary.ts';
import { defineModule } from '../define.ts';
import { trainingOrganizationsDemoStep, trainingReferenceStep } from './seed.ts';
import { trainingNoticeReferenceStep, trainingOrganizationsDealingsDemoStep } from './organizations-seed.ts';
import { trainingRefresherReferenceStep } from './refresher-seed.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

/**
 * OSH training (Decree 44/2016 as amended by Decree 140/2018): the rules by group and class as dated reference
 * data, training organisations and their class, and the courses judged by them. Courses and their participants
 * are the Training area (modules/workers).
 */
const training: FastifyPluginAsync = async (app) => {
  // Course notices, class A self-declarations (and the public list of them).
  await app.register(noticeRoutes);
  await app.register(selfDeclarationRoutes);
  await app.register(publicClassARoutes);
  // Credentials: requests, issuing, revoking, PDFs and the public verification.
  await app.register(certificateRoutes);
  // Trained until when (the refresher lists), their daily reminders, and the summary table.
  await app.register(refresherRoutes);
  await app.register(summaryRoutes);
  defineTrainingReminderJob(app);
};

export default defineModule({
  name: 'training',
  plugin: training,
  catalogueHooks: [...trainingHooks, ...noticeHooks, ...selfDeclarationHooks, ...certificateHooks],
  workspace: {
    tasks: [...certificateWorkspaceTasks, ...workspaceTasks, ...noticeWorkspaceTasks, ...selfDeclarationWorkspaceTasks],
    figures: workspaceFigures,
  },
  seeds: [
    trainingReferenceStep,
    trainingNoticeReferenceStep,
    trainingRefresherReferenceStep,
    trainingOrganizationsDemoStep,
    trainingCertificatesDemoStep,
    trainingOrganizationsDealingsDemoStep,
  ],
});
