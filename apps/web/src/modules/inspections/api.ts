import type { InspectionDetail, InspectionSummary, PublicInspectedEmployer } from '@portal/domain/inspections/schemas';
import { apiFetch } from '../../app/api-client.ts';
import { toQuery } from '../../catalog/api.ts';
import type { ResponseOf } from '../../platform/api/client.ts';

/**
 * The inspection calls as the pages use them. Shapes are the API's (packages/domain/src/inspections/schemas.ts,
 * types only: the web bundle carries no schema for them).
 */
const url = (path: string) => `/api/Inspection/${path}`;
const id = (value: string) => encodeURIComponent(value);

export type { InspectionDetail, InspectionSummary, PublicInspectedEmployer };
export type Requirement = InspectionDetail['requirements'][number];
export type Violation = InspectionDetail['violations'][number];

/**
 * What the form sends (create: with businessId; update: with the version read). Hand-written: the generated
 * body types kind and topic as their enums where the form holds text, and the optional dates as `string | ''`
 * (the schema's null handling does not reach the document).
 */
export interface InspectionBody {
  businessId?: string;
  version?: number;
  kind: string;
  topic: string;
  legalBasis?: string | null;
  decisionNumber?: string | null;
  decisionDate?: string | null;
  decisionSigner?: string | null;
  plannedFrom: string;
  plannedTo?: string | null;
  actualDate?: string | null;
  findings?: string | null;
  team: { userId: string; role: 'leader' | 'member' }[];
  violations: {
    id?: string;
    description: string;
    legalProvision: string;
    fineAmount?: number | null;
    penaltyDecisionNumber?: string | null;
    penaltyDecisionDate?: string | null;
  }[];
  requirements: { id?: string; content: string; deadline: string }[];
}

export const inspectionKeys = {
  all: ['inspections'] as const,
  list: (q: Record<string, unknown>) => ['inspections', 'list', q] as const,
  one: (inspectionId: string) => ['inspections', 'one', inspectionId] as const,
  inspectors: (keyWord: string) => ['inspections', 'inspectors', keyWord] as const,
  lookup: (keyWord: string, page: number) => ['inspections', 'public', keyWord, page] as const,
};

export const inspectionApi = {
  list: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: InspectionSummary[]; totalRecord: number }>(url('inspections'), {
      query: toQuery(q),
      ...(signal ? { signal } : {}),
    }),
  one: (inspectionId: string, signal?: AbortSignal) =>
    apiFetch<InspectionDetail>(url(`inspections/${id(inspectionId)}`), signal ? { signal } : {}),
  inspectors: (keyWord: string, signal?: AbortSignal) =>
    apiFetch<ResponseOf<'/api/Inspection/inspectors'>>(url('inspectors'), {
      query: keyWord ? { keyWord } : {},
      ...(signal ? { signal } : {}),
    }),
  create: (body: InspectionBody, idempotencyKey?: string) =>
    apiFetch<InspectionDetail>(url('add-inspection'), { method: 'POST', body, idempotencyKey }),
  update: (inspectionId: string, body: InspectionBody) =>
    apiFetch<InspectionDetail>(url(`update-inspection/${id(inspectionId)}`), { method: 'PUT', body }),
  start: (inspectionId: string, version: number) =>
    apiFetch<InspectionDetail>(url(`start-inspection/${id(inspectionId)}`), { method: 'POST', body: { version } }),
  conclude: (
    inspectionId: string,
    body: {
      version: number;
      conclusionNumber: string;
      conclusionDate: string;
      conclusionSummary: string;
      conclusionFileId?: string | null;
    },
  ) => apiFetch<InspectionDetail>(url(`conclude-inspection/${id(inspectionId)}`), { method: 'POST', body }),
  cancel: (inspectionId: string, version: number, reason: string) =>
    apiFetch<InspectionDetail>(url(`cancel-inspection/${id(inspectionId)}`), {
      method: 'POST',
      body: { version, reason },
    }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(url('delete-inspections'), { method: 'POST', body: ids }),
  answer: (requirementId: string, text: string, fileIds: string[]) =>
    apiFetch<InspectionDetail>(url(`answer-requirement/${id(requirementId)}`), {
      method: 'POST',
      body: { text, fileIds },
    }),
  accept: (requirementId: string) =>
    apiFetch<InspectionDetail>(url(`accept-requirement/${id(requirementId)}`), { method: 'POST', body: {} }),
  giveBack: (requirementId: string, reason: string) =>
    apiFetch<InspectionDetail>(url(`return-requirement/${id(requirementId)}`), { method: 'POST', body: { reason } }),
  lookup: (keyWord: string, pageNumber: number, signal?: AbortSignal) =>
    apiFetch<{ pageLists: PublicInspectedEmployer[]; totalRecord: number }>(url('public-lookup'), {
      query: { keyWord, pageNumber: String(pageNumber), pageSize: '10' },
      ...(signal ? { signal } : {}),
    }),
};
