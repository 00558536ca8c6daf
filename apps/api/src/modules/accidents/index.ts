import type { FastifyPluginAsync } from 'fastify';
import type { FileReadGrant } from '../files/index.ts';
import { defineModule } from '../define.ts';
import { callerOf } from './access.ts';
import { dossierFileVisible } from './investigations.ts';
import accidentRoutes from './routes.ts';
import { accidentsDemoStep } from './seed.ts';
import { accidentsReferenceStep } from './reference.ts';
import { workspaceFigures, workspaceTasks } from './workspace.ts';

// The receipt as a caller may read it (the archive's export includes it).
export { receiptPdf } from './pdf.ts';
export { callerOf as accidentCaller } from './access.ts';

// Who sees an accident may download the files of its investigation dossier.
const dossierGrant: FileReadGrant = (db, principal, fileId) => dossierFileVisible(db, callerOf(principal), fileId);

/**
 * Workplace accidents (Law 84/2015 Arts 34–35; Decree 39/2016; Decree 129/2025): declarations by employers and
 * communes with their receipts, versions and statutory routing, and the department's investigations. The rules
 * live in packages/domain/src/accidents; the statistics (Appendix XII) are a module of their own.
 */
const accidents: FastifyPluginAsync = async (app) => {
  await app.register(accidentRoutes);
};

export default defineModule({
  name: 'accidents',
  plugin: accidents,
  workspace: { tasks: workspaceTasks, figures: workspaceFigures },
  fileGrants: [dossierGrant],
  seeds: [accidentsReferenceStep, accidentsDemoStep],
});
