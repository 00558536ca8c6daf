import { ARCHIVE_API } from '@portal/domain/archive/index';
import { apiDownload } from '../../app/api-client.ts';
import { api, fillPath, type BodyOf, type ResponseOf } from '../../platform/api/client.ts';

/** Calls of the archive (`/api/ArchiveRecord/…`), with the answers as the API declares them. */

export type ArchiveRow = ResponseOf<'/api/ArchiveRecord/list'>['pageLists'][number];
export type ArchivePage = ResponseOf<'/api/ArchiveRecord/list'>;
export type ExportRun = ResponseOf<'/api/ArchiveRecord/exports/{id}'>;
export type ExportRequest = BodyOf<'/api/ArchiveRecord/exports', 'post'>;

export const archiveKeys = {
  all: ['archive'] as const,
  list: (q: Record<string, unknown>) => ['archive', 'list', q] as const,
  exports: ['archive', 'exports'] as const,
  run: (id: string) => ['archive', 'exports', id] as const,
};

export const archiveApi = {
  list: (q: Record<string, unknown>, signal?: AbortSignal) => api.get('/api/ArchiveRecord/list', { query: q, signal }),
  file: () => api.post('/api/ArchiveRecord/file-closed-records'),
  dispose: (ids: string[], reason: string) => api.post('/api/ArchiveRecord/dispose', { body: { ids, reason } }),
  startExport: (body: ExportRequest) => api.post('/api/ArchiveRecord/exports', { body }),
  exports: (signal?: AbortSignal) => api.get('/api/ArchiveRecord/exports', { signal }),
  run: (id: string, signal?: AbortSignal) => api.get('/api/ArchiveRecord/exports/{id}', { path: { id }, signal }),
  /** The finished ZIP, through the signed-in client (the session's token). */
  download: (id: string) => apiDownload(fillPath(ARCHIVE_API.exportDownload, { id })),
};

/** A run still being made: its status is polled. */
export const inProgress = (run: Pick<ExportRun, 'status'> | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** Hands a downloaded file to the browser (a link clicked for it, the object URL let go soon after). */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
