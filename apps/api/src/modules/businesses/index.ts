import type { FastifyPluginAsync } from 'fastify';
import { businessHooks } from './hooks.ts';
import { defineModule } from '../define.ts';
import { businessDemoStep } from './seed.ts';
import { trashSources } from './trash.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';
import bussinessRoutes from './bussiness.routes.ts';
import documentRoutes from './documents.routes.ts';
import overtimeRoutes from './overtime.routes.ts';
import publicRoutes from './public.ts';
import violationRoutes from './violations.routes.ts';

// What other modules use: an employer's unit, and violations recorded by inspections.
export { ensureEmployerUnit } from './employers.ts';
export { createViolation, deleteViolations } from './violations.ts';

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

export default defineModule({
  name: 'businesses',
  plugin: businesses,
  catalogueHooks: businessHooks,
  trash: trashSources,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  seeds: [businessDemoStep],
});
