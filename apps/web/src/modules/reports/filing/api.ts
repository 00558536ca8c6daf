import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import { saveFile, toQuery } from '../../../catalog/api.ts';
import type { BodyOf, ResponseOf } from '../../../platform/api/client.ts';

/**
 * The filing calls (`/api/Report/…`) as the pages use them; the answers' types are the API's (generated from its
 * OpenAPI document).
 */
const R = '/api/Report';
const id = (value: string) => encodeURIComponent(value);

export type FilingPage = ResponseOf<'/api/Report/submissions'>;
export type FilingRow = FilingPage['pageLists'][number];
export type Submission = ResponseOf<'/api/Report/submissions/{id}'>;
export type ReturnBody = BodyOf<'/api/Report/return-submission/{id}', 'post'>;
export type ReportTypeOption = ResponseOf<'/api/ReportType/combobox'>[number];

export const filingApi = {
  list: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<FilingPage>(`${R}/submissions`, { query: toQuery(query), signal }),
  detail: (submissionId: string, signal?: AbortSignal) =>
    apiFetch<Submission>(`${R}/submissions/${id(submissionId)}`, { signal }),
  open: (reportTypeId: string, periodKey: string, idempotencyKey?: string) =>
    apiFetch<Submission>(`${R}/open-submission`, { method: 'POST', body: { reportTypeId, periodKey }, idempotencyKey }),
  save: (submissionId: string, version: number, values: Record<string, unknown>) =>
    apiFetch<Submission>(`${R}/submissions/${id(submissionId)}`, { method: 'PUT', body: { version, values } }),
  file: (submissionId: string, move: 'submit' | 'resubmit', version: number, values?: Record<string, unknown>) =>
    apiFetch<Submission>(`${R}/${move}-submission/${id(submissionId)}`, {
      method: 'POST',
      body: { version, ...(values ? { values } : {}) },
    }),
  return: (submissionId: string, body: ReturnBody) =>
    apiFetch<Submission>(`${R}/return-submission/${id(submissionId)}`, { method: 'POST', body }),
  accept: (submissionId: string, version: number) =>
    apiFetch<Submission>(`${R}/accept-submission/${id(submissionId)}`, { method: 'POST', body: { version } }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(`${R}/delete-submissions`, { method: 'POST', body: ids }),
  receipt: async (submissionId: string, number: string | null) => {
    const file = await apiDownload(`${R}/submissions/${id(submissionId)}/receipt`);
    saveFile(file, `phieu-tiep-nhan-${(number ?? submissionId).replace(/\//g, '-')}.pdf`);
  },
  /** The report types, for the list's filter (the catalogue area's drop-down options). */
  types: (signal?: AbortSignal) =>
    apiFetch<ReportTypeOption[]>('/api/ReportType/combobox', { query: { take: '100' }, signal }),
};

/** Query keys: every filing write invalidates ['reportFiling']. */
export const filingKeys = {
  all: ['reportFiling'] as const,
  list: (q: unknown) => ['reportFiling', 'list', q] as const,
  detail: (submissionId: string) => ['reportFiling', 'detail', submissionId] as const,
  types: ['reportFiling', 'types'] as const,
};
