import { FILING_PATHS } from '@portal/domain/reports/workflow';

/**
 * The pages reminders and workspace cards open (the spec's slugs): the filing list (`/nop-bao-cao/danh-sach`)
 * and the department's status page (`/tinh-hinh-nop-bao-cao/danh-sach`), filtered by their address query.
 */
export const STATUS_PAGE = '/tinh-hinh-nop-bao-cao/danh-sach';

const withQuery = (path: string, query: Record<string, string>) => {
  const q = new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
};

export const filingLink = (query: Record<string, string> = {}) => withQuery(FILING_PATHS.list, query);
export const statusLink = (query: Record<string, string> = {}) => withQuery(STATUS_PAGE, query);
