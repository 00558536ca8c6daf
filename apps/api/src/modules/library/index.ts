import type { FastifyPluginAsync } from 'fastify';
import legalDocumentRoutes, { legalDocumentHooks } from './legal-documents.ts';
import openDataRoutes from './open-data.ts';
import { defineModule } from '../define.ts';
import { legalDocumentsReferenceStep } from './seed.ts';

/**
 * Legal documents (the `LegalDocument` catalogue area, packages/domain/src/catalog/areas/legal-document.ts, with
 * its public list and files) and open data (`/api/OpenData/…`: the public lists as CSV and JSON).
 */
const library: FastifyPluginAsync = async (app) => {
  await app.register(legalDocumentRoutes);
  await app.register(openDataRoutes);
};

export default defineModule({
  name: 'library',
  plugin: library,
  catalogueHooks: legalDocumentHooks,
  seeds: [legalDocumentsReferenceStep],
});
