import { formatDate } from '@portal/domain/format';
import { apiFetch } from '../../../app/api-client.ts';
import type { CatalogRecord } from '../../../catalog/api.ts';

/**
 * The training organisations' calls beyond the catalogue's generic ones: the department's acknowledgement of a
 * course notice, the moves of a class A self-declaration, the caller's own class and the public list.
 */
export type SelfDeclarationMove = 'submit' | 'resubmit' | 'acknowledge' | 'refuse';

export interface OwnClass {
  className: 'A' | 'B' | 'C';
  certificateNumber: string;
  validFrom: string;
  validTo: string | null;
}

export interface PublicClassAEmployer {
  name: string;
  taxCode: string;
  address: string | null;
  wardName: string | null;
  acknowledgedOn: string;
  number: string;
}

const id = (value: string) => encodeURIComponent(value);

export const organizationsApi = {
  acknowledgeNotice: (noticeId: string, note: string | null) =>
    apiFetch<CatalogRecord>(`/api/TrainingNotice/acknowledge/${id(noticeId)}`, { method: 'POST', body: { note } }),
  move: (declarationId: string, move: SelfDeclarationMove, body: { updatedAt?: string; reason?: string }) =>
    apiFetch<CatalogRecord>(`/api/TrainingSelfDeclaration/${move}/${id(declarationId)}`, { method: 'POST', body }),
  ownClass: (signal?: AbortSignal) =>
    apiFetch<{ organization: OwnClass | null }>('/api/TrainingOrganization/own-class', { signal }),
  publicClassA: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: PublicClassAEmployer[]; totalRecord: number }>('/api/TrainingSelfDeclaration/public-list', {
      query: Object.fromEntries(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ),
      signal,
    }),
};

export const showDate = (iso: string | null | undefined): string => (iso ? formatDate(iso) : '—');
