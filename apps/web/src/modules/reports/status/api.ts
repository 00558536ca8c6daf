import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import type { ResponseOf } from '../../../platform/api/client.ts';

export { STATUS_PATHS } from './paths.ts';

/**
 * The status calls (apps/api/src/modules/reports/status): the signed-in status page, its drill-down and the
 * consolidated report, and the public look-ups. Kept free of the catalogue, so the public pages stay light.
 */

export type StatusOptions = ResponseOf<'/api/Report/status/options'>;
export type StatusAnswer = ResponseOf<'/api/Report/status'>;
export type StatusRow = StatusAnswer['rows'][number];
export type Standing = StatusAnswer['totals'];
export type ReportersPage = ResponseOf<'/api/Report/status/reporters'>;
export type ReporterRow = ReportersPage['pageLists'][number];
export type Consolidated = ResponseOf<'/api/Report/consolidated'>;
export type PublicOptions = ResponseOf<'/api/Report/public/status-options'>;
export type PublicStatus = ResponseOf<'/api/Report/public/status'>;
export type PublicFilers = ResponseOf<'/api/Report/public/filers'>;
export type PublicFiler = PublicFilers['pageLists'][number];

/** A report type and one of its periods, as the pages choose them. */
export interface Choice {
  reportTypeId: string;
  periodKey: string;
}

/** Query values as the API reads them: blanks left out. */
const query = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

const S = '/api/Report';

export const statusApi = {
  options: (signal?: AbortSignal) => apiFetch<StatusOptions>(`${S}/status/options`, { signal }),
  status: (q: Choice & { groupBy: 'commune' | 'sector' }, signal?: AbortSignal) =>
    apiFetch<StatusAnswer>(`${S}/status`, { query: query({ ...q }), signal }),
  reporters: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<ReportersPage>(`${S}/status/reporters`, { query: query(q), signal }),
  statusExcel: (q: Choice) => apiDownload(`${S}/status/export`, { query: query({ ...q }) }),
  reportersExcel: (q: Record<string, unknown>) => apiDownload(`${S}/status/reporters/export`, { query: query(q) }),
  consolidated: (q: Choice, signal?: AbortSignal) =>
    apiFetch<Consolidated>(`${S}/consolidated`, { query: query({ ...q }), signal }),
  consolidatedPdf: (q: Choice) => apiDownload(`${S}/consolidated/pdf`, { query: query({ ...q }) }),
  consolidatedExcel: (q: Choice) => apiDownload(`${S}/consolidated/export`, { query: query({ ...q }) }),
};

export const publicStatusApi = {
  options: (signal?: AbortSignal) => apiFetch<PublicOptions>(`${S}/public/status-options`, { signal }),
  status: (q: Choice, signal?: AbortSignal) =>
    apiFetch<PublicStatus>(`${S}/public/status`, { query: query({ ...q }), signal }),
  filers: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<PublicFilers>(`${S}/public/filers`, { query: query(q), signal }),
};
