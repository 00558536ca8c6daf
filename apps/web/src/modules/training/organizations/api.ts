import { formatDate } from '@portal/domain/format';
import { apiFetch } from '../../../app/api-client.ts';
import type { CatalogRecord } from '../../../catalog/api.ts';
import { api, type ResponseOf } from '../../../platform/api/client.ts';

/**
 * The training organisations' calls beyond the catalogue's generic ones: the department's acknowledgement of a
 * course notice, the moves of a class A self-declaration, the caller's own class and the public list.
 */
export type SelfDeclarationMove = 'submit' | 'resubmit' | 'acknowledge' | 'refuse';

export type OwnClass = NonNullable<ResponseOf<'/api/TrainingOrganization/own-class'>['organization']>;
export type PublicClassAEmployer = ResponseOf<'/api/TrainingSelfDeclaration/public-list'>['pageLists'][number];

const id = (value: string) => encodeURIComponent(value);

export const organizationsApi = {
  acknowledgeNotice: (noticeId: string, note: string | null) =>
    apiFetch<CatalogRecord>(`/api/TrainingNotice/acknowledge/${id(noticeId)}`, { method: 'POST', body: { note } }),
  move: (declarationId: string, move: SelfDeclarationMove, body: { updatedAt?: string; reason?: string }) =>
    apiFetch<CatalogRecord>(`/api/TrainingSelfDeclaration/${move}/${id(declarationId)}`, { method: 'POST', body }),
  ownClass: (signal?: AbortSignal) => api.get('/api/TrainingOrganization/own-class', { signal }),
  publicClassA: (query: Record<string, unknown>, signal?: AbortSignal) =>
    api.get('/api/TrainingSelfDeclaration/public-list', { query, signal }),
};

export const showDate = (iso: string | null | undefined): string => (iso ? formatDate(iso) : '—');
