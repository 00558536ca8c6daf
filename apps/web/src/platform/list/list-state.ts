/**
 * A server list's state as the address keeps it, and the request it makes: pure functions, so what a bookmark
 * means is decided in one place. Address names: `page`, `size`, `sort`, `order`, `q`, and each filter by its
 * own name; a list that shares its page with another (a tab of a record) prefixes them (`progress.page`).
 */

/** Page sizes offered by every list. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type SortOrder = 'asc' | 'desc';

/** Paging and sorting a server list keeps (the API's pageNumber, pageSize, sortBy, sortOrder). */
export interface Paging {
  pageNumber: number;
  pageSize: number;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
}

/** A value of an address change: empty (null, undefined, '') removes the name. */
export type AddressValue = string | number | null | undefined;

/** How a list reads its address. */
export interface AddressShape {
  /** Prefix of every name, for a list that shares its page with another. */
  prefix?: string | undefined;
  /** Page size when the address says none (or one not offered). */
  pageSize?: number | undefined;
  /** Columns the list may be sorted by; any other `sort` in the address is ignored. */
  sortable?: readonly string[] | undefined;
}

/** The address name of one part of a list's state. */
export const paramName = (name: string, prefix?: string) => (prefix ? `${prefix}.${name}` : name);

/** The paging and sorting the address asks for, each part checked (a hand-edited address cannot break the list). */
export function readPaging(params: URLSearchParams, shape: AddressShape = {}): Paging & { sortOrder?: SortOrder } {
  const name = (n: string) => paramName(n, shape.prefix);
  const fallback = shape.pageSize ?? DEFAULT_PAGE_SIZE;
  const size = Number(params.get(name('size')));
  const page = Math.floor(Number(params.get(name('page'))));
  const sort = params.get(name('sort')) || undefined;
  const sortBy = sort && (!shape.sortable || shape.sortable.includes(sort)) ? sort : undefined;
  const order = params.get(name('order'));
  return {
    pageNumber: Number.isFinite(page) && page > 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) || size === fallback ? size : fallback,
    sortBy,
    sortOrder: sortBy ? (order === 'desc' ? 'desc' : 'asc') : undefined,
  };
}

/** The address changes for a new paging: defaults (page 1, the default size, no sort) leave the address. */
export function pagingChanges(p: Paging, shape: AddressShape = {}): Record<string, AddressValue> {
  const name = (n: string) => paramName(n, shape.prefix);
  const sortBy = p.sortBy && (!shape.sortable || shape.sortable.includes(p.sortBy)) ? p.sortBy : null;
  return {
    [name('page')]: p.pageNumber > 1 ? p.pageNumber : null,
    [name('size')]: p.pageSize === (shape.pageSize ?? DEFAULT_PAGE_SIZE) ? null : p.pageSize,
    [name('sort')]: sortBy,
    [name('order')]: sortBy ? (p.sortOrder === 'desc' ? 'desc' : 'asc') : null,
  };
}

/**
 * The address after `changes`. Any change but one to the page itself goes back to page 1 (of the list the
 * change belongs to: a prefixed list's change leaves the others' pages alone).
 */
export function applyChanges(
  current: URLSearchParams,
  changes: Readonly<Record<string, AddressValue>>,
  prefix?: string,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  const page = paramName('page', prefix);
  if (!(page in changes)) next.delete(page);
  return next;
}

/** The values of the named filters in the address (absent ones left out). */
export function readFilters(
  params: URLSearchParams,
  names: readonly string[],
  prefix?: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = params.get(paramName(n, prefix));
    if (v) out[n] = v;
  }
  return out;
}

/** How the request names the sort: `sortBy` (the portal's one name) unless an API still says `sortField`. */
export type SortParam = 'sortBy' | 'sortField';

/** The request of one page: paging, then the keyword, sort and filters the API takes. */
export type ListRequest = Record<string, unknown> & { pageNumber: number; pageSize: number };

/**
 * The request of one page: paging, the keyword and the sort (the chosen one, else the list's default) plus the
 * list's own parameters; empty values are left out, so equal states make equal query keys.
 */
export function listRequest(
  paging: Paging,
  keyWord: string,
  params: Readonly<Record<string, unknown>>,
  sort: { defaultSort?: DefaultSort; sortParam?: SortParam } = {},
): ListRequest {
  const out: ListRequest = { pageNumber: paging.pageNumber, pageSize: paging.pageSize };
  if (keyWord) out.keyWord = keyWord;
  const chosen = paging.sortBy
    ? { sortBy: paging.sortBy, sortOrder: paging.sortOrder === 'desc' ? 'desc' : 'asc' }
    : sort.defaultSort;
  if (chosen) {
    out[sort.sortParam ?? 'sortBy'] = chosen.sortBy;
    out.sortOrder = chosen.sortOrder;
  }
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

export type DefaultSort = { sortBy: string; sortOrder: SortOrder } | undefined;

/**
 * The default sort as a column shows it: only one the list lets the user sort by (`sortable`) has a column to
 * show it; any other is the server's fixed order, sent but not shown (else the table, seeing no column sorted,
 * would take every page turn for a new sort).
 */
export function shownDefault(defaultSort: DefaultSort, sortable: readonly string[] | undefined): DefaultSort {
  return defaultSort && sortable?.includes(defaultSort.sortBy) ? defaultSort : undefined;
}

/** The paging as the table shows it: the chosen sort, else the list's default. */
export function shownPaging(paging: Paging, defaultSort: DefaultSort): Paging {
  return paging.sortBy || !defaultSort ? paging : { ...paging, ...defaultSort };
}

/**
 * The sort to keep after the table asked for `next` while showing `shown`. The default sort is kept as no sort
 * (a clean address); a column's sort cleared by the table (after descending) on the default column would
 * change nothing, so it reverses the order instead.
 */
export function chosenPaging(next: Paging, shown: Paging, defaultSort: DefaultSort): Paging {
  if (!defaultSort) return next;
  let out = next;
  if (!next.sortBy && shown.sortBy === defaultSort.sortBy)
    out = { ...next, sortBy: shown.sortBy, sortOrder: shown.sortOrder === 'desc' ? 'asc' : 'desc' };
  const isDefault = out.sortBy === defaultSort.sortBy && (out.sortOrder ?? 'asc') === defaultSort.sortOrder;
  return isDefault ? { ...out, sortBy: undefined, sortOrder: undefined } : out;
}

/** The order a column shows as sorted (antd `sortOrder`): the chosen sort, else the list's default. */
export function shownSort(paging: Paging, key: string, defaultSort?: DefaultSort): 'ascend' | 'descend' | null {
  const s = shownPaging(paging, defaultSort);
  if (s.sortBy !== key) return null;
  return s.sortOrder === 'desc' ? 'descend' : 'ascend';
}
