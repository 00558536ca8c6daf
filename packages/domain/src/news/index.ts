import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';

/**
 * The news portal (spec §2 `/tin-tuc/…`, `/chi-tiet-tin-tuc/{id}`): articles written in the back office, read by
 * anyone once published. Shared by the API (routes, states, limits) and the web pages.
 */
export const NEWS_SUBJECT = 'News';

export const NEWS_PERMISSIONS = {
  read: `${NEWS_SUBJECT}.read`,
  create: `${NEWS_SUBJECT}.create`,
  update: `${NEWS_SUBJECT}.update`,
  delete: `${NEWS_SUBJECT}.delete`,
} as const satisfies Record<string, PermissionKey>;

/** An article's life: written as a draft, published (its date set the first time), hidden (and shown again). */
export const NEWS_STATES = ['draft', 'published', 'hidden'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

/** `/api/News/…`; `{id}` is the article's id. The `public` calls need no sign-in and see published articles only. */
export const NEWS_API = {
  list: '/api/News/get-paging',
  detail: '/api/News/get-by-id/{id}',
  create: '/api/News/create',
  update: '/api/News/update/{id}',
  delete: '/api/News/delete',
  upload: '/api/News/upload-image',
  publicList: '/api/News/public/get-paging',
  publicDetail: '/api/News/public/get-by-id/{id}',
  publicTopics: '/api/News/public/topics',
} as const;

export { NEWS_PATHS, newsEditPath, newsPublicPath } from './paths.ts';

export const MAX_NEWS_TITLE = 300;
export const MAX_NEWS_SUMMARY = 1000;
/** The body's HTML as sent (before sanitising): a long article with tables fits. */
export const MAX_NEWS_BODY = 200_000;
/** The RSS feed carries the latest articles. */
export const RSS_ITEMS = 50;

/** Images an article may show: the portal's own public files (`/api/Files/{id}`) or any https address. */
export const PORTAL_FILE_IMAGE = /^\/api\/Files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const fileImageUrl = (fileId: string): string => `/api/Files/${fileId}`;

registerFeatures(
  FEATURE_GROUPS.news,
  subjectFeature(NEWS_SUBJECT, 'news:permissions.subject', ['read', 'create', 'update', 'delete'], {
    key: 'news.news',
    order: 10,
  }),
);
