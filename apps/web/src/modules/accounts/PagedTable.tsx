import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Table } from 'antd';
import type { TableProps } from 'antd';
import { sortQuery } from './common.tsx';

/** Paging and sorting state a server list keeps (the API's pageNumber, pageSize, sortBy, sortOrder). */
export interface PageFilters {
  pageNumber: number;
  pageSize: number;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
}

interface PagedTableProps<Row, F extends PageFilters> extends Omit<
  TableProps<Row>,
  'pagination' | 'onChange' | 'dataSource' | 'locale'
> {
  filters: F;
  setFilters: (update: (current: F) => F) => void;
  data: { pageLists: Row[]; totalRecord: number } | undefined;
  empty: ReactNode;
  pageSizeOptions?: number[];
  'data-testid'?: string;
}

/**
 * A server-paged, server-sorted table: a new sort starts again at page 1, the page and its size follow the
 * pager, the total is shown in words. The identity pages' lists share it.
 */
export function PagedTable<Row extends object, F extends PageFilters>({
  filters,
  setFilters,
  data,
  empty,
  pageSizeOptions,
  ...table
}: PagedTableProps<Row, F>) {
  const { t } = useTranslation('accounts');
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      {...table}
      dataSource={data?.pageLists ?? []}
      locale={{ emptyText: <Empty description={empty} /> }}
      pagination={{
        current: filters.pageNumber,
        pageSize: filters.pageSize,
        total: data?.totalRecord ?? 0,
        showSizeChanger: true,
        ...(pageSizeOptions ? { pageSizeOptions } : {}),
        showTotal: (n) => t('list.total', { count: n }),
      }}
      onChange={(p, _f, sorter) => {
        const s = sortQuery(sorter);
        setFilters((f) => ({
          ...f,
          pageNumber: s.sortBy !== f.sortBy || s.sortOrder !== f.sortOrder ? 1 : (p.current ?? 1),
          pageSize: p.pageSize ?? f.pageSize,
          sortBy: s.sortBy,
          sortOrder: s.sortOrder,
        }));
      }}
    />
  );
}
