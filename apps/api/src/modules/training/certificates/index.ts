import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';

/**
 * Training credentials (Decree 44/2016 Art 24): requests, issuing with gap-free numbers per issuer and year,
 * current/superseded/revoked, the PDFs with a verifying QR, and the public verification. The rules and the request
 * state table live in packages/domain/src/training/certificates.ts.
 */
const certificates: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default certificates;

// The rules of credentials and requests inside the catalogue's operations, and requests waiting for their issuer,
// refused ones for their filer (declared by the training module).
export { certificateHooks } from './hooks.ts';
export { workspaceTasks as certificateWorkspaceTasks } from './workspace.ts';
export { trainingCertificatesDemoStep } from './seed.ts';
