/**
 * The web page of one account's credentials (reached from the linked accounts' list). Apart from the schemas, so
 * the route table that names it does not load the validation library.
 */
export const API_CLIENT_PAGE = '/tai-khoan-khai-thac/:id/truy-cap';
export const apiClientPage = (id: string) => API_CLIENT_PAGE.replace(':id', encodeURIComponent(id));
