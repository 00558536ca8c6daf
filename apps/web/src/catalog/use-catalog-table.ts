import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { PAGE_SIZES, sortQuery, useUrlListState } from '../platform/list/index.tsx';
import { catalogApi, type CatalogRecord } from './api.ts';

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

  const onChange: TableProps<CatalogRecord>['onChange'] = (pagination: TablePaginationConfig, _filters, sorter) => {
    const s = sortQuery(sorter);
    const sortChanged = s.sortBy !== sortField || s.sortOrder !== sortOrder;
    state.onPaging({
      pageNumber: sortChanged ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? pageSize,
      sortBy: s.sortBy,
      sortOrder: s.sortBy ? s.sortOrder : undefined,
    });
  };

  return {
    api,
    list,
    /** The filter values the export should apply too. */
    query,
    keyWord,
    filters,
    sortField,
    sortOrder,
    setKeyWord: (value: string) => update({ q: value.trim() || null }),
    setFilter: (name: string, value: string | null | undefined) => update({ [name]: value }),
    resetFilters: () => update(Object.fromEntries([...filterParams(c), 'q', 'sort', 'order'].map((k) => [k, null]))),
    tableProps: {
      dataSource: list.data?.pageLists ?? [],
      loading: list.isFetching,
      rowKey: 'id',
      onChange,
      pagination: {
        current: pageNumber,
        pageSize,
        total: list.data?.totalRecord ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
      },
    } satisfies TableProps<CatalogRecord>,
  };
}
