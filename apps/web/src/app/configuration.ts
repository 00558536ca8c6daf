import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPortalConfig } from '@portal/domain/configuration';
import { queryClient } from './query-client.ts';

export type { PublicPortalConfig };

/**
 * The public configuration of the province variant (GET /api/Home/configuration): province and portal names,
 * district-site link, test-portal flag, images and system information. Loaded by the root route's loader
 * (again on a later navigation if that failed); every page reads it from the query cache.
 */
export const configurationQuery = queryOptions({
  queryKey: ['configuration', 'public'],
  queryFn: async ({ signal }): Promise<PublicPortalConfig> => {
    // No custom headers: the request must match index.html's preload of the same URL to reuse its answer.
    const res = await fetch('/api/Home/configuration', { signal });
    if (!res.ok) throw new Error(`configuration: HTTP ${res.status}`);
    return (await res.json()) as PublicPortalConfig;
  },
  staleTime: 5 * 60_000,
});

/**
 * A page the server rendered (the public home, sign-in: src/prerender.tsx) carries the configuration it was
 * rendered with: the first render uses the same, so hydration matches and nothing is fetched again.
 */
function seedFromPage(): void {
  if (typeof document === 'undefined') return;
  const text = document.getElementById('portal-configuration')?.textContent;
  if (!text) return;
  try {
    queryClient.setQueryData(configurationQuery.queryKey, JSON.parse(text) as PublicPortalConfig);
  } catch {
    // Unreadable: it is fetched as on any other page.
  }
}
seedFromPage();

/** Loads the configuration if it is not in the cache; a failure leaves the defaults (it is retried later). */
export async function ensureConfiguration(): Promise<PublicPortalConfig | undefined> {
  try {
    const config = await queryClient.ensureQueryData(configurationQuery);
    applyFavicon(config.favicon);
    return config;
  } catch {
    return undefined;
  }
}

export function useConfiguration(): PublicPortalConfig | undefined {
  return useQuery(configurationQuery).data;
}

/** Sets the favicon from the configuration (spec section 4: the guard sets it when the config loads). */
export function applyFavicon(href: string | null | undefined): void {
  if (!href) return;
  const link = document.getElementById('portal-favicon') as HTMLLinkElement | null;
  if (link && link.getAttribute('href') !== href) link.href = href;
}
