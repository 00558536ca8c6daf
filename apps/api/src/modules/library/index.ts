import type { FastifyPluginAsync } from 'fastify';
import legalDocumentRoutes from './legal-documents.ts';
import openDataRoutes from './open-data.ts';

/**
 * Legal documents (the `LegalDocument` catalogue area, packages/domain/src/catalog/areas/legal-document.ts, with
 * its public list and files) and open data (`/api/OpenData/…`: the public lists as CSV and JSON).
 */
const library: FastifyPluginAsync = async (app) => {
  await app.register(legalDocumentRoutes);
  await app.register(openDataRoutes);
};

export default library;
