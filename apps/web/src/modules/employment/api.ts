import { api, type ResponseOf } from '../../platform/api/client.ts';

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
};
