import type { FastifyPluginAsync } from 'fastify';
import publicRoutes from './public.ts';
import inspectionRoutes from './routes.ts';
// Who may download the files of an inspection: registered at load.
import './files.ts';
// Its tasks in the workspaces: registered at load.
import './workspace.ts';

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

export default inspections;
