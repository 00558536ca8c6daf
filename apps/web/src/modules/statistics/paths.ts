/**
 * The public statistics page's address, apart from the statistics declarations: the route table's first load (the
 * public pages, app/shell-routes.tsx) reads only this, not the declarations and their schemas. Equal to
 * `STATISTICS_PATHS.public` of `@portal/domain/statistics/index` (a unit test checks it).
 */
export const PUBLIC_STATISTICS_PATH = '/thong-ke-cong-khai';
