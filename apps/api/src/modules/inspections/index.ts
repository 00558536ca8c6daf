import type { FastifyPluginAsync } from 'fastify';
import publicRoutes from './public.ts';
import inspectionRoutes from './routes.ts';
import { inspectionFileGrant } from './files.ts';
import { defineModule } from '../define.ts';
import { inspectionsDemoStep } from './seed.ts';
import { workspaceTasks } from './workspace.ts';

/**
 * Inspections and checks of employers by the department's inspectors (Law 84/2015 Art 91; Labour Code 2019
 * Art 214): the decision, team, findings, violations (sanctioned ones entered on the violating organisations'
 * list), the conclusion and the requirements the employer answers with evidence, the follow-up in both
 * workspaces and the public look-up of concluded inspections. State machine in packages/domain/src/inspections.
 */
const inspections: FastifyPluginAsync = async (app) => {
  await app.register(inspectionRoutes);
  await app.register(publicRoutes);
};

export default defineModule({
  name: 'inspections',
  plugin: inspections,
  workspace: { tasks: workspaceTasks },
  // Who may download the files of an inspection.
  fileGrants: [inspectionFileGrant],
  seeds: [inspectionsDemoStep],
});
