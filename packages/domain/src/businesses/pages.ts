/**
 * The employers domain's own pages (the spec's Vietnamese slugs where it gives them; the others follow its
 * pattern). Each page serves both sides: an employer user sees its own records, the authority those in its scope.
 */
export const BUSINESS_PAGES = {
  list: '/doanh-nghiep/danh-sach',
  profile: '/doanh-nghiep/thong-tin-doanh-nghiep',
  /** The root spelling of earlier releases, still opening the same page. */
  profileAlias: '/thong-tin-doanh-nghiep',
  incoming: '/doanh-nghiep/van-ban-den/danh-sach',
  outgoing: '/doanh-nghiep/van-ban-di/danh-sach',
  overtime: '/doanh-nghiep/thong-bao-lam-them-gio/danh-sach',
  violations: '/doanh-nghiep/to-chuc-vi-pham/danh-sach',
  publicViolations: '/doanh-nghiep-vi-pham',
} as const;
