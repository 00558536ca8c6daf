import { api, type ResponseOf } from '../../platform/api/client.ts';

/** The public calls of legal documents and open data (no sign-in). Shapes as the API answers them. */
export type PublicLegalDocument = ResponseOf<'/api/LegalDocument/public-list'>['pageLists'][number];
export type OpenDataSetInfo = ResponseOf<'/api/OpenData/datasets'>['items'][number];

export const libraryApi = {
  /** Words (keyWord), type and status filters, page. */
  legalDocuments: (q: Record<string, unknown>, signal?: AbortSignal) =>
    api.get('/api/LegalDocument/public-list', { query: q, signal }),
  datasets: (signal?: AbortSignal) => api.get('/api/OpenData/datasets', { signal }),
};
