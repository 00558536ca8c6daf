import {
  RISK_ASSESSMENT_PATHS,
  type Assessment,
  type AssessmentHazard,
  type AssessmentMeasure,
  type HazardAnswer,
  type HazardGroup,
  type HazardSector,
  type MeasureStatus,
  type ReviewReason,
  type RiskLevel,
} from '@portal/domain/risk-assessment/rules';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { saveFile } from '../../catalog/api.ts';

/**
 * The calls of the assessment page beyond the catalogue's own (modules/risk-assessment/routes.ts on the server):
 * the page's state, the sector's library, hazards, ratings, measures, completing, re-doing and the PDFs.
 */
const BASE = '/api/RiskAssessment';
const id = (value: string) => encodeURIComponent(value);

export type { AssessmentHazard, AssessmentMeasure };

export interface AssessmentDetails {
  assessment: Assessment;
  canEdit: boolean;
  canManageMeasures: boolean;
  reviewReasons: ReviewReason[];
  hazards: AssessmentHazard[];
  priority: string[];
  accidents: {
    id: string;
    code: string;
    occurredOn: string;
    severity: string;
    place: string;
    afterCompletion: boolean;
  }[];
  summary: {
    hazards: number;
    unanswered: number;
    present: number;
    rated: number;
    levels: Record<RiskLevel, number>;
    measures: number;
    measuresDone: number;
    measuresOverdue: number;
    cost: number;
  };
}

export interface LibraryHazard {
  id: string;
  code: string;
  name: string;
  sector: HazardSector;
  group: HazardGroup;
  suggestedMeasures: string | null;
  added: boolean;
}

export interface HazardAnswerBody {
  answer: HazardAnswer;
  currentControls?: string | null;
  likelihood?: number | null;
  severity?: number | null;
  note?: string | null;
  name?: string;
  group?: HazardGroup;
}

export interface MeasureBody {
  description: string;
  owner: string;
  deadline: string;
  cost: number;
  status: MeasureStatus;
  doneOn?: string | null;
}

export const riskApi = {
  details: (assessmentId: string, signal?: AbortSignal) =>
    apiFetch<AssessmentDetails>(`${BASE}/details/${id(assessmentId)}`, { signal }),
  library: (assessmentId: string, signal?: AbortSignal) =>
    apiFetch<LibraryHazard[]>(`${BASE}/library/${id(assessmentId)}`, { signal }),
  addHazards: (assessmentId: string, body: { hazardIds?: string[]; own?: { name: string; group: HazardGroup }[] }) =>
    apiFetch<AssessmentDetails>(`${BASE}/hazards/${id(assessmentId)}`, { method: 'POST', body }),
  answer: (rowId: string, body: HazardAnswerBody) =>
    apiFetch<AssessmentDetails>(`${BASE}/hazard/${id(rowId)}`, { method: 'PUT', body }),
  removeHazard: (rowId: string) =>
    apiFetch<AssessmentDetails>(`${BASE}/remove-hazard/${id(rowId)}`, { method: 'POST' }),
  addMeasure: (rowId: string, body: MeasureBody) =>
    apiFetch<AssessmentDetails>(`${BASE}/measure/${id(rowId)}`, { method: 'POST', body }),
  updateMeasure: (measureId: string, body: MeasureBody) =>
    apiFetch<AssessmentDetails>(`${BASE}/measure/${id(measureId)}`, { method: 'PUT', body }),
  removeMeasure: (measureId: string) =>
    apiFetch<AssessmentDetails>(`${BASE}/remove-measure/${id(measureId)}`, { method: 'POST' }),
  complete: (assessmentId: string) =>
    apiFetch<AssessmentDetails>(`${BASE}/complete/${id(assessmentId)}`, { method: 'POST' }),
  reassess: (assessmentId: string) =>
    apiFetch<{ id: string }>(`${BASE}/reassess/${id(assessmentId)}`, { method: 'POST' }),
  reportPdf: async (assessmentId: string, title: string) =>
    saveFile(await apiDownload(`${BASE}/report-pdf/${id(assessmentId)}`), `${title}.pdf`),
  planPdf: async (assessmentId: string, title: string) =>
    saveFile(await apiDownload(`${BASE}/action-plan-pdf/${id(assessmentId)}`), `${title}.pdf`),
};

export const riskKeys = {
  all: ['riskAssessment'] as const,
  details: (assessmentId: string) => ['riskAssessment', 'details', assessmentId] as const,
  library: (assessmentId: string) => ['riskAssessment', 'library', assessmentId] as const,
};

export const assessmentPath = (assessmentId: string) =>
  RISK_ASSESSMENT_PATHS.detail.replace(':id', encodeURIComponent(assessmentId));
