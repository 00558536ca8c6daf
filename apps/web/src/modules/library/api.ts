import type { LegalDocumentStatus, LegalDocumentType, OpenDataSet } from '@portal/domain/library/index';
import { apiFetch } from '../../app/api-client.ts';
import { toQuery } from '../../catalog/api.ts';

/** The public calls of legal documents and open data (no sign-in). Shapes as the API answers them. */
export interface PublicLegalDocument {
  id: string;
  number: string;
  type: LegalDocumentType;
  title: string;
  summary: string | null;
  issuer: string | null;
  signedDate: string | null;
  inForceDate: string | null;
  expiryDate: string | null;
  replacedBy: { id: string; number: string; title: string } | null;
  status: LegalDocumentStatus;
  file: { name: string; size: number; url: string } | null;
}

export interface OpenDataSetInfo {
  key: OpenDataSet;
  title: string;
  description: string;
  asOf: string;
  licence: { name: string; url: string };
  columns: { name: string; description: string }[];
  csv: string;
  json: string;
}

export const libraryApi = {
  /** Words (keyWord), type and status filters, page. */
  legalDocuments: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: PublicLegalDocument[]; totalRecord: number }>('/api/LegalDocument/public-list', {
      query: toQuery({ ...q }),
      ...(signal ? { signal } : {}),
    }),
  datasets: (signal?: AbortSignal) =>
    apiFetch<{ items: OpenDataSetInfo[] }>('/api/OpenData/datasets', signal ? { signal } : {}),
};
