/**
 * Web paths of the employment pages, apart from the route entries (the pages import these; the route table imports
 * the pages lazily). The catalogue's pages of the two areas follow job-seeker.ts and vacancy.ts (`routes.base` and
 * the engine's slugs); the module's own are EMPLOYMENT_PAGES (`@portal/domain/employment/constants`).
 */
export const SEEKER_LIST = '/dich-vu-viec-lam/dang-ky-tim-viec/danh-sach';
export const SEEKER_EDIT = '/dich-vu-viec-lam/dang-ky-tim-viec/chinh-sua/{id}';
export const VACANCY_LIST = '/dich-vu-viec-lam/nhu-cau-tuyen-dung/danh-sach';
export const VACANCY_EDIT = '/dich-vu-viec-lam/nhu-cau-tuyen-dung/chinh-sua/{id}';

/** A web path of one record (`{id}` filled in). */
export const employmentPage = (pattern: string, id: string) => pattern.replace('{id}', encodeURIComponent(id));
