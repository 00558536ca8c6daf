import type { ExposedWorker, MissingRow, Overview, RepeatedRow } from '@portal/domain/monitoring/views';
import { apiFetch } from '../../app/api-client.ts';
import type { ResponseOf } from '../../platform/api/client.ts';
import { toQuery, type CatalogRecord } from '../../catalog/api.ts';

/** The monitoring module's calls beyond the catalogue's (apps/api/src/modules/monitoring/routes.ts). */

const M = '/api/ObservationMonitor';

type Readings = ResponseOf<'/api/ObservationMonitor/get-readings/{id}'>;
export type Reading = Readings['readings'][number];
/** The report header is a catalogue record. */
export type ReportReadings = { report: CatalogRecord; readings: Reading[] };

export interface PageOf<T> {
  pageLists: T[];
  totalRecord: number;
}

export type { ExposedWorker, MissingRow, Overview, RepeatedRow };

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
