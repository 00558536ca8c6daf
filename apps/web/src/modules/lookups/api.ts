import { apiFetch } from '../../app/api-client.ts';

/**
 * The public look-ups' calls (no sign-in): a work permit, a worker, an employer's public page. The shapes are the
 * API's answers (apps/api/src/modules/{permits,workers,businesses}/public.ts).
 */

export type PublicPermitStatus = 'valid' | 'notYetValid' | 'expired' | 'revoked';

export interface PublicPermit {
  number: string;
  kind: 'new' | 'extend' | 'renew' | 'confirm';
  status: PublicPermitStatus;
  validFrom: string | null;
  validTo: string | null;
  employerName: string;
  jobTitle: string | null;
  position: string | null;
  workerName: string;
  nationality: string | null;
  passportMasked: string | null;
}

export interface PublicWorker {
  fullName: string;
  nationality: string | null;
  identifierMasked: string;
  businessId: string | null;
  employerName: string;
  occupation: string | null;
  position: string | null;
  workingSince: string | null;
  healthClass: string | null;
  validWorkPermit: boolean | null;
}

export interface PublicEmployer {
  id: string;
  name: string;
  taxCode: string;
  address: string | null;
  wardName: string | null;
  sectorName: string | null;
  typeName: string | null;
  foundedOn: string | null;
  violations: {
    id: string;
    violationContent: string;
    decisionNumber: string | null;
    decisionDate: string | null;
    fineAmount: number | null;
    issuedBy: string | null;
    publishedAt: string | null;
  }[];
  machines: { inUse: number; overdue: number; dueSoon: number };
}

export const LOOKUP_PATHS = {
  permit: '/tra-cuu-giay-phep',
  worker: '/tra-cuu-nguoi-lao-dong',
  employer: '/chi-tiet-doanh-nghiep/:id',
} as const;

export const employerPagePath = (id: string) => LOOKUP_PATHS.employer.replace(':id', encodeURIComponent(id));

export const lookupApi = {
  permit: (query: { number: string } | { passportNumber: string; birthDate: string }, signal?: AbortSignal) =>
    apiFetch<{ items: PublicPermit[] }>('/api/WorkerLicense/public-lookup', { query, signal }),
  worker: (
    query: { citizenId: string; birthDate: string } | { passportNumber: string; birthDate: string },
    signal?: AbortSignal,
  ) => apiFetch<PublicWorker>('/api/Worker/public-lookup', { query, signal }),
  employer: (id: string, signal?: AbortSignal) =>
    apiFetch<PublicEmployer>(`/api/Bussiness/public/${encodeURIComponent(id)}`, { signal }),
};
