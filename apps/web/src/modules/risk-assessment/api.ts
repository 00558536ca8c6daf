import {
  RISK_ASSESSMENT_PATHS,
  type AssessmentHazard,
  type AssessmentMeasure,
} from '@portal/domain/risk-assessment/rules';
import { apiDownload } from '../../app/api-client.ts';
import { api, type BodyOf, type ResponseOf } from '../../platform/api/client.ts';
import { saveFile } from '../../catalog/api.ts';

/**
 * The calls of the assessment page beyond the catalogue's own (modules/risk-assessment/routes.ts on the server):
 * the page's state, the sector's library, hazards, ratings, measures, completing, re-doing and the PDFs.
 */
const BASE = '/api/RiskAssessment';
const id = (value: string) => encodeURIComponent(value);

export type { AssessmentHazard, AssessmentMeasure };

export type AssessmentDetails = ResponseOf<'/api/RiskAssessment/details/{id}'>;
export type LibraryHazard = ResponseOf<'/api/RiskAssessment/library/{id}'>[number];
export type HazardAnswerBody = BodyOf<'/api/RiskAssessment/hazard/{id}', 'put'>;
export type MeasureBody = BodyOf<'/api/RiskAssessment/measure/{id}', 'put'>;

export const riskApi = {
  details: (assessmentId: string, signal?: AbortSignal) =>
    api.get('/api/RiskAssessment/details/{id}', { path: { id: assessmentId }, signal }),
  library: (assessmentId: string, signal?: AbortSignal) =>
    api.get('/api/RiskAssessment/library/{id}', { path: { id: assessmentId }, signal }),
  addHazards: (
    assessmentId: string,
    body: BodyOf<'/api/RiskAssessment/hazards/{id}', 'post'>,
    idempotencyKey?: string,
  ) => api.post('/api/RiskAssessment/hazards/{id}', { path: { id: assessmentId }, body, idempotencyKey }),
  answer: (rowId: string, body: HazardAnswerBody) =>
    api.put('/api/RiskAssessment/hazard/{id}', { path: { id: rowId }, body }),
  removeHazard: (rowId: string) => api.post('/api/RiskAssessment/remove-hazard/{id}', { path: { id: rowId } }),
  addMeasure: (rowId: string, body: MeasureBody, idempotencyKey?: string) =>
    api.post('/api/RiskAssessment/measure/{id}', { path: { id: rowId }, body, idempotencyKey }),
  updateMeasure: (measureId: string, body: MeasureBody) =>
    api.put('/api/RiskAssessment/measure/{id}', { path: { id: measureId }, body }),
  removeMeasure: (measureId: string) =>
    api.post('/api/RiskAssessment/remove-measure/{id}', { path: { id: measureId } }),
  complete: (assessmentId: string) => api.post('/api/RiskAssessment/complete/{id}', { path: { id: assessmentId } }),
  reassess: (assessmentId: string) => api.post('/api/RiskAssessment/reassess/{id}', { path: { id: assessmentId } }),
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
