import {
  TRAINING_CERTIFICATE_PATHS,
  type PublicCredential,
  type RequestParticipant,
  type RequestWorkflow,
} from '@portal/domain/training/certificates';
import { apiDownload, apiFetch } from '../../../app/api-client.ts';
import { saveFile } from '../../../catalog/api.ts';
import { api, type BodyOf, type ResponseOf } from '../../../platform/api/client.ts';

/**
 * The calls of the credential pages beyond the catalogue's own: a request's participants and steps, issuing from a
 * course, revoking, the PDFs and the public verification (modules/training/certificates/routes.ts on the server).
 */
const CERT = '/api/TrainingCertificate';
const REQ = '/api/TrainingCertificateRequest';
const id = (value: string) => encodeURIComponent(value);

export type { PublicCredential, RequestParticipant, RequestWorkflow };
export type CourseParticipant = Omit<RequestParticipant, 'selected'>;

export type IssuedAnswer = ResponseOf<'/api/TrainingCertificateRequest/issue/{id}', 'post'>;

export const certificatesApi = {
  workflow: (requestId: string, signal?: AbortSignal) =>
    apiFetch<RequestWorkflow>(`${REQ}/workflow/${id(requestId)}`, { signal }),
  setParticipants: (requestId: string, workerIds: string[]) =>
    apiFetch<RequestWorkflow>(`${REQ}/participants/${id(requestId)}`, { method: 'PUT', body: { workerIds } }),
  submit: (requestId: string) => apiFetch<RequestWorkflow>(`${REQ}/submit/${id(requestId)}`, { method: 'POST' }),
  issue: (requestId: string, issuedOn?: string) =>
    api.post('/api/TrainingCertificateRequest/issue/{id}', {
      path: { id: requestId },
      body: issuedOn ? { issuedOn } : {},
    }),
  refuse: (requestId: string, reason: string) =>
    apiFetch<RequestWorkflow>(`${REQ}/refuse/${id(requestId)}`, { method: 'POST', body: { reason } }),
  courseParticipants: (trainingId: string, signal?: AbortSignal) =>
    apiFetch<CourseParticipant[]>(`${CERT}/course-participants/${id(trainingId)}`, { signal }),
  issueCourse: (
    trainingId: string,
    body: BodyOf<'/api/TrainingCertificate/issue-course/{id}', 'post'>,
    idempotencyKey?: string,
  ) => api.post('/api/TrainingCertificate/issue-course/{id}', { path: { id: trainingId }, body, idempotencyKey }),
  actions: (certificateId: string, signal?: AbortSignal) =>
    api.get('/api/TrainingCertificate/actions/{id}', { path: { id: certificateId }, signal }),
  revoke: (ids: string[], reason: string) => api.post('/api/TrainingCertificate/revoke', { body: { ids, reason } }),
  print: async (certificateId: string, number: string) =>
    saveFile(await apiDownload(`${CERT}/print/${id(certificateId)}`), `${number.replace(/[\\/]+/g, '-')}.pdf`),
  printRequest: async (requestId: string, code: string) =>
    saveFile(await apiDownload(`${CERT}/print-request/${id(requestId)}`), `${code.replace(/[\\/]+/g, '-')}.pdf`),
  verifyByNumber: (number: string, signal?: AbortSignal) =>
    apiFetch<PublicCredential>(`${CERT}/public-lookup`, { query: { number }, signal }),
  verifyById: (certificateId: string, signal?: AbortSignal) =>
    apiFetch<PublicCredential>(`${CERT}/public/${id(certificateId)}`, { signal }),
};

/** Query keys: every write invalidates ['trainingCertificates'] and the catalogue's lists of both areas. */
export const certificateKeys = {
  all: ['trainingCertificates'] as const,
  workflow: (requestId: string) => ['trainingCertificates', 'workflow', requestId] as const,
  actions: (certificateId: string) => ['trainingCertificates', 'actions', certificateId] as const,
  course: (trainingId: string) => ['trainingCertificates', 'course', trainingId] as const,
  verify: (key: string) => ['trainingCertificates', 'verify', key] as const,
};

export const requestPath = (requestId: string) =>
  TRAINING_CERTIFICATE_PATHS.requestDetail.replace(':id', encodeURIComponent(requestId));
export const certificatePath = (certificateId: string) =>
  TRAINING_CERTIFICATE_PATHS.detail.replace(':id', encodeURIComponent(certificateId));
