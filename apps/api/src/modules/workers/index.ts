import type { FastifyPluginAsync } from 'fastify';
import { workerHooks } from './hooks.ts';
import publicRoutes from './public.ts';
import workerRoutes from './routes.ts';
import { defineModule } from '../define.ts';
import { unemploymentDemoStep, workersDemoStep } from './seed.ts';
import { unemploymentReferenceStep } from './unemployment.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

// What other modules use: adding participants to a course (the training certificates' demo data).
export { addParticipants } from './training.ts';
// People with realistic names, citizen IDs and birth dates (the employment services' demo job seekers).
export { generateWorkers } from './generate.ts';

/**
 * The workers domain: the Worker catalogue area's rules (hooks.ts) and the calls beyond the catalogue's
 * standard ones (progress, overtime, drop-downs).
 */
const workers: FastifyPluginAsync = async (app) => {
  await app.register(workerRoutes);
  await app.register(publicRoutes);
};

export default defineModule({
  name: 'workers',
  plugin: workers,
  catalogueHooks: workerHooks,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  seeds: [unemploymentReferenceStep, workersDemoStep, unemploymentDemoStep],
});
