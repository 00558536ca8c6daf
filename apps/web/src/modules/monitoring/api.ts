import type { VerdictKind } from '@portal/domain/monitoring/factors';
import { apiFetch } from '../../app/api-client.ts';
import { toQuery, type CatalogRecord } from '../../catalog/api.ts';

/** The monitoring module's calls beyond the catalogue's (apps/api/src/modules/monitoring/routes.ts). */

const M = '/api/ObservationMonitor';

export interface Reading extends CatalogRecord {
  factor: string;
  code: string;
  position: string;
  verdict: VerdictKind | null;
  limitText: string | null;
  regulation: string | null;
}

export interface ReportReadings {
  report: CatalogRecord;
  readings: Reading[];
}

export interface Overview {
  year: number;
  reports: number;
  employers: number;
  readings: number;
  exceedances: number;
  reportsWithExceedances: number;
  byFactor: { factor: string; exceedances: number; employers: number }[];
  rows: {
    factor: string;
    wardId: string | null;
    wardName: string | null;
    sectorId: string | null;
    sectorName: string | null;
    exceedances: number;
    reports: number;
    employers: number;
  }[];
}

export interface PageOf<T> {
  pageLists: T[];
  totalRecord: number;
}

export interface MissingRow {
  businessId: string;
  businessName: string;
  taxCode: string;
  wardName: string | null;
  lastMonitoredOn: string | null;
  dueDate: string | null;
  status: 'missing' | 'late';
}

export interface RepeatedRow {
  businessId: string;
  businessName: string;
  wardName: string | null;
  factor: string;
  years: number[];
  exceedances: number;
}

export interface ExposedWorker {
  workerId: string;
  fullName: string;
  businessName: string;
  positionName: string | null;
  factors: string[];
  year: number;
  healthClassName: string | null;
  occupationalDiseases: number;
}

type Query = Record<string, unknown>;

export const monitoringApi = {
  readings: (id: string, signal?: AbortSignal) =>
    apiFetch<ReportReadings>(`${M}/get-readings/${encodeURIComponent(id)}`, { signal }),
  overview: (query: Query, signal?: AbortSignal) =>
    apiFetch<Overview>(`${M}/get-overview`, { query: toQuery(query), signal }),
  missing: (query: Query, signal?: AbortSignal) =>
    apiFetch<PageOf<MissingRow>>(`${M}/get-paging-missing`, { query: toQuery(query), signal }),
  repeated: (query: Query, signal?: AbortSignal) =>
    apiFetch<PageOf<RepeatedRow>>(`${M}/get-paging-repeated`, { query: toQuery(query), signal }),
  examination: (query: Query, signal?: AbortSignal) =>
    apiFetch<PageOf<ExposedWorker>>(`${M}/get-periodic-examination`, { query: toQuery(query), signal }),
};
