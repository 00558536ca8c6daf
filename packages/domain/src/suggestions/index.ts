import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';
import { registerFeatures, type PermissionKey } from '../permissions.ts';

export { SUGGESTION_OFFICE_UNITS } from './office.ts';

/**
 * The suggestion box (hòm thư góp ý): anyone sends a question or a suggestion without signing in and follows it
 * by a code; the department assigns, answers and chooses what to publish. Shared by the API and the web pages.
 * No validation library here: the shell (notification kinds, menu) loads this file at start; the request
 * schemas are in ./schemas.ts.
 */
export const SUGGESTION_SUBJECT = 'Suggestion';

export const SUGGESTION_PERMISSIONS = {
  read: `${SUGGESTION_SUBJECT}.read`,
  /** Assign to an officer, close. */
  update: `${SUGGESTION_SUBJECT}.update`,
  delete: `${SUGGESTION_SUBJECT}.delete`,
  /** Write the answer and choose whether (and in which words) the question and answer are published. */
  answer: `${SUGGESTION_SUBJECT}.answer`,
} as const satisfies Record<string, PermissionKey>;

/**
 * Answering the public is the department's work: the feature sits in the department's review group, so the
 * default employer, service-centre and training-body types (granted the news group's reading) never get it.
 */
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.suggestion',
  labelKey: 'suggestions:permissions.subject',
  order: 60,
  children: [
    { key: SUGGESTION_PERMISSIONS.read, labelKey: 'suggestions:permissions.read' },
    {
      key: SUGGESTION_PERMISSIONS.update,
      labelKey: 'suggestions:permissions.update',
      implies: [SUGGESTION_PERMISSIONS.read],
    },
    {
      key: SUGGESTION_PERMISSIONS.answer,
      labelKey: 'suggestions:permissions.answer',
      implies: [SUGGESTION_PERMISSIONS.read],
    },
    {
      key: SUGGESTION_PERMISSIONS.delete,
      labelKey: 'suggestions:permissions.delete',
      implies: [SUGGESTION_PERMISSIONS.read],
    },
  ],
});

/** new → assigned → answered → published; closed from any of them (spam, duplicate, out of remit). */
export const SUGGESTION_STATUSES = ['new', 'assigned', 'answered', 'published', 'closed'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** Waiting for the department's answer (the workspace task). */
export const WAITING_STATUSES: readonly SuggestionStatus[] = ['new', 'assigned'];

/** What a question is about: a small fixed list (texts in `suggestions:topics.<topic>`). */
export const SUGGESTION_TOPICS = [
  'safety',
  'accident',
  'equipment',
  'workPermit',
  'employment',
  'training',
  'portal',
  'other',
] as const;
export type SuggestionTopic = (typeof SUGGESTION_TOPICS)[number];

export const SUGGESTION_LIMITS = {
  name: 200,
  contact: 200,
  title: 300,
  content: 5000,
  answer: 10000,
} as const;

/**
 * Follow-up codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B):
 * 25^8 ≈ 1.5 × 10^11 codes, and the look-up is rate limited.
 */
export const CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const CODE_LENGTH = 8;
export const normalizeCode = (code: string): string => code.trim().toUpperCase().replace(/[\s-]/g, '');

/** Proof of work asked of a sender's browser (the portal's challenge, see ../challenge.ts). */
export { CHALLENGE_TTL_MS, leadingZeroBits, POW_BITS as SUGGESTION_POW_BITS } from '../challenge.ts';

export const SUGGESTION_API = {
  challenge: '/api/Suggestion/challenge',
  send: '/api/Suggestion/send',
  follow: '/api/Suggestion/follow/{code}',
  published: '/api/Suggestion/published',
  list: '/api/Suggestion/suggestions',
  detail: '/api/Suggestion/suggestion/{id}',
  officers: '/api/Suggestion/officers',
  assign: '/api/Suggestion/assign',
  answer: '/api/Suggestion/answer',
  publish: '/api/Suggestion/publish',
  close: '/api/Suggestion/close',
  delete: '/api/Suggestion/delete-suggestion',
} as const;

export const SUGGESTION_PATHS = {
  list: '/tin-tuc/hom-thu-gop-y/danh-sach',
  public: '/hom-thu-gop-y',
} as const;

export const suggestionLink = (id: string): string => `${SUGGESTION_PATHS.list}?id=${id}`;
