import { LABOUR_MARKET_API } from '@portal/domain/employment/referrals';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { saveFile, toQuery } from '../../catalog/api.ts';
import type { ResponseOf } from '../../platform/api/client.ts';

/** The quarterly labour-market information report: its table, the same as xlsx, and its PDF. */
export type LabourMarketReport = ResponseOf<'/api/LabourMarket/report'>;
export type LabourMarketRow = LabourMarketReport['rows'][number];

const fileName = (query: Record<string, unknown>, ext: string) =>
  `bao-cao-thi-truong-lao-dong${query.year ? `-${String(query.year)}` : ''}${query.quarter ? `-q${String(query.quarter)}` : ''}.${ext}`;

export const labourMarketApi = {
  report: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<LabourMarketReport>(LABOUR_MARKET_API.table, { query: toQuery(query), signal }),
  excel: async (query: Record<string, unknown>) =>
    saveFile(await apiDownload(LABOUR_MARKET_API.export, { query: toQuery(query) }), fileName(query, 'xlsx')),
  pdf: async (query: Record<string, unknown>) =>
    saveFile(await apiDownload(LABOUR_MARKET_API.pdf, { query: toQuery(query) }), fileName(query, 'pdf')),
};
