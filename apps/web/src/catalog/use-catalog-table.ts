import { useMemo } from 'react';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { useServerList } from '../platform/list/index.tsx';
import { catalogApi } from './api.ts';

/** Query parameter names of an area's filters (ranges as `{name}From` / `{name}To`). */
export function filterParams(c: ResolvedCatalog): string[] {
  return (c.declaration.filters ?? []).flatMap((name) => {
    const kind = c.declaration.fields[name]!.kind;
    return kind === 'date' || kind === 'number' ? [`${name}From`, `${name}To`] : [name];
  });
}

/**
 * Server-side paging, sorting, keyword and filters for an area's list: the portal's server list with the
 * area's filters and sortable fields; the state lives in the address (?page=2&q=ha+noi&sort=name&order=desc&
 * type=District), so a list can be bookmarked, shared and survives going to a record and back.
 */
export function useCatalogTable(c: ResolvedCatalog, fixed: Record<string, string>) {
  const api = useMemo(() => catalogApi(c), [c]);
  const table = useServerList({
    key: (q) => ['catalog', c.key, 'list', q],
    fetch: (q, signal) => api.list(q, signal),
    filters: filterParams(c),
    params: (filters) => ({ ...filters, ...fixed }),
    sortable: c.sortable,
    // The catalogue's API names the sort column `sortField`.
    sortParam: 'sortField',
  });
  return {
    ...table,
    api,
    /** The filter values the export should apply too. */
    query: table.request,
    sortField: table.paging.sortBy,
    sortOrder: table.paging.sortOrder,
  };
}
