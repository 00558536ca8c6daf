import { STATISTICS_API, type StatisticAnswer, type StatisticsOverview } from '@portal/domain/statistics/index';
import { apiDownload, apiFetch } from '../../app/api-client.ts';

/** Calls of the statistics pages (`/api/Statistics/…`, the public set at `/api/public/Statistics/…`). */

const withSlug = (path: string, slug: string) => path.replace('{slug}', encodeURIComponent(slug));

export const statisticsKeys = {
  one: (slug: string, query: Record<string, string>) => ['statistics', 'one', slug, query] as const,
  overview: (year: number | undefined) => ['statistics', 'overview', year ?? null] as const,
  public: (slug: string, query: Record<string, string>) => ['statistics', 'public', slug, query] as const,
};

export const statisticsApi = {
  one: (slug: string, query: Record<string, string>, signal?: AbortSignal) =>
    apiFetch<StatisticAnswer>(withSlug(STATISTICS_API.one, slug), { query, signal }),
  /** The same figures as an xlsx workbook (with its methodology sheet). */
  export: (slug: string, query: Record<string, string>) =>
    apiDownload(withSlug(STATISTICS_API.export, slug), { query }),
  overview: (year: number | undefined, signal?: AbortSignal) =>
    apiFetch<StatisticsOverview>(STATISTICS_API.overview, { query: year ? { year: String(year) } : {}, signal }),
  public: (slug: string, query: Record<string, string>, signal?: AbortSignal) =>
    apiFetch<StatisticAnswer>(withSlug(STATISTICS_API.public, slug), { query, signal }),
  /** The address of a public statistic's open data (a plain link: no sign-in). */
  openDataUrl: (slug: string, format: 'csv' | 'json') =>
    `${withSlug(STATISTICS_API.openData, slug)}?${new URLSearchParams({ format })}`,
};

/** The communes of the portal's province, for the commune picker (the admin-unit list other pages use). */
export interface AdminUnit {
  id: string;
  code: string;
  name: string;
  fullName: string;
}

export const wardsQuery = (province: string | null | undefined) => ({
  queryKey: ['admin-units', 'ward', province ?? null] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiFetch<AdminUnit[]>(`/api/OfficalProfile/wards/${province}`, { signal }),
  enabled: Boolean(province),
  staleTime: Infinity,
});
