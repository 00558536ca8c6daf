import type {
  SpecializeFigure,
  StatisticsAction,
  StatisticsDimension,
  StatisticsFigures,
  StatisticsPeriod,
} from '@portal/domain/accidents/statistics/index';
import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import { toQuery, type CatalogRecord } from '../../../catalog/api.ts';

/** The statistics module's calls beyond the catalogue's (apps/api/src/modules/accidents/statistics/routes.ts). */

const S = '/api/AccidentStatistical';
const R = '/api/AccidentSpecializeReport';

export interface Victim {
  id: string;
  accidentCode: string;
  occurredOn: string;
  allowanceCase: boolean;
  causeName: string | null;
  factorName: string | null;
  fullName: string;
  female: boolean;
  occupationName: string | null;
  severity: 'light' | 'serious' | 'fatal';
  underManagement: boolean;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
}

export interface FigureRow extends StatisticsFigures {
  section: number;
  dimension: StatisticsDimension;
  keyId: string | null;
  keyName: string | null;
  keyCode: string | null;
}

export interface ReportView {
  report: CatalogRecord;
  victims: Victim[];
  rows: FigureRow[];
  actions: StatisticsAction[];
}

export interface SummaryRow extends StatisticsFigures {
  keyId: string | null;
  keyCode: string | null;
  keyName: string | null;
  reports: number;
}

export interface Summary {
  year: number;
  period: StatisticsPeriod;
  dueDate: string | null;
  employers: number;
  submitted: number;
  notSubmitted: number;
  sections: { section: number; figures: StatisticsFigures }[];
  rows: SummaryRow[];
}

export interface NotReportedRow {
  businessId: string;
  businessName: string;
  taxCode: string | null;
  wardName: string | null;
  reportId: string | null;
  reportStatus: string | null;
}

export type Line = Record<SpecializeFigure, number> & {
  titleId: string;
  titleCode: string;
  titleName: string;
  facilityTypeId: string;
  facilityTypeCode: string;
  facilityTypeName: string;
  note: string | null;
  filled: boolean;
};

export interface Losses {
  id: string;
  daysOff: number;
  medicalCost: number;
  wageCost: number;
  compensationCost: number;
}

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
    apiFetch<{ pageLists: NotReportedRow[]; totalRecord: number; dueDate: string | null }>(
      `${S}/get-paging-not-reported`,
      {
        query: toQuery(query),
        signal,
      },
    ),
  lines: (id: string, signal?: AbortSignal) =>
    apiFetch<{ report: CatalogRecord; lines: Line[] }>(`${R}/get-lines/${encodeURIComponent(id)}`, { signal }),
  saveLines: (id: string, lines: Partial<Line>[]) =>
    apiFetch<{ report: CatalogRecord; lines: Line[] }>(`${R}/update-lines/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { lines },
    }),
  specializePdf: (id: string) => apiDownload(`${R}/pdf/${encodeURIComponent(id)}`),
};
