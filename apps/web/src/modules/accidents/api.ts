import type {
  AccidentDetail,
  AccidentPage,
  AccidentSummary,
  AccidentVersions,
  InvestigationDetail,
  InvestigationPage,
  InvestigationSummary,
} from '@portal/domain/accidents/schemas';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { saveFile, toQuery } from '../../catalog/api.ts';
import type { BodyOf } from '../../platform/api/client.ts';

/**
 * The accident calls as the pages use them. The shapes are the API's (packages/domain/src/accidents/schemas.ts,
 * types only: the web bundle carries no schema for them).
 */
const url = (path: string) => `/api/Accident/${path}`;
const id = (value: string) => encodeURIComponent(value);

export type { AccidentDetail, AccidentSummary, AccidentVersions, InvestigationDetail, InvestigationSummary };

type NewAccident = BodyOf<'/api/Accident/add-accident', 'post'>;
/** A new report, or an amendment with the version read and its reason. */
export type AccidentBody = NewAccident & Partial<BodyOf<'/api/Accident/update-accident/{id}', 'put'>>;
export type VictimBody = NewAccident['victims'][number];
export type InvestigationUpdate = BodyOf<'/api/Accident/update-investigation/{id}', 'put'>;
export type TeamMemberBody = NonNullable<InvestigationUpdate['team']>[number];

export const accidentApi = {
  list: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<AccidentPage>(url('accidents'), { query: toQuery(query), signal }),
  detail: (accidentId: string, signal?: AbortSignal) =>
    apiFetch<AccidentDetail>(url(`accidents/${id(accidentId)}`), { signal }),
  versions: (accidentId: string, signal?: AbortSignal) =>
    apiFetch<AccidentVersions>(url(`accident-versions/${id(accidentId)}`), { signal }),
  create: (body: AccidentBody, idempotencyKey?: string) =>
    apiFetch<AccidentDetail>(url('add-accident'), { method: 'POST', body, idempotencyKey }),
  amend: (accidentId: string, body: AccidentBody) =>
    apiFetch<AccidentDetail>(url(`update-accident/${id(accidentId)}`), { method: 'PUT', body }),
  returnForCompletion: (accidentId: string, version: number, reason: string) =>
    apiFetch<AccidentDetail>(url(`return-accident/${id(accidentId)}`), { method: 'POST', body: { version, reason } }),
  receipt: async (accidentId: string, code: string) =>
    saveFile(
      await apiDownload(url(`accident-receipt/${id(accidentId)}`)),
      `phieu-tiep-nhan-TNLD-${code.replace(/\//g, '-')}.pdf`,
    ),
  investigations: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<InvestigationPage>(url('investigations'), { query: toQuery(query), signal }),
  investigation: (investigationId: string, signal?: AbortSignal) =>
    apiFetch<InvestigationDetail>(url(`investigations/${id(investigationId)}`), { signal }),
  open: (body: BodyOf<'/api/Accident/add-investigation', 'post'>, idempotencyKey?: string) =>
    apiFetch<InvestigationDetail>(url('add-investigation'), { method: 'POST', body, idempotencyKey }),
  update: (investigationId: string, body: InvestigationUpdate) =>
    apiFetch<InvestigationDetail>(url(`update-investigation/${id(investigationId)}`), { method: 'PUT', body }),
  extend: (investigationId: string, body: BodyOf<'/api/Accident/extend-investigation/{id}', 'post'>) =>
    apiFetch<InvestigationDetail>(url(`extend-investigation/${id(investigationId)}`), { method: 'POST', body }),
  conclude: (investigationId: string, body: BodyOf<'/api/Accident/conclude-investigation/{id}', 'post'>) =>
    apiFetch<InvestigationDetail>(url(`conclude-investigation/${id(investigationId)}`), { method: 'POST', body }),
};

/** Query keys: every accident write invalidates ['accidents']. */
export const accidentKeys = {
  all: ['accidents'] as const,
  list: (q: Record<string, unknown>) => ['accidents', 'list', q] as const,
  detail: (accidentId: string) => ['accidents', 'detail', accidentId] as const,
  versions: (accidentId: string) => ['accidents', 'versions', accidentId] as const,
  investigations: (q: Record<string, unknown>) => ['accidents', 'investigations', q] as const,
  investigation: (investigationId: string) => ['accidents', 'investigation', investigationId] as const,
};
