import type { FastifyPluginAsync } from 'fastify';
import './hooks.ts';
// Its deleted records in the trash bin: registered at load.
import './trash.ts';
// Its tasks and figures in the workspaces: registered at load.
import './workspace.ts';
import bussinessRoutes from './bussiness.routes.ts';
import documentRoutes from './documents.routes.ts';
import overtimeRoutes from './overtime.routes.ts';
import publicRoutes from './public.ts';
import violationRoutes from './violations.routes.ts';

/**
 * Employers: the employer record is the `Bussiness` catalogue area (packages/domain/src/catalog/areas/bussiness.ts,
 * rules in hooks.ts); this module adds its sectors and accounts, official documents, overtime notifications and
 * violating organisations. Registry sync lives in the integration module.
 */
const businesses: FastifyPluginAsync = async (app) => {
  await app.register(bussinessRoutes);
  await app.register(documentRoutes);
  await app.register(overtimeRoutes);
  await app.register(violationRoutes);
  await app.register(publicRoutes);
};

export default businesses;
