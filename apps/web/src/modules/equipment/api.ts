import type {
  DeclarationDetail,
  DeclarationEvent,
  DeclarationItem,
  DeclarationPage,
  DeclarationSummary,
  MachineHistoryAnswer,
} from '@portal/domain/equipment/schemas';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { saveFile, toQuery, type CatalogRecord } from '../../catalog/api.ts';
import type { BodyOf, ResponseOf } from '../../platform/api/client.ts';

/**
 * The equipment calls as the pages use them: declarations (employer and department), a machine's history, the
 * public look-ups and the summary. The declarations' shapes are the API's (packages/domain/src/equipment/schemas.ts,
 * types only: the web bundle carries no schema for them).
 */
const url = (path: string) => `/api/Equipment/${path}`;
const id = (value: string) => encodeURIComponent(value);

export type { DeclarationDetail, DeclarationEvent, DeclarationItem, DeclarationSummary };

/** A new draft's body, or an update's with the version read; `businessId` on creation only. */
export type DeclarationBody = BodyOf<'/api/Equipment/add-declaration', 'post'> &
  Partial<BodyOf<'/api/Equipment/update-declaration/{id}', 'put'>>;

export type MachineHistory = MachineHistoryAnswer;
export type MachineDeclaration = MachineHistoryAnswer['declarations'][number];

export type PublicMachine = ResponseOf<'/api/Equipment/public/lookup'>['items'][number];

type Inspector = ResponseOf<'/api/Inspector/public-list'>['pageLists'][number];
type InspectionOrganization = ResponseOf<'/api/InspectionOrganization/public-list'>['pageLists'][number];
/** A row of either public list: what both have, and either one's own fields. */
export type PublicInspector = Partial<Inspector & InspectionOrganization> &
  Pick<Inspector, Extract<keyof Inspector, keyof InspectionOrganization>>;

type Summary = ResponseOf<'/api/Equipment/summary'>;
export type SummaryRow = Summary['rows'][number];
export type SummaryCounts = Summary['totals'];

type Page<T> = { pageLists: T[]; totalRecord: number };

export const equipmentApi = {
  declarations: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<DeclarationPage>(url('declarations'), { query: toQuery(query), signal }),
  declaration: (declarationId: string, signal?: AbortSignal) =>
    apiFetch<DeclarationDetail>(url(`declarations/${id(declarationId)}`), { signal }),
  create: (body: DeclarationBody, idempotencyKey?: string) =>
    apiFetch<DeclarationDetail>(url('add-declaration'), { method: 'POST', body, idempotencyKey }),
  update: (declarationId: string, body: DeclarationBody) =>
    apiFetch<DeclarationDetail>(url(`update-declaration/${id(declarationId)}`), { method: 'PUT', body }),
  submit: (declarationId: string, version: number) =>
    apiFetch<DeclarationDetail>(url(`submit-declaration/${id(declarationId)}`), { method: 'POST', body: { version } }),
  confirm: (declarationId: string, version: number) =>
    apiFetch<DeclarationDetail>(url(`confirm-declaration/${id(declarationId)}`), {
      method: 'POST',
      body: { version },
    }),
  refuse: (declarationId: string, version: number, reason: string) =>
    apiFetch<DeclarationDetail>(url(`refuse-declaration/${id(declarationId)}`), {
      method: 'POST',
      body: { version, reason },
    }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(url('delete-declarations'), { method: 'POST', body: ids }),
  downloadConfirmation: async (declarationId: string, number: string | null) =>
    saveFile(
      await apiDownload(url(`declaration-confirmation/${id(declarationId)}`)),
      `giay-xac-nhan-khai-bao-${(number ?? declarationId).replace(/\//g, '-')}.pdf`,
    ),
  machineHistory: (machineId: string, signal?: AbortSignal) =>
    apiFetch<MachineHistory>(url(`machine-history/${id(machineId)}`), { signal }),
  /** The employer's machines (the register, scoped by the server), for the declaration's picker. */
  machines: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<CatalogRecord>>(url('equipments'), { query: toQuery(query), signal }),
  /** A machine's certificates, newest first. */
  certificates: (equipmentId: string, signal?: AbortSignal) =>
    apiFetch<Page<CatalogRecord>>('/api/EquipmentInspection/equipmentInspections', {
      query: toQuery({ equipmentId, pageSize: 50, sortField: 'inspectionDate', sortOrder: 'desc' }),
      signal,
    }),
  publicLookup: (number: string, signal?: AbortSignal) =>
    apiFetch<ResponseOf<'/api/Equipment/public/lookup'>>(url('public/lookup'), { query: { number }, signal }),
  publicMachine: (code: string, signal?: AbortSignal) =>
    apiFetch<ResponseOf<'/api/Equipment/public/{code}'>>(url(`public/${id(code)}`), { signal }),
  publicInspectors: (kind: 'inspectors' | 'organizations', query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<PublicInspector>>(
      kind === 'inspectors' ? '/api/Inspector/public-list' : '/api/InspectionOrganization/public-list',
      { query: toQuery(query), signal },
    ),
  summary: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Summary>(url('summary'), { query: toQuery(query), signal }),
  summaryExcel: async (query: Record<string, unknown>) =>
    saveFile(await apiDownload(url('summary/export-excel'), { query: toQuery(query) }), 'bang-tong-hop-thiet-bi.xlsx'),
};

/** Query keys: every declaration write invalidates ['equipment']. */
export const equipmentKeys = {
  all: ['equipment'] as const,
  declarations: (q: Record<string, unknown>) => ['equipment', 'declarations', q] as const,
  declaration: (declarationId: string) => ['equipment', 'declaration', declarationId] as const,
  history: (machineId: string) => ['equipment', 'history', machineId] as const,
};
