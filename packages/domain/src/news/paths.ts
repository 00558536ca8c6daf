/**
 * The news pages' addresses, apart from the permission features so the web's route table (in the first-load
 * bundle) takes only these strings.
 */

/** Web pages (Vietnamese slugs) and the feeds the server writes. */
export const NEWS_PATHS = {
  list: '/tin-tuc/quan-li-tin-tuc/danh-sach',
  create: '/tin-tuc/quan-li-tin-tuc/tao-moi',
  edit: '/tin-tuc/quan-li-tin-tuc/chinh-sua/:id',
  topics: '/tin-tuc/chu-de-tin-tuc/danh-sach',
  publicList: '/tin-tuc',
  publicDetail: '/chi-tiet-tin-tuc/:id',
  rss: '/tin-tuc/rss.xml',
  sitemap: '/sitemap.xml',
} as const;

export const newsEditPath = (id: string): string => `/tin-tuc/quan-li-tin-tuc/chinh-sua/${id}`;
export const newsPublicPath = (id: string): string => `/chi-tiet-tin-tuc/${id}`;
