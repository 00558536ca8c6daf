import {
  MESSAGE_API,
  type MailBox,
  type MailDetail,
  type MailPerson,
  type MailSummary,
  type MessageLabel,
} from '@portal/domain/messaging/index';
import type { SendMessageInput } from '@portal/domain/messaging/schemas';
import { apiFetch } from '../../app/api-client.ts';

/** The Message calls as the mailbox pages use them (spec spellings). */
type Page<T> = { pageLists: T[]; totalRecord: number };
export interface ListParams {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  label?: MessageLabel | undefined;
  unread?: boolean | undefined;
}

function toQuery(values: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

const withId = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));

export const messagingKeys = {
  all: ['messaging'] as const,
  list: (view: string, params: ListParams) => ['messaging', 'list', view, params] as const,
  detail: (id: string) => ['messaging', 'detail', id] as const,
  count: ['messaging', 'count'] as const,
  preview: ['messaging', 'preview'] as const,
  accounts: (keyWord: string) => ['messaging', 'accounts', keyWord] as const,
};

export const messagingApi = {
  list: (view: MailBox | 'label', params: ListParams, signal?: AbortSignal) =>
    apiFetch<Page<MailSummary>>(
      view === 'inbox' ? MESSAGE_API.inbox : view === 'sent' ? MESSAGE_API.sent : MESSAGE_API.byLabel,
      { query: toQuery(params), signal },
    ),
  preview: (pageSize: number, signal?: AbortSignal) =>
    apiFetch<Page<MailSummary>>(MESSAGE_API.inboxPreview, {
      query: { pageNumber: '1', pageSize: String(pageSize) },
      signal,
    }),
  countNew: (signal?: AbortSignal) => apiFetch<{ count: number }>(MESSAGE_API.countNew, { signal }),
  detail: (box: MailBox, id: string, signal?: AbortSignal) =>
    apiFetch<MailDetail>(withId(box === 'inbox' ? MESSAGE_API.inboxDetail : MESSAGE_API.sentDetail, id), { signal }),
  remove: (box: MailBox, ids: string[]) =>
    apiFetch<{ deleted: number }>(box === 'inbox' ? MESSAGE_API.deleteInbox : MESSAGE_API.deleteSent, {
      method: 'POST',
      body: ids,
    }),
  markRead: (ids: string[], read: boolean) =>
    apiFetch<{ updated: number }>(MESSAGE_API.checkRead, { method: 'POST', body: ids, query: { read: String(read) } }),
  setLabel: (ids: string[], label: MessageLabel | null) =>
    apiFetch<{ updated: number }>(MESSAGE_API.setLabel, { method: 'POST', body: { ids, label } }),
  accounts: (keyWord: string, signal?: AbortSignal) =>
    apiFetch<Page<MailPerson>>(MESSAGE_API.accounts, { query: toQuery({ keyWord, pageSize: 20 }), signal }),
  send: (body: SendMessageInput, idempotencyKey?: string) =>
    apiFetch<{ id: string; messageId: string }>(MESSAGE_API.send, { method: 'POST', body, idempotencyKey }),
};
