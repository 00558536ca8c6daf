import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { catalogApi, type CatalogRecord } from './api.ts';

/** Query parameter names of an area's filters (ranges as `{name}From` / `{name}To`). */
export function filterParams(c: ResolvedCatalog): string[] {
  return (c.declaration.filters ?? []).flatMap((name) => {
    const kind = c.declaration.fields[name]!.kind;
    return kind === 'date' || kind === 'number' ? [`${name}From`, `${name}To`] : [name];
  });
}

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Server-side paging, sorting, keyword and filters for an area's list (Refine's useTable, for this API):
 * the state lives in the address (?page=2&q=ha+noi&sort=name&order=desc&type=District), so a list can be
 * bookmarked, shared and survives going to a record and back.
 */
export function useCatalogTable(c: ResolvedCatalog, fixed: Record<string, string>) {
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => catalogApi(c), [c]);
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(sizeParam) ? sizeParam : 20;
  const keyWord = params.get('q') ?? '';
  const sortField = params.get('sort') && c.sortable.includes(params.get('sort')!) ? params.get('sort')! : undefined;
  const sortOrder = params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : undefined;
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of filterParams(c)) {
      const v = params.get(name);
      if (v) out[name] = v;
    }
    return out;
  }, [c, params]);

  const query = { pageNumber, pageSize, keyWord, sortField, sortOrder, ...filters, ...fixed };
  const list = useQuery({
    queryKey: ['catalog', c.key, 'list', query],
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | number | null | undefined>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage && !('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const onChange: TableProps<CatalogRecord>['onChange'] = (pagination: TablePaginationConfig, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<CatalogRecord> | undefined;
    const field = s?.order ? String(s.field ?? s.columnKey) : undefined;
    const order = s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : undefined;
    const sortChanged = field !== sortField || order !== sortOrder;
    update(
      {
        page: sortChanged ? null : pagination.current && pagination.current > 1 ? pagination.current : null,
        size: pagination.pageSize && pagination.pageSize !== 20 ? pagination.pageSize : null,
        sort: field ?? null,
        order: field ? order : null,
      },
      false,
    );
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
        pageSizeOptions: PAGE_SIZES,
      },
    } satisfies TableProps<CatalogRecord>,
  };
}
