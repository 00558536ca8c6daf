import type { TrainingStatusPage, TrainingSummaryRow } from '@portal/domain/training/refresher';
import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import { saveFile, toQuery } from '../../../catalog/api.ts';

/**
 * The training status calls (apps/api/src/modules/training/refresher-routes.ts and summary.ts): "trained until
 * when" by page and as Excel, and the summary table. Shapes are the domain's (types only).
 */
const url = (path: string) => `/api/TrainingCertificate/${path}`;

export type { TrainingStatusPage, TrainingSummaryRow };
export type SummaryCount = 'issued' | 'initial' | 'periodic';

export const trainingStatusApi = {
  page: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<TrainingStatusPage>(url('get-paging-refresher'), { query: toQuery(query), signal }),
  excel: async (query: Record<string, unknown>) =>
    saveFile(
      await apiDownload(url('export-excel-refresher'), { query: toQuery(query) }),
      'theo-doi-hieu-luc-huan-luyen.xlsx',
    ),
  summary: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ from: string; to: string; rows: TrainingSummaryRow[]; totals: Record<SummaryCount, number> }>(
      url('get-summary'),
      {
        query: toQuery(query),
        signal,
      },
    ),
  summaryExcel: async (query: Record<string, unknown>) =>
    saveFile(
      await apiDownload(url('export-excel-summary'), { query: toQuery(query) }),
      'bang-tong-hop-huan-luyen-ATVSLD.xlsx',
    ),
};
