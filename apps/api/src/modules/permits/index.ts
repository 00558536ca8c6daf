import type { FastifyPluginAsync } from 'fastify';
import publicRoutes from './public.ts';
import routes from './routes.ts';
// Its deleted records in the trash bin: registered at load.
import './trash.ts';
// Its tasks and figures in the workspaces: registered at load.
import './workspace.ts';

/**
 * Work permits and confirmation certificates (`WorkerLicense`): an employer files requests for its foreign
 * workers with the required documents; the department returns, grants or rejects them. The rules and the state
 * machine live in packages/domain/src/permits; this module stores, scopes and serves them.
 */
const permits: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(publicRoutes);
};

export default permits;
