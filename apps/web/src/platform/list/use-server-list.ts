import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  applyChanges,
  pagingChanges,
  paramName,
  readFilters,
  readPaging,
  listRequest,
  shownSort,
  shownPaging,
  shownDefault,
  chosenPaging,
  type AddressShape,
  type AddressValue,
  type Paging,
  type DefaultSort,
  type ListRequest,
  type SortParam,
} from './list-state.ts';

/**
 * A list's paging, sorting and filters in the address, so a list can be bookmarked and survives a round trip to
 * a record. Any change but the page's own goes back to page 1. `shape`: the names' prefix (two lists on one
 * page), the default page size, the columns it may be sorted by.
 */
export function useUrlListState(shape: AddressShape = {}) {
  const [params, setParams] = useSearchParams();
  const { prefix } = shape;
  const write = (changes: Record<string, AddressValue>) =>
    setParams(
      // From the address as it is now, not as it was at the last render: two changes in quick succession (a tab,
      // then Enter in the search box) both stay.
      () => applyChanges(new URLSearchParams(window.location.search), changes, prefix),
      { replace: true },
    );
  const paging: Paging = readPaging(params, shape);
  return {
    /** A value of the address, by the list's own name. */
    get: (name: string) => params.get(paramName(name, prefix)) ?? '',
    /** The whole query string: a memo key for values read from it. */
    search: params.toString(),
    params,
    ...paging,
    paging,
    /** Address changes by the list's own names (prefixed here). */
    set: (changes: Record<string, AddressValue>) =>
      write(Object.fromEntries(Object.entries(changes).map(([k, v]) => [paramName(k, prefix), v]))),
    /** For ServerTable: the pager and the sort write the address. */
    onPaging: (p: Paging) => write(pagingChanges(p, shape)),
  };
}

/** A page of a list as every list endpoint answers it. */
export interface ListPage<Row> {
  pageLists: Row[];
  totalRecord: number;
}

export interface ServerListOptions<Data> extends AddressShape {
  /** The query key of a request (the list's key factory, e.g. `accidentKeys.list`). */
  key: (request: ListRequest) => QueryKey;
  /** Loads one page. */
  fetch: (request: ListRequest, signal: AbortSignal) => Promise<Data>;
  /** Filters kept in the address, by their address name. */
  filters?: readonly string[];
  /**
   * The request's own parameters from the filters' values (a tab → a status, `ward` → `wardCode`, fixed
   * values); default: the filters as they are.
   */
  params?: (filters: Readonly<Record<string, string>>) => Record<string, unknown>;
  /**
   * The sort asked for while the user chose none (it may follow a filter: a queue's tab); shown on its column
   * when `sortable` lists it, else the server's fixed order.
   */
  defaultSort?: DefaultSort | ((filters: Readonly<Record<string, string>>) => DefaultSort);
  /** How the request names the sort column (an API that still says `sortField`). */
  sortParam?: SortParam;
  enabled?: boolean;
}

/**
 * THE server list (Refine's useTable, for this API): paging, sorting, keyword and filters in the address
 * (`?page=2&size=50&sort=code&order=desc&q=ha+noi&status=open`), the page loaded with TanStack Query keeping the
 * previous page on screen while the next loads. Spread `table` into ServerTable.
 */
export function useServerList<Data extends ListPage<unknown>>(options: ServerListOptions<Data>) {
  const { filters: names = [], params, sortParam, enabled = true } = options;
  const state = useUrlListState(options);
  const { paging } = state;
  const keyWord = state.get('q');
  const filters = readFilters(state.params, names, options.prefix);
  const defaultSort = typeof options.defaultSort === 'function' ? options.defaultSort(filters) : options.defaultSort;
  // A fresh object each render is fine: the query key is hashed by value.
  const request = listRequest(paging, keyWord, params ? params(filters) : filters, {
    defaultSort,
    ...(sortParam ? { sortParam } : {}),
  });
  const list = useQuery({
    queryKey: options.key(request),
    queryFn: ({ signal }) => options.fetch(request, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  // The table compares a new sort with the one its columns show, the default included.
  const visibleDefault = shownDefault(defaultSort, options.sortable);
  const shown = shownPaging(paging, visibleDefault);
  const onPaging = (next: Paging) => state.onPaging(chosenPaging(next, shown, visibleDefault));
  return {
    list,
    /** The request of the page shown (an export applies the same filters). */
    request,
    paging,
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    onPaging,
    /** What ServerTable needs: `<ServerTable {...table} columns=… />`. */
    table: { list, paging: shown, onPaging },
    keyWord,
    setKeyWord: (value: string | null) => state.set({ q: value?.trim() || null }),
    /** The filters' values in the address (absent ones left out). */
    filters,
    /** One filter's value ('' when absent). */
    filter: (name: string) => filters[name] ?? '',
    setFilter: (name: string, value: AddressValue) => state.set({ [name]: value }),
    /** Several filters at once (a quick filter, a range): one address change, one request. */
    setFilters: (values: Record<string, AddressValue>) => state.set(values),
    /** Back to the whole list: no keyword, filter or chosen sort. */
    resetFilters: () => state.set(Object.fromEntries([...names, 'q', 'sort', 'order'].map((k) => [k, null]))),
    /** The order a column shows as sorted (antd `sortOrder`), the default sort included. */
    sortedAs: (key: string) => shownSort(paging, key, visibleDefault),
    /** The row number of a row of this page, counted over the whole list. */
    rowNumber: (index: number) => (paging.pageNumber - 1) * paging.pageSize + index + 1,
    /** Other address values of the page (an open drawer), by the list's own names. */
    get: state.get,
    set: state.set,
  };
}

export type ServerList<Data extends ListPage<unknown>> = ReturnType<typeof useServerList<Data>>;
