import { apiFetch } from '../../app/api-client.ts';
import type { ResponseOf } from '../../platform/api/client.ts';

/**
 * The public look-ups' calls (no sign-in): a work permit, a worker, an employer's public page. The shapes are the
 * API's answers (apps/api/src/modules/{permits,workers,businesses}/public.ts).
 */

export type PublicPermit = ResponseOf<'/api/WorkerLicense/public-lookup'>;
export type PublicPermitStatus = PublicPermit['status'];
export type PublicWorker = ResponseOf<'/api/Worker/public-lookup'>;
export type PublicEmployer = ResponseOf<'/api/Bussiness/public/{id}'>;

/** A permit is confirmed by its number together with a factor only its holder has. */
export type PermitQuery = { number: string } & ({ passportNumber: string } | { birthDate: string });

export const LOOKUP_PATHS = {
  permit: '/tra-cuu-giay-phep',
  worker: '/tra-cuu-nguoi-lao-dong',
  employer: '/chi-tiet-doanh-nghiep/:id',
} as const;

export const employerPagePath = (id: string) => LOOKUP_PATHS.employer.replace(':id', encodeURIComponent(id));

export const lookupApi = {
  permit: (query: PermitQuery, signal?: AbortSignal) =>
    apiFetch<PublicPermit>('/api/WorkerLicense/public-lookup', { query, signal }),
  worker: (
    query: { citizenId: string; birthDate: string } | { passportNumber: string; birthDate: string },
    signal?: AbortSignal,
  ) => apiFetch<PublicWorker>('/api/Worker/public-lookup', { query, signal }),
  employer: (id: string, signal?: AbortSignal) =>
    apiFetch<PublicEmployer>(`/api/Bussiness/public/${encodeURIComponent(id)}`, { signal }),
};
