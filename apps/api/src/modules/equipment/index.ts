import type { FastifyPluginAsync } from 'fastify';
import declarationRoutes from './declarations/routes.ts';
import inspectorFileRoutes from './inspector-file.ts';
import publicRoutes from './public.ts';
import { defineReminderJob } from './reminders.ts';
import summaryRoutes from './summary.ts';
// The rules on its catalogue areas (machines, certificates, inspectors…).
import { equipmentHooks } from './hooks.ts';
import { defineModule } from '../define.ts';
import { equipmentDemoStep } from './seed.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

// The confirmation as a caller may read it (the archive's export includes it).
export { confirmationPdf } from './declarations/pdf.ts';
export { callerOf as declarationCaller } from './declarations/access.ts';

/**
 * Equipment with strict safety requirements (Law 84/2015 Arts 30–31): the register of machines and their
 * certificates (catalogue areas Equipment and EquipmentInspection, with the rules in hooks.ts), declarations and
 * the department's confirmation, due dates and reminders, the public look-up and the summary table. The rules
 * and the declaration state machine live in packages/domain/src/equipment.
 */
const equipment: FastifyPluginAsync = async (app) => {
  await app.register(declarationRoutes);
  await app.register(publicRoutes);
  await app.register(inspectorFileRoutes);
  await app.register(summaryRoutes);
  defineReminderJob(app);
};

export default defineModule({
  name: 'equipment',
  plugin: equipment,
  catalogueHooks: equipmentHooks,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  seeds: [equipmentDemoStep],
});
