import { z } from 'zod';
import { SUGGESTION_LIMITS as L, SUGGESTION_STATUSES, SUGGESTION_TOPICS } from './index.ts';

/** Request and answer shapes of the `/api/Suggestion/…` calls (API validation and OpenAPI). */

const text = (max: number) => z.string().trim().min(1).max(max);
const paging = {
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(200).optional(),
};

export const challengeAnswer = z.object({
  token: z.string(),
  /** sha256(token + nonce) must start with this many zero bits. */
  difficulty: z.number(),
  expiresAt: z.string(),
});

export const sendBody = z.object({
  name: text(L.name),
  /** An email address or a phone number, optional: never published, never shown by the follow-up look-up. */
  contact: z.string().trim().max(L.contact).optional().nullable(),
  topic: z.enum(SUGGESTION_TOPICS),
  title: text(L.title),
  content: text(L.content),
  /** The honeypot: a field people never see. Filled → an accepted-looking answer, nothing stored. */
  website: z.string().max(500).optional().nullable(),
  token: z.string().min(1).max(500),
  nonce: z.string().min(1).max(64),
});
export type SendBody = z.infer<typeof sendBody>;

export const sendAnswer = z.object({ code: z.string() });

export const codeParams = z.object({ code: z.string().trim().min(1).max(20) });

/** What the follow-up look-up shows: the status and the published answer, never the sender or their contact. */
export const followAnswer = z.object({
  code: z.string(),
  topic: z.enum(SUGGESTION_TOPICS),
  title: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.string().nullable(),
});

export const publishedQuery = z.object({ ...paging, topic: z.enum(SUGGESTION_TOPICS).optional() });
export const publishedItem = z.object({
  id: z.string(),
  topic: z.enum(SUGGESTION_TOPICS),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
  publishedAt: z.string(),
});

export const listQuery = z.object({
  ...paging,
  status: z.enum(SUGGESTION_STATUSES).optional(),
  /** Only those waiting for an answer (WAITING_STATUSES): the workspace task's list. */
  waiting: z.enum(['true', 'false']).optional(),
  topic: z.enum(SUGGESTION_TOPICS).optional(),
});
export const suggestionSummary = z.object({
  id: z.string(),
  code: z.string(),
  senderName: z.string(),
  topic: z.enum(SUGGESTION_TOPICS),
  title: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  assignedToId: z.string().nullable(),
  assignedToName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export const statusCounts = z.object(
  Object.fromEntries(SUGGESTION_STATUSES.map((s) => [s, z.number()])),
) as z.ZodObject<Record<(typeof SUGGESTION_STATUSES)[number], z.ZodNumber>>;
export const suggestionDetail = suggestionSummary.extend({
  senderContact: z.string().nullable(),
  content: z.string(),
  publishedTitle: z.string().nullable(),
  publishedContent: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredByName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export type SuggestionDetail = z.infer<typeof suggestionDetail>;
export type SuggestionSummary = z.infer<typeof suggestionSummary>;

const versioned = { id: z.uuid(), version: z.number().int().min(1) };
export const assignBody = z.object({ ...versioned, userId: z.uuid() });
export const answerBody = z.object({ ...versioned, answer: text(L.answer) });
export const publishBody = z.object({
  ...versioned,
  publish: z.boolean(),
  /** The question as published: it may be edited (names, contacts, personal details taken out). */
  publishedTitle: text(L.title).optional(),
  publishedContent: text(L.content).optional(),
});
export const closeBody = z.object(versioned);
export const officer = z.object({ id: z.string(), fullName: z.string(), userName: z.string() });
