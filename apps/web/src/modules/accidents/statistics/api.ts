import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import type { BodyOf, ResponseOf } from '../../../platform/api/client.ts';
import { toQuery, type CatalogRecord } from '../../../catalog/api.ts';

/** The statistics module's calls beyond the catalogue's (apps/api/src/modules/accidents/statistics/routes.ts). */

const S = '/api/AccidentStatistical';
const R = '/api/AccidentSpecializeReport';

type Report = ResponseOf<'/api/AccidentStatistical/get-report/{id}'>;
type Lines = ResponseOf<'/api/AccidentSpecializeReport/get-lines/{id}'>;

export type Victim = Report['victims'][number];
export type FigureRow = Report['rows'][number];
/** The report header is a catalogue record (its schema is an open record). */
export type ReportView = Omit<Report, 'report'> & { report: CatalogRecord };
export type Summary = ResponseOf<'/api/AccidentStatistical/get-summary'>;
export type SummaryRow = Summary['rows'][number];
export type NotReportedRow = ResponseOf<'/api/AccidentStatistical/get-paging-not-reported'>['pageLists'][number];
export type Line = Lines['lines'][number];
export type Losses = BodyOf<'/api/AccidentStatistical/update-losses/{id}', 'put'>['victims'][number];

type Query = Record<string, unknown>;

export const statisticsApi = {
  report: (id: string, signal?: AbortSignal) =>
    apiFetch<ReportView>(`${S}/get-report/${encodeURIComponent(id)}`, { signal }),
  prefill: (id: string) => apiFetch<ReportView>(`${S}/prefill/${encodeURIComponent(id)}`, { method: 'POST' }),
  saveLosses: (id: string, victims: Losses[]) =>
    apiFetch<ReportView>(`${S}/update-losses/${encodeURIComponent(id)}`, { method: 'PUT', body: { victims } }),
  submit: (id: string) => apiFetch<ReportView>(`${S}/submit/${encodeURIComponent(id)}`, { method: 'POST' }),
  giveBack: (id: string, reason: string) =>
    apiFetch<ReportView>(`${S}/return/${encodeURIComponent(id)}`, { method: 'POST', body: { reason } }),
  pdf: (id: string) => apiDownload(`${S}/pdf/${encodeURIComponent(id)}`),
  exportVictims: (id: string) => apiDownload(`${S}/export-excel`, { query: { accidentStatisticalId: id } }),
  summary: (query: Query, signal?: AbortSignal) =>
    apiFetch<Summary>(`${S}/get-summary`, { query: toQuery(query), signal }),
  notReported: (query: Query, signal?: AbortSignal) =>
    apiFetch<ResponseOf<'/api/AccidentStatistical/get-paging-not-reported'>>(`${S}/get-paging-not-reported`, {
      query: toQuery(query),
      signal,
    }),
  lines: (id: string, signal?: AbortSignal) =>
    apiFetch<Omit<Lines, 'report'> & { report: CatalogRecord }>(`${R}/get-lines/${encodeURIComponent(id)}`, { signal }),
  saveLines: (id: string, lines: Partial<Line>[]) =>
    apiFetch<Omit<Lines, 'report'> & { report: CatalogRecord }>(`${R}/update-lines/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { lines },
    }),
  specializePdf: (id: string) => apiDownload(`${R}/pdf/${encodeURIComponent(id)}`),
};
