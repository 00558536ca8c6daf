import { SIGNED_DOCUMENT_API } from '@portal/domain/signed-documents/index';
import type { CheckStatus } from '@portal/domain/signed-documents/index';
import { apiFetch } from '../../app/api-client.ts';

/** Calls of the signed documents (`/api/SignedDocument/…`). */

export interface SignedRow {
  id: string;
  code: string;
  kind: string;
  number: string | null;
  sha256: string;
  byteSize: number;
  signerSubject: string;
  signedAt: string;
}

export interface CertificateView {
  id: string;
  subject: string;
  commonName: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  fingerprint: string;
  isTest: boolean;
  createdAt: string;
}

export interface CheckResult {
  status: CheckStatus;
  sha256: string;
  signatureCount: number;
  signer: { subject: string; commonName: string; issuer: string; validFrom: string; validTo: string } | null;
  signedAt: string | null;
  coversWholeFile: boolean;
  pades: boolean;
  subFilter: string | null;
  trusted: boolean;
  registered: { code: string; kind: string; number: string | null; signedAt: string } | null;
}

export interface Verification {
  code: string;
  kind: string;
  number: string | null;
  signedAt: string;
  signer: string;
  testCertificate: boolean;
  sha256: string;
  recordUrl: string | null;
}

const toQuery = (values: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
};

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
