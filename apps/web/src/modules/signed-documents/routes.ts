import { SIGNED_DOCUMENT_PATHS, VERIFICATION_CODE_PATTERN } from '@portal/domain/signed-documents/index';
import type { RouteEntry } from '../../app/route-types.ts';

/** Signed documents: the department's registry, the check of a signed PDF and the public verification page. */
export const signedDocumentRoutes: RouteEntry[] = [
  {
    path: SIGNED_DOCUMENT_PATHS.registry,
    titleKey: 'signedDocuments:routes.registry',
    breadcrumb: ['shell:menu.groups.system'],
    ability: { action: 'read', subject: 'SignedDocument' },
    layout: 'app',
    namespaces: ['signedDocuments'],
    page: () => import('./SignedDocumentsPage.tsx'),
  },
  {
    path: SIGNED_DOCUMENT_PATHS.check,
    titleKey: 'signedDocuments:routes.check',
    // Any signed-in user checks a file (nothing is stored, the answer names only the file's own signer).
    ability: { action: 'read', subject: 'Profile' },
    layout: 'app',
    namespaces: ['signedDocuments'],
    page: () => import('./CheckSignedPage.tsx'),
  },
  {
    path: `${SIGNED_DOCUMENT_PATHS.verify}/:code`,
    titleKey: 'signedDocuments:routes.verify',
    layout: 'full',
    namespaces: ['signedDocuments'],
    page: () => import('./VerifyDocumentPage.tsx'),
    validParams: ({ code }) => VERIFICATION_CODE_PATTERN.test((code ?? '').toUpperCase()),
  },
];
