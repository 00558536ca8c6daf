import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { apiDownload, apiFetch } from '../app/api-client.ts';
import type { ResponseOf } from '../platform/api/client.ts';

/** Calls of one area at its spec spellings (the declaration carries them; the pages never spell a path). */

export type CatalogRecord = Record<string, unknown> & { id: string; updatedAt?: string; createdAt?: string };

export interface Page {
  pageLists: CatalogRecord[];
  totalRecord: number;
  /** Absent: exact; an area with list.countLimit may answer an estimate or a lower bound. */
  totalKind?: 'estimate' | 'atLeast';
}

export interface Option {
  value: string;
  label: string;
  code: string | null;
  parentId: string | null;
  /** A selected value answered for its name although the filters (or the dependent values) exclude it. */
  filteredOut?: true;
}

export interface TreeNode extends CatalogRecord {
  hasChildren: boolean;
  children?: TreeNode[];
}

/** A background import, as `GET /api/Import/run/{id}` answers it. */
export type ImportRun = ResponseOf<'/api/Import/run/{id}'>;
/** A checked row: the result, and the row's own columns. */
export type ImportedRow = NonNullable<ImportRun['data']>[number];

/** A save of many rows is stored in the background: the answer names the run to follow instead. */
export type ImportAnswer = { data: ImportedRow[] } | { runId: string };

export const importRun = (runId: string, signal?: AbortSignal) =>
  apiFetch<ImportRun>(`/api/Import/run/${encodeURIComponent(runId)}`, { signal });

const url = (c: ResolvedCatalog, path: string) => `/api/${c.mount}/${path}`;

/** A spelling with `{id}` takes the id in the path; one without takes it in the query. */
function withId(c: ResolvedCatalog, path: string, id: string): { path: string; query?: Record<string, string> } {
  return path.includes('{id}')
    ? { path: url(c, path.replace('{id}', encodeURIComponent(id))) }
    : { path: url(c, path), query: { id } };
}

/** Query values as the API reads them: strings, empty ones left out. */
export function toQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

export function catalogApi(c: ResolvedCatalog) {
  const p = c.paths;
  return {
    list: (query: Record<string, unknown>, signal?: AbortSignal) =>
      apiFetch<Page>(url(c, p.list), { query: toQuery(query), signal }),
    get: (id: string, signal?: AbortSignal) => {
      const target = withId(c, p.detail, id);
      return apiFetch<CatalogRecord>(target.path, { ...(target.query ? { query: target.query } : {}), signal });
    },
    create: (body: Record<string, unknown>, idempotencyKey?: string) =>
      apiFetch<CatalogRecord>(url(c, p.create), { method: 'POST', body, idempotencyKey }),
    update: (id: string, body: Record<string, unknown>) => {
      const target = withId(c, p.update, id);
      return apiFetch<CatalogRecord>(target.path, {
        method: 'PUT',
        body: { ...body, id },
        ...(target.query ? { query: target.query } : {}),
      });
    },
    remove: (ids: string[]) => apiFetch<{ deleted: number }>(url(c, p.delete), { method: 'POST', body: ids }),
    combobox: (query: { keyWord?: string; ids?: string[]; [filter: string]: unknown }, signal?: AbortSignal) => {
      const spelling = p.combobox[0]!;
      const path = typeof spelling === 'string' ? spelling : spelling.path;
      const { ids, ...rest } = query;
      return apiFetch<Option[]>(url(c, path), {
        query: toQuery({ ...rest, ...(ids?.length ? { ids: JSON.stringify(ids) } : {}) }),
        signal,
      });
    },
    exists: (key: string, values: Record<string, unknown>, id?: string) =>
      apiFetch<{ exists: boolean }>(url(c, p.exist[key]!), { query: toQuery({ ...values, id }) }),
    importRows: (rows: Record<string, unknown>[], options: { dryRun: boolean; presets?: Record<string, string> }) =>
      apiFetch<ImportAnswer>(url(c, p.import), {
        method: 'POST',
        body: rows,
        query: toQuery({ ...(options.dryRun ? { dryRun: 'true' } : {}), ...options.presets }),
      }),
    treeRoots: (keyWord?: string, signal?: AbortSignal) =>
      apiFetch<TreeNode[]>(url(c, p.treeRoot), { query: toQuery({ keyWord }), signal }),
    treeChildren: (parentId: string, signal?: AbortSignal) =>
      apiFetch<TreeNode[]>(url(c, p.treeChildren), { query: { parentId }, signal }),
    treeFromUpdate: (id: string, signal?: AbortSignal) =>
      apiFetch<TreeNode[]>(url(c, p.treeFromUpdate), { query: { id }, signal }),
    template: (query: Record<string, unknown> = {}) => apiDownload(url(c, p.template), { query: toQuery(query) }),
    export: (query: Record<string, unknown>) => apiDownload(url(c, p.export), { query: toQuery(query) }),
  };
}

export type CatalogApi = ReturnType<typeof catalogApi>;

/** Hand a downloaded file to the browser under its Vietnamese name. */
export function saveFile(file: { blob: Blob; fileName: string | null }, fallback: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.fileName ?? fallback;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
