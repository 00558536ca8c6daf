import type { TrainingWorker, WorkerOption, WorkerOvertime, WorkerProgress } from '@portal/domain/workers/records';
import type { ResultField } from '@portal/domain/workers/results-file';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import type { ImportedRow } from '../../catalog/api.ts';

/** Calls of the workers domain beyond the catalogue's standard ones, at the spec's spellings. */

interface Paged<T> {
  pageLists: T[];
  totalRecord: number;
}

const query = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const workerApi = {
  progress: (workerId: string, page: { pageNumber: number; pageSize: number }, signal?: AbortSignal) =>
    apiFetch<Paged<WorkerProgress>>('/api/Worker/list-worker-progress', {
      query: query({ workerId, ...page }),
      signal,
    }),
  addProgress: (body: Record<string, unknown>, idempotencyKey?: string) =>
    apiFetch<WorkerProgress>('/api/Worker/add-worker-progress', { method: 'POST', body, idempotencyKey }),
  removeProgress: (ids: string[]) =>
    apiFetch<{ deleted: number }>('/api/Worker/delete-worker-progress', { method: 'POST', body: ids }),
  overtime: (
    workerId: string,
    page: { pageNumber: number; pageSize: number; year?: number | undefined },
    signal?: AbortSignal,
  ) =>
    apiFetch<Paged<WorkerOvertime> & { totalHours: number }>('/api/Worker/list-worker-over-time', {
      query: query({ workerId, ...page }),
      signal,
    }),
  addOvertime: (body: Record<string, unknown>, idempotencyKey?: string) =>
    apiFetch<WorkerOvertime>('/api/Worker/add-worker-over-time', { method: 'POST', body, idempotencyKey }),
  removeOvertime: (ids: string[]) =>
    apiFetch<{ deleted: number }>('/api/Worker/delete-worker-over-time', { method: 'POST', body: ids }),
};

/** A participant's results as the course's page sends them. */
export type ResultEntry = { workerId: string } & Partial<Record<ResultField, string | null>>;

export const trainingApi = {
  participants: (
    trainingId: string,
    q: { pageNumber: number; pageSize: number; keyWord?: string },
    signal?: AbortSignal,
  ) =>
    apiFetch<Paged<TrainingWorker>>('/api/Training/list-training-worker', {
      query: query({ trainingId, ...q }),
      signal,
    }),
  candidates: (trainingId: string, keyWord: string, signal?: AbortSignal) =>
    apiFetch<WorkerOption[]>('/api/Training/get-combobox-worker-not-training', {
      query: query({ trainingId, keyWord }),
      signal,
    }),
  add: (trainingId: string, workerIds: string[]) =>
    apiFetch<{ added: number }>('/api/Training/add-training-worker', {
      method: 'POST',
      body: { trainingId, workerIds },
    }),
  remove: (ids: string[]) =>
    apiFetch<{ deleted: number }>('/api/Training/delete-training-worker', { method: 'POST', body: ids }),
  saveResults: (trainingId: string, rows: ResultEntry[]) =>
    apiFetch<{ updated: number }>('/api/Training/update-training-worker-results', {
      method: 'POST',
      body: { trainingId, rows },
    }),
  template: () => apiDownload('/api/Training/generate-template-training-worker'),
  importRows: (trainingId: string, rows: Record<string, unknown>[], dryRun: boolean) =>
    apiFetch<{ data: ImportedRow[] }>('/api/Training/import-training-worker-from-json', {
      method: 'POST',
      body: rows,
      query: query({ trainingId, dryRun: dryRun ? 'true' : undefined }),
    }),
};

export const reportApi = {
  upload: (file: File) => {
    const form = new FormData();
    form.append('formFile', file);
    form.append('IsSecure', 'true');
    return apiFetch<{ id: string; fileName: string; size: number }>('/api/CollectWorker/file-collect-worker-report', {
      method: 'POST',
      body: form,
    });
  },
  download: (reportId: string) =>
    apiDownload('/api/CollectWorker/file-collect-worker-report', { query: { id: reportId } }),
};

/** Save a downloaded blob under its (Vietnamese) name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function showDate(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}
