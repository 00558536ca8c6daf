/**
 * Employment services (dịch vụ việc làm): job seekers registered with the service centre, employers' vacancies,
 * and the matching between them. Plain lists only: the area declarations and the web app's route table load
 * this file at start.
 */

/** A job seeker's registration: looking for work, placed in a job, or withdrawn (moved away, stopped looking). */
export const SEEKER_STATUSES = ['seeking', 'placed', 'withdrawn'] as const;
export type SeekerStatus = (typeof SEEKER_STATUSES)[number];

/** A vacancy is open until it is filled, closed by its employer, or closed for want of updates. */
export const VACANCY_STATUSES = ['open', 'filled', 'closed'] as const;
export type VacancyStatus = (typeof VACANCY_STATUSES)[number];

/** The contract a vacancy offers (Labour Code 2019 Art 20, plus seasonal and part-time work). */
export const CONTRACT_KINDS = ['indefinite', 'fixedTerm', 'seasonal', 'partTime'] as const;

/** The API paths of matching and the public board (the catalogue serves the records themselves). */
export const EMPLOYMENT_API = {
  /** Open vacancies that fit a job seeker, best first, each with why. */
  seekerMatches: '/api/JobSeeker/jobSeekers/{id}/matches',
  /** Seekers who fit a vacancy, best first, each with why (an employer sees only those who agreed to share). */
  vacancyMatches: '/api/Vacancy/vacancies/{id}/matches',
  /** The public vacancies board: open vacancies, no personal data. */
  publicBoard: '/api/Vacancy/public-board',
  /** The occupations open vacancies ask for, for the board's filter (reference data, no sign-in). */
  publicOccupations: '/api/Vacancy/public-occupations',
} as const;

/** Web pages beyond the catalogue's own. */
export const EMPLOYMENT_PAGES = {
  seekerMatches: '/dich-vu-viec-lam/dang-ky-tim-viec/viec-lam-phu-hop/{id}',
  vacancyMatches: '/dich-vu-viec-lam/nhu-cau-tuyen-dung/ung-vien-phu-hop/{id}',
  publicBoard: '/tra-cuu-viec-lam',
} as const;

/** The factors a match is scored on, each with the points it can bring (100 in all). */
export const MATCH_FACTORS = ['occupation', 'distance', 'pay', 'education', 'skills'] as const;
export type MatchFactor = (typeof MATCH_FACTORS)[number];

/**
 * How close two communes are, by the straight line between their centres: the same commune, then bands in km.
 * `far` is beyond the last band; `unknown` when a commune has no known centre (outside the province's map).
 */
export const DISTANCE_BANDS = ['same', 'near', 'reachable', 'far', 'unknown'] as const;
export type DistanceBand = (typeof DISTANCE_BANDS)[number];
/** Upper bounds (km) of the near and reachable bands. */
export const DISTANCE_BAND_KM = { near: 15, reachable: 40 } as const;

/**
 * The points of each factor. Occupation decides whether two records match at all (the same occupation or the
 * same group of the occupation tree); the others rank the matches.
 */
export const MATCH_POINTS = {
  occupation: { same: 40, group: 25 },
  distance: { same: 25, near: 18, reachable: 10, far: 0, unknown: 0 },
  pay: { fits: 15, close: 7, below: 0, unknown: 10 },
  education: { meets: 10, oneBelow: 4, below: 0 },
  skills: 10,
} as const;

/** A seeker's pay wish still counts as close when it exceeds the vacancy's top pay by at most this percentage. */
export const PAY_CLOSE_PERCENT = 10;
/** Results a match call answers at most. */
export const MATCH_LIMIT_MAX = 50;

/** Counselling (tư vấn việc làm): for a worker or for an employer, on a topic, with its outcome. */
export const COUNSELLING_KINDS = ['worker', 'employer'] as const;
export const COUNSELLING_TOPICS = [
  'jobSearch',
  'vocationalTraining',
  'unemploymentInsurance',
  'workingAbroad',
  'recruitment',
  'labourLaw',
  'other',
] as const;
export const COUNSELLING_CHANNELS = ['inPerson', 'phone', 'online'] as const;
export const COUNSELLING_OUTCOMES = [
  'registeredSeeker',
  'referred',
  'sentToTraining',
  'vacancyPosted',
  'informed',
] as const;

/** What a claimant's month of looking for work came to: still looking, found work (the benefit stops), or excused. */
export const JOB_SEARCH_OUTCOMES = ['stillSeeking', 'foundWork', 'excused'] as const;
/** Benefit decisions whose holders draw the benefit now: they appear among the job seekers as claimants. */
export const DRAWING_BENEFIT = ['approved', 'paying'] as const;

// ------------------------------------------------------------------------------------------------ job fairs

/** In person at a place, or online (a meeting link). */
export const FAIR_KINDS = ['inPerson', 'online'] as const;
/** Planned (not yet taking registrations), open for registration, or cancelled; a past date makes it held. */
export const FAIR_STATUSES = ['planned', 'open', 'cancelled'] as const;
/** What an interview at a stall came to. */
export const INTERVIEW_OUTCOMES = ['interviewed', 'shortlisted', 'hired', 'notSelected'] as const;
export type InterviewOutcome = (typeof INTERVIEW_OUTCOMES)[number];

/** The sessions (catalogue) and taking part in them: stalls, registrations, check-in, interviews. */
export const FAIR_SUBJECT = 'JobFair';
export const FAIR_PARTICIPATION_SUBJECT = 'JobFairParticipation';

/** A ticket's code: eight letters and digits that cannot be misread (no 0/O, 1/I/L). */
export const TICKET_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TICKET_PATTERN = /^[A-HJ-KM-NP-Z2-9]{8}$/;
