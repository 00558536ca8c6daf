import type {
  ForeignWorkerOption,
  ListQuery,
  PermitDetail,
  PermitFile,
  PermitSummary,
  RequirementSlot,
} from '@portal/domain/permits/schemas';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { saveFile } from '../../catalog/api.ts';

/** The WorkerLicense calls as the pages use them (spec spellings; review calls documented in OpenAPI). */
const url = (path: string) => `/api/WorkerLicense/${path}`;

export type RequestGroup = 'license' | 'confirm';
export type Body = Record<string, unknown>;

function toQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

export const permitsApi = {
  list: (query: Partial<Record<keyof ListQuery, unknown>>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: PermitSummary[]; totalRecord: number }>(url('workerLicenses'), {
      query: toQuery(query),
      signal,
    }),
  detail: (group: RequestGroup, id: string, signal?: AbortSignal) =>
    apiFetch<PermitDetail>(
      url(`${group === 'confirm' ? 'worker-confirm' : 'worker-license'}/${encodeURIComponent(id)}`),
      { signal },
    ),
  createLicense: (body: Body, idempotencyKey?: string) =>
    apiFetch<PermitDetail>(url('add-require-license'), { method: 'POST', body, idempotencyKey }),
  createConfirm: (body: Body, idempotencyKey?: string) =>
    apiFetch<PermitDetail>(url('add-require-confirm'), { method: 'POST', body, idempotencyKey }),
  extend: (body: Body, idempotencyKey?: string) =>
    apiFetch<PermitDetail>(url('require-extend'), { method: 'POST', body, idempotencyKey }),
  renew: (body: Body, idempotencyKey?: string) =>
    apiFetch<PermitDetail>(url('require-renew'), { method: 'POST', body, idempotencyKey }),
  edit: (group: RequestGroup, body: Body) =>
    apiFetch<PermitDetail>(url(group === 'confirm' ? 'edit-require-confirm' : 'edit-require-license'), {
      method: 'PUT',
      body,
    }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(url('delete-worker-license'), { method: 'POST', body: ids }),
  submit: (id: string, version: number) =>
    apiFetch<PermitDetail>(url('submit-require'), { method: 'POST', body: { id, version } }),
  returnBack: (id: string, version: number, reason: string) =>
    apiFetch<PermitDetail>(url('return-require'), { method: 'POST', body: { id, version, reason } }),
  reject: (id: string, version: number, reason: string) =>
    apiFetch<PermitDetail>(url('reject-require'), { method: 'POST', body: { id, version, reason } }),
  approve: (body: { id: string; version: number; validFrom: string; validTo: string; note: string | null }) =>
    apiFetch<PermitDetail>(url('approve-require'), { method: 'POST', body }),
  slots: (id: string, signal?: AbortSignal) =>
    apiFetch<RequirementSlot[]>(url('list-file-requires'), { query: { licenseId: id }, signal }),
  attachments: (id: string, signal?: AbortSignal) =>
    apiFetch<PermitFile[]>(url('list-file-in-worker-license'), { query: { licenseId: id }, signal }),
  upload: (id: string, requirementCode: string, file: File) => {
    const form = new FormData();
    form.append('IsSecure', 'true');
    form.append('FileType', requirementCode);
    form.append('formFile', file, file.name);
    return apiFetch<RequirementSlot[]>(url('update-file-require'), {
      method: 'PUT',
      body: form,
      query: { licenseId: id, requirementCode },
    });
  },
  attach: (id: string, file: File) => {
    const form = new FormData();
    form.append('IsSecure', 'true');
    form.append('formFile', file, file.name);
    return apiFetch<PermitFile[]>(url('add-file-to-license'), { method: 'POST', body: form, query: { licenseId: id } });
  },
  removeRequired: (ids: string[]) =>
    apiFetch<{ deleted: number }>(url('delete-file-require'), { method: 'POST', body: ids }),
  removeAttachments: (ids: string[]) =>
    apiFetch<{ deleted: number }>(url('delete-file-in-license'), { method: 'POST', body: ids }),
  download: async (file: PermitFile) =>
    saveFile(await apiDownload(url(`download-file-require/${file.id}`)), file.fileName),
  /** The employer's foreign workers, each saying whether a request of `kind` for them would be refused. */
  foreignWorkers: (
    query: { keyWord: string; kind: 'new' | 'confirm'; exceptId: string | null },
    signal?: AbortSignal,
  ) =>
    apiFetch<ForeignWorkerOption[]>(url('get-combobox-foreign-worker'), {
      query: toQuery({ keyWord: query.keyWord, kind: query.kind, exceptId: query.exceptId ?? undefined }),
      signal,
    }),
};

/** Query keys: every write invalidates ['permits']. */
export const permitKeys = {
  all: ['permits'] as const,
  list: (q: Record<string, unknown>) => ['permits', 'list', q] as const,
  detail: (id: string) => ['permits', 'detail', id] as const,
  slots: (id: string) => ['permits', 'slots', id] as const,
  attachments: (id: string) => ['permits', 'attachments', id] as const,
};
