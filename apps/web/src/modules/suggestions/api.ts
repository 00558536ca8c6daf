import { SUGGESTION_API } from '@portal/domain/suggestions/index';
import type { SuggestionDetail, SuggestionSummary } from '@portal/domain/suggestions/schemas';
import type { SuggestionStatus } from '@portal/domain/suggestions/index';
import { apiFetch } from '../../app/api-client.ts';
import { api, type BodyOf, type ResponseOf } from '../../platform/api/client.ts';

/** Calls of the suggestion box (`/api/Suggestion/…`). */

export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

export type PublishedSuggestion = ResponseOf<'/api/Suggestion/published'>['pageLists'][number];
export type FollowedSuggestion = ResponseOf<'/api/Suggestion/follow/{code}'>;
export type Challenge = ResponseOf<'/api/Suggestion/challenge'>;
/** What the visitor writes; the answer to the challenge (token, nonce) is added when sending. */
export type SendInput = Omit<BodyOf<'/api/Suggestion/send', 'post'>, 'token' | 'nonce'>;
export type Officer = ResponseOf<'/api/Suggestion/officers'>[number];

const toQuery = (values: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
};

export const suggestionKeys = {
  all: ['suggestions'] as const,
  list: (q: Record<string, unknown>) => ['suggestions', 'list', q] as const,
  detail: (id: string) => ['suggestions', 'detail', id] as const,
  /** The published answers' pages (the list adds its query). */
  published: ['suggestions', 'published'] as const,
};

type Versioned = { id: string; version: number };

export const suggestionsApi = {
  challenge: () => api.get(SUGGESTION_API.challenge),
  send: (body: SendInput & { token: string; nonce: string }, idempotencyKey?: string) =>
    apiFetch<{ code: string }>(SUGGESTION_API.send, { method: 'POST', body, idempotencyKey }),
  follow: (code: string) => api.get(SUGGESTION_API.follow, { path: { code } }),
  published: (q: Record<string, unknown>, signal?: AbortSignal) =>
    api.get(SUGGESTION_API.published, { query: q, signal }),
  list: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<SuggestionSummary> & { counts: Record<SuggestionStatus, number> }>(SUGGESTION_API.list, {
      query: toQuery(q),
      signal,
    }),
  detail: (id: string) => apiFetch<SuggestionDetail>(SUGGESTION_API.detail.replace('{id}', id)),
  officers: () => api.get(SUGGESTION_API.officers),
  assign: (body: Versioned & { userId: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.assign, { method: 'PUT', body }),
  answer: (body: Versioned & { answer: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.answer, { method: 'PUT', body }),
  publish: (body: Versioned & { publish: boolean; publishedTitle?: string; publishedContent?: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.publish, { method: 'PUT', body }),
  close: (body: Versioned) => apiFetch<SuggestionDetail>(SUGGESTION_API.close, { method: 'PUT', body }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(SUGGESTION_API.delete, { method: 'POST', body: ids }),
};
