// Light module (no Ant Design): route modules import it at start-up to register what their areas add.

/**
 * What a domain module adds to the generic pages of its catalogue areas, registered by the module (from its
 * routes file) instead of copying a page. Today: quick filters, the tabs above an area's list that set filters
 * in the address ("Overdue", "Due within 30 days" on the register of machines).
 */
export interface QuickFilter {
  key: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  /** The address filters the tab sets (computed when clicked, so "today" is today); null clears one. */
  params: () => Record<string, string | null>;
}

const quickFilters = new Map<string, readonly QuickFilter[]>();

/** Tabs above an area's list (the area's key: `equipment`); a tab with no params shows everything. */
export function registerQuickFilters(areaKey: string, filters: readonly QuickFilter[]): void {
  quickFilters.set(areaKey, filters);
}

export function quickFiltersOf(areaKey: string): readonly QuickFilter[] {
  return quickFilters.get(areaKey) ?? [];
}

/** The tab the address matches: each filter any tab sets has the tab's value (or is empty when it sets none). */
export function activeQuickFilter(
  filters: readonly QuickFilter[],
  current: Record<string, string | undefined>,
): string | null {
  const all = filters.map((f) => ({ key: f.key, params: f.params() }));
  const names = new Set(all.flatMap((f) => Object.keys(f.params)));
  const match = all.find((f) => [...names].every((n) => (f.params[n] ?? null) === (current[n] || null)));
  return match?.key ?? null;
}

/** The address change a tab makes: its filters, and every other filter a tab sets cleared. */
export function quickFilterParams(filters: readonly QuickFilter[], key: string): Record<string, string | null> {
  const chosen = filters.find((f) => f.key === key);
  const out: Record<string, string | null> = {};
  for (const f of filters) for (const name of Object.keys(f.params())) out[name] = null;
  return { ...out, ...chosen?.params() };
}

/**
 * A page of a record beside the standard ones (a linked account's API access), offered as a button on each row
 * of the area's list to whoever holds `ability`.
 */
export interface RowLink {
  key: string;
  /** i18n key of the button's label (and tooltip). */
  labelKey: string;
  path: (id: string) => string;
  ability: { action: string; subject: string };
}

const rowLinks = new Map<string, readonly RowLink[]>();

export function registerRowLinks(areaKey: string, links: readonly RowLink[]): void {
  rowLinks.set(areaKey, links);
}

export function rowLinksOf(areaKey: string): readonly RowLink[] {
  return rowLinks.get(areaKey) ?? [];
}
