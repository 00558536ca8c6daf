import { NEWS_API } from '@portal/domain/news/index';
import type { UploadedFile } from '@portal/domain/files/index';
import { apiFetch } from '../../app/api-client.ts';
import { api, type BodyOf, type ResponseOf } from '../../platform/api/client.ts';

/** An article as the lists show it. */
export type ArticleSummary = ResponseOf<'/api/News/get-paging'>['pageLists'][number];
/** `body` sanitised by the server. */
export type Article = ResponseOf<'/api/News/get-by-id/{id}'>;
export type ArticleInput = BodyOf<'/api/News/create', 'post'>;
export type Topic = ResponseOf<'/api/News/public/topics'>[number];
type Page = { pageLists: ArticleSummary[]; totalRecord: number };

const withId = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));
function toQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

export const newsKeys = {
  all: ['news'] as const,
  list: (query: object) => ['news', 'list', query] as const,
  detail: (id: string) => ['news', 'detail', id] as const,
  publicList: (query: object) => ['news', 'public', 'list', query] as const,
  publicDetail: (id: string) => ['news', 'public', 'detail', id] as const,
  topics: ['news', 'public', 'topics'] as const,
};

export const newsApi = {
  list: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page>(NEWS_API.list, { query: toQuery(query), signal }),
  detail: (id: string, signal?: AbortSignal) => apiFetch<Article>(withId(NEWS_API.detail, id), { signal }),
  create: (body: ArticleInput, idempotencyKey?: string) =>
    apiFetch<Article>(NEWS_API.create, { method: 'POST', body, idempotencyKey }),
  update: (id: string, body: ArticleInput) => apiFetch<Article>(withId(NEWS_API.update, id), { method: 'PUT', body }),
  remove: (ids: string[]) => apiFetch<{ deleted: number }>(NEWS_API.delete, { method: 'POST', body: ids }),
  /**
   * An image for the article (public once stored): the editor inserts its address. The upload code comes only
   * with the editor: the public pages share this module and stay light.
   */
  uploadImage: async (file: File, onProgress: (percent: number) => void = () => {}) =>
    (await import('../../catalog/FileField.tsx')).uploadFile(file, onProgress, {
      path: NEWS_API.upload,
      secure: false,
      fileType: 'news',
    }) as Promise<UploadedFile & { url?: string }>,
  publicList: (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<Page>(NEWS_API.publicList, { query: toQuery(query), signal }),
  publicDetail: (id: string, signal?: AbortSignal) => api.get(NEWS_API.publicDetail, { path: { id }, signal }),
  topics: (signal?: AbortSignal) => api.get(NEWS_API.publicTopics, { signal }),
};
