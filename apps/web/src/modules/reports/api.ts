import { EXPECTED_API } from '@portal/domain/reports/assignment';
import { apiFetch } from '../../app/api-client.ts';
import type { BodyOf, ResponseOf } from '../../platform/api/client.ts';
import { toQuery } from '../../catalog/api.ts';

/** Calls of who must report (`/api/Report/expected…`, the periods of a type, opening a period). */

// The answers as the API declares them (generated from its OpenAPI document).
export type ExpectedRow = ResponseOf<'/api/Report/expected'>['pageLists'][number];
export type ExpectedChange = ResponseOf<'/api/Report/expected-changes'>['pageLists'][number];
export type OpenedPeriodRow = ResponseOf<'/api/Report/periods'>[number];
/** Opening a period is a background run (polled); its result is what opening answered. */
export type OpenRun = ResponseOf<'/api/Report/open-period/{id}'>;
export type OpenAnswer = NonNullable<OpenRun['result']>;
type Page<T> = { pageLists: T[]; totalRecord: number };

export const expectedKeys = {
  all: ['reports', 'expected'] as const,
  list: (q: Record<string, unknown>) => ['reports', 'expected', 'list', q] as const,
  changes: (q: Record<string, unknown>) => ['reports', 'expected', 'changes', q] as const,
  periods: (typeId: string) => ['reports', 'expected', 'periods', typeId] as const,
  run: (id: string) => ['reports', 'expected', 'run', id] as const,
};

export const expectedApi = {
  list: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<ExpectedRow>>(EXPECTED_API.expected, { query: toQuery(q), signal }),
  changes: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<ExpectedChange>>(EXPECTED_API.changes, { query: toQuery(q), signal }),
  periods: (reportTypeId: string, signal?: AbortSignal) =>
    apiFetch<OpenedPeriodRow[]>(EXPECTED_API.periods, { query: { reportTypeId }, signal }),
  open: (body: BodyOf<'/api/Report/open-period', 'post'>) =>
    apiFetch<OpenRun>(EXPECTED_API.openPeriod, { method: 'POST', body }),
  run: (id: string, signal?: AbortSignal) => apiFetch<OpenRun>(`${EXPECTED_API.openPeriod}/${id}`, { signal }),
};
