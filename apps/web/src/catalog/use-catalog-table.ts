import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { useUrlListState, type Paging } from '../platform/list/index.tsx';
import { catalogApi } from './api.ts';

/** Query parameter names of an area's filters (ranges as `{name}From` / `{name}To`). */
export function filterParams(c: ResolvedCatalog): string[] {
  return (c.declaration.filters ?? []).flatMap((name) => {
    const kind = c.declaration.fields[name]!.kind;
    return kind === 'date' || kind === 'number' ? [`${name}From`, `${name}To`] : [name];
  });
}

/**
 * Server-side paging, sorting, keyword and filters for an area's list (Refine's useTable, for this API):
 * the state lives in the address (?page=2&q=ha+noi&sort=name&order=desc&type=District), so a list can be
 * bookmarked, shared and survives going to a record and back.
 */
export function useCatalogTable(c: ResolvedCatalog, fixed: Record<string, string>) {
  const state = useUrlListState();
  const api = useMemo(() => catalogApi(c), [c]);
  const { pageNumber, pageSize } = state;
  const keyWord = state.get('q');
  const sortField = c.sortable.includes(state.get('sort')) ? state.get('sort') : undefined;
  const sortOrder = state.sortOrder === 'desc' ? 'desc' : state.sortOrder === 'asc' ? 'asc' : undefined;
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of filterParams(c)) {
      const v = state.get(name);
      if (v) out[name] = v;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address is what changes; `state` is new each render
  }, [c, state.search]);

  const query = { pageNumber, pageSize, keyWord, sortField, sortOrder, ...filters, ...fixed };
  const list = useQuery({
    queryKey: ['catalog', c.key, 'list', query],
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
  });

  const update = state.set;

  return {
    api,
    list,
    /** The filter values the export should apply too. */
    query,
    keyWord,
    filters,
    sortField,
    sortOrder,
    /** For ServerTable: the page, its size and the sort (a column the area may sort by), and their writer. */
    paging: { pageNumber, pageSize, sortBy: sortField, sortOrder } satisfies Paging,
    onPaging: (p: Paging) =>
      state.onPaging(c.sortable.includes(p.sortBy ?? '') ? p : { ...p, sortBy: undefined, sortOrder: undefined }),
    /** The row number of a row of this page, counted over the whole list. */
    rowNumber: (index: number) => (pageNumber - 1) * pageSize + index + 1,
    setKeyWord: (value: string | null) => update({ q: value?.trim() || null }),
    setFilter: (name: string, value: string | null | undefined) => update({ [name]: value }),
    /** Several filters at once (a quick filter): one address change, one request. */
    setFilters: (values: Record<string, string | null>) => update(values),
    resetFilters: () => update(Object.fromEntries([...filterParams(c), 'q', 'sort', 'order'].map((k) => [k, null]))),
  };
}
