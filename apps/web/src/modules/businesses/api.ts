import { useQuery } from '@tanstack/react-query';
import type {
  BusinessSectorLink,
  DocumentBox,
  DocumentInput,
  OfficialDocument,
  OvertimeInput,
  OvertimeNotification,
  OvertimeTransition,
  PublicViolation,
  Violation,
  ViolationInput,
} from '@portal/domain/businesses/model';
import type { SyncRun } from '@portal/domain/integration/business-registry';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { useAccess } from '../../app/access.ts';
import type { BodyOf, ResponseOf } from '../../platform/api/client.ts';

/** Calls of the employers domain (documents, overtime, violations, sectors, accounts, registry sync). */

export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

export type AttachedFile = ResponseOf<'/api/OfficialDocument/list-file/{id}'>[number];

/** Query values as the API reads them: strings, empty ones left out. */
export function toQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

const documents = '/api/OfficialDocument';
const overtime = '/api/OvertimeNotification';
const violations = '/api/ViolatingOrganization';

export const documentApi = {
  list: (query: { box: DocumentBox } & Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<OfficialDocument>>(`${documents}/officialDocuments`, { query: toQuery(query), signal }),
  get: (id: string) => apiFetch<OfficialDocument>(`${documents}/officialDocuments/${id}`),
  create: (body: DocumentInput, idempotencyKey?: string) =>
    apiFetch<OfficialDocument>(`${documents}/officialDocuments`, { method: 'POST', body, idempotencyKey }),
  update: (id: string, body: DocumentInput) =>
    apiFetch<OfficialDocument>(`${documents}/officialDocuments/${id}`, { method: 'PUT', body }),
  remove: (ids: string[]) =>
    apiFetch<{ deleted: number }>(`${documents}/delete-official-documents`, { method: 'POST', body: ids }),
};

export const overtimeApi = {
  list: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<OvertimeNotification>>(`${overtime}/overtimeNotifications`, { query: toQuery(query), signal }),
  get: (id: string) => apiFetch<OvertimeNotification>(`${overtime}/overtimeNotifications/${id}`),
  submit: (body: OvertimeInput, idempotencyKey?: string) =>
    apiFetch<OvertimeNotification>(`${overtime}/overtimeNotifications`, { method: 'POST', body, idempotencyKey }),
  update: (id: string, body: OvertimeInput) =>
    apiFetch<OvertimeNotification>(`${overtime}/overtimeNotifications/${id}`, { method: 'PUT', body }),
  remove: (ids: string[]) =>
    apiFetch<{ deleted: number }>(`${overtime}/delete-overtime-notifications`, { method: 'POST', body: ids }),
  transition: (id: string, action: OvertimeTransition, reason?: string) =>
    apiFetch<OvertimeNotification>(`${overtime}/${action}/${id}`, {
      method: 'POST',
      ...(action === 'return' ? { body: { reason } } : {}),
    }),
};

export const violationApi = {
  list: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<Violation>>(`${violations}/violatingOrganizations`, { query: toQuery(query), signal }),
  create: (body: ViolationInput, idempotencyKey?: string) =>
    apiFetch<Violation>(`${violations}/violatingOrganizations`, { method: 'POST', body, idempotencyKey }),
  update: (id: string, body: ViolationInput) =>
    apiFetch<Violation>(`${violations}/violatingOrganizations/${id}`, { method: 'PUT', body }),
  remove: (ids: string[]) =>
    apiFetch<{ deleted: number }>(`${violations}/delete-violating-organizations`, { method: 'POST', body: ids }),
  publicList: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<PublicViolation>>(`${violations}/public-list`, { query: toQuery(query), signal }),
};

/** Attachments of documents (`OfficialDocument`) and overtime notifications (`OvertimeNotification`). */
export function attachmentApi(area: 'OfficialDocument' | 'OvertimeNotification') {
  const base = `/api/${area}`;
  return {
    list: (id: string, signal?: AbortSignal) => apiFetch<AttachedFile[]>(`${base}/list-file/${id}`, { signal }),
    add: (id: string, file: File) => {
      const form = new FormData();
      form.append('formFile', file);
      return apiFetch<AttachedFile>(`${base}/add-file/${id}`, { method: 'POST', body: form });
    },
    download: (id: string, fileId: string) => apiDownload(`${base}/download-file/${id}/${fileId}`),
    remove: (id: string, fileIds: string[]) =>
      apiFetch<{ deleted: number }>(`${base}/delete-file/${id}`, { method: 'POST', body: fileIds }),
  };
}

export const sectorApi = {
  of: (bussinessId: string, signal?: AbortSignal) =>
    apiFetch<BusinessSectorLink[]>('/api/Bussiness/list-sector-in-bussiness', { query: { bussinessId }, signal }),
  notRegistered: (bussinessId: string, keyWord: string, signal?: AbortSignal) =>
    apiFetch<Omit<BusinessSectorLink, 'isMain'>[]>('/api/Bussiness/list-sector-not-register', {
      query: toQuery({ bussinessId, keyWord, take: 100 }),
      signal,
    }),
  add: (bussinessId: string, sectorIds: string[], mainSectorId?: string | null) =>
    apiFetch<BusinessSectorLink[]>('/api/Bussiness/add-sector', {
      method: 'POST',
      body: { bussinessId, sectorIds, mainSectorId: mainSectorId ?? null },
    }),
  remove: (bussinessId: string, ids: string[]) =>
    apiFetch<BusinessSectorLink[]>('/api/Bussiness/delete-sector', { method: 'POST', body: { bussinessId, ids } }),
};

/** Hand-written: the route declares no answer schema (GET /api/Bussiness/list-account/{id}). */
export interface EmployerAccount {
  id: string;
  userName: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  status: 'inactive' | 'active' | 'disabled' | 'locked';
  lastLoginAt: string | null;
  userTypeName: string;
}

export type NewAccount = BodyOf<'/api/Bussiness/add-account/{id}', 'post'>;

export const accountApi = {
  list: (businessId: string, signal?: AbortSignal) =>
    apiFetch<Page<EmployerAccount>>(`/api/Bussiness/list-account/${businessId}`, {
      query: { pageSize: '100' },
      signal,
    }),
  add: (businessId: string, body: NewAccount, idempotencyKey?: string) =>
    apiFetch<{ id: string }>(`/api/Bussiness/add-account/${businessId}`, { method: 'POST', body, idempotencyKey }),
  /** Identity's bulk activation of employer accounts. */
  activate: (userIds: string[]) =>
    apiFetch<ResponseOf<'/api/Account/active-bussiness-accounts', 'post'>>('/api/Account/active-bussiness-accounts', {
      method: 'POST',
      body: userIds,
    }),
};

export type RegistryItem = ResponseOf<'/api/Bussiness/list-bussiness-dak-nong'>['pageLists'][number];

export const syncApi = {
  registry: (query: { pageNumber: number; pageSize: number; keyWord?: string }, signal?: AbortSignal) =>
    apiFetch<Page<RegistryItem>>('/api/Bussiness/list-bussiness-dak-nong', { query: toQuery(query), signal }),
  status: (signal?: AbortSignal) =>
    apiFetch<{ configured: boolean; run: SyncRun | null }>('/api/Bussiness/synchronize-status', { signal }),
  all: () => apiFetch<SyncRun>('/api/Bussiness/synchronize-dak-nong', { method: 'POST' }),
  chosen: (taxCodes: string[]) =>
    apiFetch<SyncRun>('/api/Bussiness/synchronize-dak-nong-with-list', { method: 'POST', body: taxCodes }),
};

type AccountInfo = ResponseOf<'/api/Account/info'>;

/**
 * Which side of the exchange the signed-in user is on: an employer user acts for its employer, everyone else
 * for the authority. From the account information the API gives (cached for the session).
 */
export function useSide(): {
  side: 'employer' | 'authority' | null;
  businessId: string | null;
  unitName: string | null;
} {
  const access = useAccess();
  const info = useQuery({
    queryKey: ['businesses', 'account-info', access.user?.userId ?? null],
    queryFn: ({ signal }) => apiFetch<AccountInfo>('/api/Account/info', { signal }),
    enabled: access.loggedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!info.data) return { side: null, businessId: null, unitName: null };
  const employer = info.data.unit.kind === 'employer' && Boolean(info.data.unit.businessId);
  return {
    side: employer ? 'employer' : 'authority',
    businessId: info.data.unit.businessId,
    unitName: info.data.unit.name,
  };
}
