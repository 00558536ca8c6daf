import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';
import { registerFeatures, type PermissionKey } from '../permissions.ts';

/**
 * Signed documents (tài liệu số): the department signs the PDFs the portal issues with its certificate (PAdES
 * B-B), keeps a registry of them, and anyone can check a signed PDF or follow a document's QR to a public
 * verification page. Shared by the API and the web pages.
 */
export const SIGNED_DOCUMENT_SUBJECT = 'SignedDocument';

export const SIGNED_DOCUMENT_PERMISSIONS = {
  /** The registry of signed documents (the department's list). */
  read: `${SIGNED_DOCUMENT_SUBJECT}.read`,
} as const satisfies Record<string, PermissionKey>;

/** The department's review group: employers, service centres and training bodies never get the registry by default. */
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.signedDocument',
  labelKey: 'signedDocuments:permissions.subject',
  order: 90,
  children: [{ key: SIGNED_DOCUMENT_PERMISSIONS.read, labelKey: 'signedDocuments:permissions.read' }],
});

/** Pages (the spec's routes, and the public verification page a document's QR opens). */
export const SIGNED_DOCUMENT_PATHS = {
  registry: '/quan-ly-tai-lieu-so/danh-sach',
  check: '/tai-lieu-ky-so/danh-sach',
  verify: '/xac-minh-tai-lieu',
} as const;

/** `/api/SignedDocument/…` */
export const SIGNED_DOCUMENT_API = {
  certificate: '/api/SignedDocument/certificate',
  list: '/api/SignedDocument/list',
  check: '/api/SignedDocument/check',
  verify: '/api/SignedDocument/verify/{code}',
} as const;

/** Largest PDF the check accepts (bytes). */
export const SIGNED_DOCUMENT_MAX_UPLOAD = 20 * 1024 * 1024;
/** Largest PKCS#12 file an administrator uploads (bytes). */
export const PKCS12_MAX_SIZE = 64 * 1024;

/** Verification codes: 10 characters without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const VERIFICATION_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const VERIFICATION_CODE_PATTERN = /^[34679ACDEFGHJKMNPQRTUVWXY]{10}$/;

/** The outcome of checking an uploaded PDF. */
export const CHECK_STATUSES = ['intact', 'altered', 'modifiedAfterSigning', 'invalid'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
