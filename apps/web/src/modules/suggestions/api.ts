import { SUGGESTION_API } from '@portal/domain/suggestions/index';
import type { SuggestionDetail, SuggestionSummary } from '@portal/domain/suggestions/schemas';
import type { SuggestionStatus, SuggestionTopic } from '@portal/domain/suggestions/index';
import { apiFetch } from '../../app/api-client.ts';

/** Calls of the suggestion box (`/api/Suggestion/…`). */

export interface Page<T> {
  pageLists: T[];
  totalRecord: number;
}

export interface PublishedSuggestion {
  id: string;
  topic: SuggestionTopic;
  title: string;
  question: string;
  answer: string;
  createdAt: string;
  publishedAt: string;
}

export interface FollowedSuggestion {
  code: string;
  topic: SuggestionTopic;
  title: string;
  status: SuggestionStatus;
  createdAt: string;
  answeredAt: string | null;
  answer: string | null;
}

export interface Challenge {
  token: string;
  difficulty: number;
  expiresAt: string;
}

export interface SendInput {
  name: string;
  contact?: string | null;
  topic: SuggestionTopic;
  title: string;
  content: string;
  website?: string | null;
}

export interface Officer {
  id: string;
  fullName: string;
  userName: string;
}

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
  challenge: () => apiFetch<Challenge>(SUGGESTION_API.challenge),
  send: (body: SendInput & { token: string; nonce: string }) =>
    apiFetch<{ code: string }>(SUGGESTION_API.send, { method: 'POST', body }),
  follow: (code: string) =>
    apiFetch<FollowedSuggestion>(SUGGESTION_API.follow.replace('{code}', encodeURIComponent(code))),
  published: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<PublishedSuggestion>>(SUGGESTION_API.published, { query: toQuery(q), signal }),
  list: (q: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page<SuggestionSummary> & { counts: Record<SuggestionStatus, number> }>(SUGGESTION_API.list, {
      query: toQuery(q),
      signal,
    }),
  detail: (id: string) => apiFetch<SuggestionDetail>(SUGGESTION_API.detail.replace('{id}', id)),
  officers: () => apiFetch<Officer[]>(SUGGESTION_API.officers),
  assign: (body: Versioned & { userId: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.assign, { method: 'PUT', body }),
  answer: (body: Versioned & { answer: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.answer, { method: 'PUT', body }),
  publish: (body: Versioned & { publish: boolean; publishedTitle?: string; publishedContent?: string }) =>
    apiFetch<SuggestionDetail>(SUGGESTION_API.publish, { method: 'PUT', body }),
  close: (body: Versioned) => apiFetch<SuggestionDetail>(SUGGESTION_API.close, { method: 'PUT', body }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(SUGGESTION_API.delete, { method: 'POST', body: ids }),
};
