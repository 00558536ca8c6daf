import { SIGNED_DOCUMENT_API } from '@portal/domain/signed-documents/index';
import { apiFetch } from '../../app/api-client.ts';
import type { ResponseOf } from '../../platform/api/client.ts';
import { toQuery } from '../../catalog/api.ts';

/** Calls of the signed documents (`/api/SignedDocument/…`). */

// The answers as the API declares them (generated from its OpenAPI document).
export type SignedRow = ResponseOf<'/api/SignedDocument/list'>['pageLists'][number];
export type CertificateView = NonNullable<ResponseOf<'/api/SignedDocument/certificate'>>;
export type CheckResult = ResponseOf<'/api/SignedDocument/check', 'post'>;
export type Verification = ResponseOf<'/api/SignedDocument/verify/{code}'>;

/** The file as base64 (the certificate upload is a small JSON call). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const signedDocumentKeys = {
  all: ['signedDocuments'] as const,
  list: (q: Record<string, unknown>) => ['signedDocuments', 'list', q] as const,
  certificate: ['signedDocuments', 'certificate'] as const,
  verify: (code: string) => ['signedDocuments', 'verify', code] as const,
};

export const signedDocumentsApi = {
  list: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: SignedRow[]; totalRecord: number }>(SIGNED_DOCUMENT_API.list, {
      query: toQuery(q),
      signal,
    }),
  certificate: (signal?: AbortSignal) => apiFetch<CertificateView | null>(SIGNED_DOCUMENT_API.certificate, { signal }),
  setCertificate: (body: { file: string; password: string }) =>
    apiFetch<CertificateView>(SIGNED_DOCUMENT_API.certificate, { method: 'POST', body }),
  check: (file: File) => {
    const form = new FormData();
    form.append('formFile', file, file.name);
    return apiFetch<CheckResult>(SIGNED_DOCUMENT_API.check, { method: 'POST', body: form });
  },
  verify: (code: string, signal?: AbortSignal) =>
    apiFetch<Verification>(SIGNED_DOCUMENT_API.verify.replace('{code}', encodeURIComponent(code)), { signal }),
};
