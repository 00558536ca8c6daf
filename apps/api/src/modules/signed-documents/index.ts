import type { FastifyPluginAsync } from 'fastify';
import { SIGNED_DOCUMENT_PATHS, SIGNED_DOCUMENT_PERMISSIONS } from '@portal/domain/signed-documents/index';
import { useDocumentSigner } from '../../platform/documents/index.ts';
import { defineModule } from '../define.ts';
import routes from './routes.ts';
import { signingDemoStep } from './seed.ts';
import { documentSigner } from './service.ts';

export { checkSignedPdf, installCertificate, publicVerification } from './service.ts';

/**
 * Signed documents: every PDF the documents renderer issues is signed (PAdES B-B, visible signature, QR to the
 * public verification page, registry row) once the department has set a certificate; the registry, the upload
 * check and the public verification page.
 */
const signedDocuments: FastifyPluginAsync = async (app) => {
  const stop = useDocumentSigner(documentSigner(app.db, app.config.jwtSecret, app.config.publicUrl));
  app.addHook('onClose', async () => stop());
  await app.register(routes);
};

export default defineModule({
  name: 'signed-documents',
  plugin: signedDocuments,
  // The registry and the check sit with the portal's other documents.
  menu: [
    ['documents', { path: SIGNED_DOCUMENT_PATHS.registry, permission: SIGNED_DOCUMENT_PERMISSIONS.read, order: 900 }],
    ['documents', { path: SIGNED_DOCUMENT_PATHS.check, permission: 'authenticated', order: 910 }],
  ],
  seeds: [signingDemoStep],
});
