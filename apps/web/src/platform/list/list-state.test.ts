import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  chosenPaging,
  listRequest,
  pagingChanges,
  readFilters,
  readPaging,
  shownDefault,
  shownPaging,
  shownSort,
} from './list-state.ts';

const address = (s: string) => new URLSearchParams(s);

describe('readPaging', () => {
  it('defaults to page 1 of 20, unsorted', () => {
    expect(readPaging(address(''))).toEqual({ pageNumber: 1, pageSize: 20, sortBy: undefined, sortOrder: undefined });
  });

  it('reads page, size and sort', () => {
    expect(readPaging(address('page=3&size=50&sort=code&order=desc'))).toEqual({
      pageNumber: 3,
      pageSize: 50,
      sortBy: 'code',
      sortOrder: 'desc',
    });
  });

  it('ignores a hand-edited address it cannot honour', () => {
    expect(readPaging(address('page=-2&size=7&order=desc'))).toEqual({
      pageNumber: 1,
      pageSize: 20,
      sortBy: undefined,
      sortOrder: undefined,
    });
    expect(readPaging(address('page=abc&sort=code&order=sideways')).sortOrder).toBe('asc');
    expect(readPaging(address('sort=password'), { sortable: ['code'] }).sortBy).toBeUndefined();
  });

  it('reads a prefixed list and its own default size', () => {
    const p = address('page=4&progress.page=2&progress.size=50');
    expect(readPaging(p, { prefix: 'progress', pageSize: 10 })).toMatchObject({ pageNumber: 2, pageSize: 50 });
    expect(readPaging(address(''), { prefix: 'progress', pageSize: 10 }).pageSize).toBe(10);
  });
});

describe('pagingChanges', () => {
  it('leaves defaults out of the address', () => {
    expect(pagingChanges({ pageNumber: 1, pageSize: 20 })).toEqual({ page: null, size: null, sort: null, order: null });
  });

  it('writes what differs, under the prefix', () => {
    expect(
      pagingChanges({ pageNumber: 2, pageSize: 50, sortBy: 'code', sortOrder: 'desc' }, { prefix: 'overtime' }),
    ).toEqual({ 'overtime.page': 2, 'overtime.size': 50, 'overtime.sort': 'code', 'overtime.order': 'desc' });
  });

  it('drops a sort the list does not offer', () => {
    expect(pagingChanges({ pageNumber: 1, pageSize: 20, sortBy: 'x' }, { sortable: ['code'] }).sort).toBeNull();
  });

  it('round-trips through the address', () => {
    const p = { pageNumber: 5, pageSize: 100, sortBy: 'dueOn', sortOrder: 'asc' as const };
    expect(readPaging(applyChanges(address(''), pagingChanges(p), undefined))).toEqual(p);
  });
});

describe('applyChanges', () => {
  it('goes back to page 1 when anything but the page changes', () => {
    expect(applyChanges(address('page=3&status=open'), { q: 'ha noi' }).toString()).toBe('status=open&q=ha+noi');
    expect(applyChanges(address('page=3'), { page: 4 }).toString()).toBe('page=4');
  });

  it('removes emptied values', () => {
    expect(applyChanges(address('status=open&q=x'), { status: null, q: '' }).toString()).toBe('');
  });

  it("leaves another list's page alone", () => {
    const next = applyChanges(address('page=3&overtime.page=2'), { 'overtime.year': 2024 }, 'overtime');
    expect(next.toString()).toBe('page=3&overtime.year=2024');
  });
});

describe('readFilters', () => {
  it('reads the named filters, absent ones left out', () => {
    expect(readFilters(address('status=open&x=1&year='), ['status', 'year', 'kind'])).toEqual({ status: 'open' });
    expect(readFilters(address('a.status=open&status=closed'), ['status'], 'a')).toEqual({ status: 'open' });
  });
});

describe('listRequest', () => {
  const paging = { pageNumber: 2, pageSize: 20 };

  it('sends paging, keyword and non-empty parameters', () => {
    expect(listRequest(paging, 'ha', { status: 'open', kind: '', year: undefined })).toEqual({
      pageNumber: 2,
      pageSize: 20,
      keyWord: 'ha',
      status: 'open',
    });
  });

  it('sends the chosen sort, else the default, under the API name', () => {
    const defaultSort = { sortBy: 'dueOn', sortOrder: 'asc' as const };
    expect(listRequest(paging, '', {}, { defaultSort })).toMatchObject({ sortBy: 'dueOn', sortOrder: 'asc' });
    expect(
      listRequest({ ...paging, sortBy: 'code', sortOrder: 'desc' }, '', {}, { defaultSort, sortParam: 'sortField' }),
    ).toEqual({ pageNumber: 2, pageSize: 20, sortField: 'code', sortOrder: 'desc' });
  });
});

describe('shownSort', () => {
  it('shows the chosen sort, else the default', () => {
    const defaultSort = { sortBy: 'occurredAt', sortOrder: 'desc' as const };
    expect(shownSort({ pageNumber: 1, pageSize: 20 }, 'occurredAt', defaultSort)).toBe('descend');
    expect(shownSort({ pageNumber: 1, pageSize: 20, sortBy: 'code' }, 'occurredAt', defaultSort)).toBeNull();
    expect(shownSort({ pageNumber: 1, pageSize: 20, sortBy: 'code' }, 'code', defaultSort)).toBe('ascend');
  });
});

describe('chosenPaging', () => {
  const defaultSort = { sortBy: 'occurredAt', sortOrder: 'desc' as const };
  const page = { pageNumber: 1, pageSize: 20 };
  const shown = shownPaging(page, defaultSort);

  it('shows the default sort while none is chosen', () => {
    expect(shown).toEqual({ ...page, ...defaultSort });
  });

  it('keeps the default sort as no sort, so paging does not count as a new sort', () => {
    expect(chosenPaging({ ...page, pageNumber: 2, ...defaultSort }, shown, defaultSort)).toEqual({
      pageNumber: 2,
      pageSize: 20,
      sortBy: undefined,
      sortOrder: undefined,
    });
  });

  it('reverses the default column when the table clears its sort', () => {
    expect(chosenPaging(page, shown, defaultSort)).toMatchObject({ sortBy: 'occurredAt', sortOrder: 'asc' });
    const ascending = { ...page, sortBy: 'occurredAt', sortOrder: 'asc' };
    expect(chosenPaging({ ...page, ...defaultSort }, ascending, defaultSort).sortBy).toBeUndefined();
  });

  it('keeps another column as chosen, and clears it when the table does', () => {
    const byCode = { ...page, sortBy: 'code', sortOrder: 'desc' };
    expect(chosenPaging(byCode, shown, defaultSort)).toEqual(byCode);
    expect(chosenPaging(page, byCode, defaultSort)).toEqual(page);
  });

  it('leaves a list without default alone', () => {
    expect(chosenPaging(page, { ...page, sortBy: 'code' }, undefined)).toEqual(page);
  });
});

describe('shownDefault', () => {
  it('shows a default sort only on a column the list may be sorted by', () => {
    const defaultSort = { sortBy: 'submittedAt', sortOrder: 'asc' as const };
    expect(shownDefault(defaultSort, ['submittedAt'])).toBe(defaultSort);
    expect(shownDefault(defaultSort, [])).toBeUndefined();
    expect(shownDefault(defaultSort, undefined)).toBeUndefined();
  });
});
