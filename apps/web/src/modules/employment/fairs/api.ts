import { api, type BodyOf, type ResponseOf } from '../../../platform/api/client.ts';

/**
 * Calls of the job exchange sessions' own pages (the sessions themselves are the catalogue's `jobFair`): a
 * session's board, stalls, registrations, the door and the interviews; the public calendar and its registration.
 * Paths as in FAIR_API (`@portal/domain/employment/fairs`).
 */

export type FairBoard = ResponseOf<'/api/JobFair/jobFairs/{id}/board'>;
export type FairStall = FairBoard['stalls'][number];
export type FairInterview = FairBoard['interviews'][number];
export type AttendeePage = ResponseOf<'/api/JobFair/jobFairs/{id}/attendees'>;
export type Attendee = AttendeePage['pageLists'][number];
export type Ticket = ResponseOf<'/api/JobFair/public-calendar/{id}/register', 'post'>;
export type CheckIn = ResponseOf<'/api/JobFair/check-in', 'post'>;
export type PublicFair = ResponseOf<'/api/JobFair/public-calendar'>[number];
export type StallBody = BodyOf<'/api/JobFair/jobFairs/{id}/stalls', 'post'>;
export type AttendeeBody = BodyOf<'/api/JobFair/jobFairs/{id}/attendees', 'post'>;
export type InterviewBody = BodyOf<'/api/JobFair/jobFairs/{id}/interviews', 'post'>;
export type PublicRegisterBody = BodyOf<'/api/JobFair/public-calendar/{id}/register', 'post'>;

export const fairKeys = {
  all: ['employment', 'fairs'] as const,
  board: (id: string) => ['employment', 'fairs', 'board', id] as const,
  attendees: (request: unknown) => ['employment', 'fairs', 'attendees', request] as const,
  calendar: (from: string | null) => ['employment', 'fairs', 'calendar', from] as const,
};

export const fairApi = {
  board: (id: string, signal?: AbortSignal): Promise<FairBoard> =>
    api.get('/api/JobFair/jobFairs/{id}/board', { path: { id }, signal }),
  registerStall: (id: string, body: StallBody): Promise<{ id: string }> =>
    api.post('/api/JobFair/jobFairs/{id}/stalls', { path: { id }, body }),
  withdrawStall: (id: string, stallId: string): Promise<{ ok: true }> =>
    api.delete('/api/JobFair/jobFairs/{id}/stalls/{stallId}', { path: { id, stallId } }),
  attendees: (id: string, query: Record<string, unknown>, signal?: AbortSignal): Promise<AttendeePage> =>
    api.get('/api/JobFair/jobFairs/{id}/attendees', { path: { id }, query, signal }),
  registerAttendee: (id: string, body: AttendeeBody): Promise<Ticket> =>
    api.post('/api/JobFair/jobFairs/{id}/attendees', { path: { id }, body }),
  checkIn: (ticket: string): Promise<CheckIn> => api.post('/api/JobFair/check-in', { body: { ticket } }),
  interview: (id: string, body: InterviewBody): Promise<{ id: string }> =>
    api.post('/api/JobFair/jobFairs/{id}/interviews', { path: { id }, body }),
  calendar: (from: string | null, signal?: AbortSignal): Promise<PublicFair[]> =>
    api.get('/api/JobFair/public-calendar', { query: from ? { from } : {}, signal }),
  register: (id: string, body: PublicRegisterBody): Promise<Ticket> =>
    api.post('/api/JobFair/public-calendar/{id}/register', { path: { id }, body }),
};
