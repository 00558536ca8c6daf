import type { FastifyPluginAsync } from 'fastify';
import './hooks.ts';
import publicRoutes from './public.ts';
import workerRoutes from './routes.ts';
// Its figure in the workspaces: registered at load.
import './workspace.ts';

/**
 * The workers domain: the Worker catalogue area's rules (hooks.ts) and the calls beyond the catalogue's
 * standard ones (progress, overtime, drop-downs).
 */
const workers: FastifyPluginAsync = async (app) => {
  await app.register(workerRoutes);
  await app.register(publicRoutes);
};

export default workers;
