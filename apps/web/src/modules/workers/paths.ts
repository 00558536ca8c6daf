/** Paths of the workers' own pages (spec §2 slugs), shared by the route table and the pages' links. */
export const COURSES = '/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen';
export const PARTICIPANTS_IMPORT = `${COURSES}/them-tu-file`;
export const workerEditPath = (id: string) => `/nguoi-lao-dong/chinh-sua/${id}`;
export const courseEditPath = (id: string) => `${COURSES}/chinh-sua/${id}`;
