import type { FastifyPluginAsync } from 'fastify';
import publicRoutes from './public.ts';
import routes from './routes.ts';
import { defineModule } from '../define.ts';
import { permitsDemoStep } from './seed.ts';
import { trashSources } from './trash.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

/**
 * Work permits and confirmation certificates (`WorkerLicense`): an employer files requests for its foreign
 * workers with the required documents; the department returns, grants or rejects them. The rules and the state
 * machine live in packages/domain/src/permits; this module stores, scopes and serves them.
 */
const permits: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(publicRoutes);
};

export default defineModule({
  name: 'permits',
  plugin: permits,
  trash: trashSources,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  seeds: [permitsDemoStep],
});
