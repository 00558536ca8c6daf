import { api, type BodyOf, type ResponseOf } from '../../platform/api/client.ts';

/**
 * Calls of the employment services' own pages (apps/api/src/modules/employment): the matches of a job seeker or of
 * a vacancy, each with why, and the public vacancies board. The records themselves are the catalogue's (jobSeeker,
 * vacancy). Paths as in EMPLOYMENT_API (`@portal/domain/employment/constants`).
 */

export type SeekerMatches = ResponseOf<'/api/JobSeeker/jobSeekers/{id}/matches'>;
export type VacancyMatches = ResponseOf<'/api/Vacancy/vacancies/{id}/matches'>;
export type VacancyMatch = SeekerMatches['items'][number];
export type SeekerMatch = VacancyMatches['items'][number];
export type MatchReason = VacancyMatch['reasons'][number];
export type Matches<Item> = { subject: SeekerMatches['subject']; items: Item[] };
export type BoardPage = ResponseOf<'/api/Vacancy/public-board'>;
export type BoardItem = BoardPage['pageLists'][number];

/** What a match page is for: a job seeker's vacancies, or a vacancy's job seekers. */
export type MatchKind = 'seeker' | 'vacancy';

export const employmentKeys = {
  matches: (kind: MatchKind, id: string, limit: number) => ['employment', 'matches', kind, id, limit] as const,
  board: ['employment', 'board'] as const,
  boardOccupations: ['employment', 'board', 'occupations'] as const,
};

export const employmentApi = {
  /** The open vacancies that fit a job seeker, best first. */
  seekerMatches: (id: string, limit: number, signal?: AbortSignal): Promise<Matches<VacancyMatch>> =>
    api.get('/api/JobSeeker/jobSeekers/{id}/matches', { path: { id }, query: { limit }, signal }),
  /** The job seekers who fit a vacancy, best first (an employer: only those who agreed to share). */
  vacancyMatches: (id: string, limit: number, signal?: AbortSignal): Promise<Matches<SeekerMatch>> =>
    api.get('/api/Vacancy/vacancies/{id}/matches', { path: { id }, query: { limit }, signal }),
  /** The public board (no sign-in): open vacancies, page by page, by keyword and commune. */
  board: (query: Record<string, unknown>, signal?: AbortSignal): Promise<BoardPage> =>
    api.get('/api/Vacancy/public-board', { query, signal }),
  /** The occupations and groups the open vacancies ask for, with how many are open (public). */
  boardOccupations: (signal?: AbortSignal): Promise<BoardOccupation[]> =>
    api.get('/api/Vacancy/public-occupations', { signal }),
};

// ------------------------------------------------------------------------------------------------ referrals

export type ReferralPage = ResponseOf<'/api/JobReferral/jobReferrals'>;
export type ReferralRow = ReferralPage['pageLists'][number];
export type ReferralDetail = ResponseOf<'/api/JobReferral/jobReferrals/{id}'>;
export type ReferralMove = 'acknowledge' | 'invite' | 'hire' | 'refuse' | 'cancel';
export type ReferralMoveBody = BodyOf<'/api/JobReferral/hire/{id}', 'post'>;
export type ReferralFollowUpBody = BodyOf<'/api/JobReferral/follow-up/{id}', 'post'>;
export type BoardOccupation = ResponseOf<'/api/Vacancy/public-occupations'>[number];

export const referralKeys = {
  all: ['employment', 'referrals'] as const,
  list: (request: unknown) => ['employment', 'referrals', 'list', request] as const,
  detail: (id: string) => ['employment', 'referrals', 'detail', id] as const,
};

export const referralApi = {
  /** The referrals in the caller's scope (an employer: its own), page by page. */
  list: (query: Record<string, unknown>, signal?: AbortSignal): Promise<ReferralPage> =>
    api.get('/api/JobReferral/jobReferrals', { query, signal }),
  detail: (id: string, signal?: AbortSignal): Promise<ReferralDetail> =>
    api.get('/api/JobReferral/jobReferrals/{id}', { path: { id }, signal }),
  /** The centre refers a job seeker to a vacancy. */
  create: (seekerId: string, vacancyId: string, note: string | null, idempotencyKey: string): Promise<ReferralDetail> =>
    api.post('/api/JobReferral/jobReferrals', { body: { seekerId, vacancyId, note }, idempotencyKey }),
  /** One move of the workflow (acknowledge, invite, hire, refuse, cancel). */
  move: (action: ReferralMove, id: string, body: ReferralMoveBody): Promise<ReferralDetail> =>
    api.post(`/api/JobReferral/${action}/{id}`, { path: { id }, body }),
  followUp: (id: string, body: ReferralFollowUpBody): Promise<ReferralDetail> =>
    api.post('/api/JobReferral/follow-up/{id}', { path: { id }, body }),
};
