import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Input, Space, Table, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, RestOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';

/**
 * What every server-paged list of the portal shares, for the pages a domain draws itself (the catalogue's
 * ListPage has its own engine-driven table): paging and sorting state, in the address or in the page; the table
 * with its pager, total and empty/failed states; the search box; the row's view/edit/delete buttons.
 */

/** Page sizes offered by every list. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

/** Paging and sorting a server list keeps (the API's pageNumber, pageSize, sortBy, sortOrder). */
export interface Paging {
  pageNumber: number;
  pageSize: number;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
}

/**
 * A list's paging, sorting and filters in the address, so a list can be bookmarked and survives a round trip to
 * a record. Any change but the page's own goes back to page 1.
 */
export function useUrlListState() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const set = (changes: Record<string, string | number | null | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const paging: Paging = {
    pageNumber: Math.max(1, Number(params.get('page')) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: params.get('sort') || undefined,
    sortOrder: params.get('order') || undefined,
  };
  return {
    get: (name: string) => params.get(name) ?? '',
    /** The whole query string: a memo key for values read from it. */
    search: params.toString(),
    ...paging,
    paging,
    set,
    /** For ServerTable: the pager and the sort write the address. */
    onPaging: (p: Paging) =>
      set({ page: p.pageNumber > 1 ? p.pageNumber : null, size: p.pageSize, sort: p.sortBy, order: p.sortOrder }),
  };
}

/** antd's sorter → the API's sortBy/sortOrder (the column's key, else its dataIndex). */
export function sortQuery(sorter: unknown): { sortBy?: string; sortOrder?: 'asc' | 'desc' } {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as
    { field?: unknown; columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined;
  const key = (s?.columnKey ?? s?.field) as string | undefined;
  if (!key || !s?.order) return {};
  return { sortBy: key, sortOrder: s.order === 'descend' ? 'desc' : 'asc' };
}

/** The order a column shows as sorted (antd `sortOrder`), from the list's paging. */
export function sortedAs(paging: Paging, key: string): 'ascend' | 'descend' | null {
  if (paging.sortBy !== key) return null;
  return paging.sortOrder === 'desc' ? 'descend' : 'ascend';
}

interface ServerTableProps<Row> extends Omit<
  TableProps<Row>,
  'pagination' | 'onChange' | 'dataSource' | 'locale' | 'loading'
> {
  /** The page the server answered (`{ pageLists, totalRecord }`) and its query's state. */
  list: { data?: { pageLists: Row[]; totalRecord: number } | undefined; isFetching: boolean; error: unknown };
  paging: Paging;
  onPaging: (next: Paging) => void;
  /** Shown when the list is empty (and did not fail). */
  empty: ReactNode;
  'data-testid'?: string;
}

/**
 * A server-paged, server-sorted table: a new sort starts again at page 1, the page and its size follow the
 * pager, the total is shown in words, a failed load says why instead of "empty".
 */
export function ServerTable<Row extends object>({ list, paging, onPaging, empty, ...table }: ServerTableProps<Row>) {
  const { t } = useTranslation('common');
  const failed = list.error ? (list.error instanceof Error ? list.error.message : String(list.error)) : null;
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      {...table}
      loading={list.isFetching}
      dataSource={list.data?.pageLists ?? []}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ?? empty} />,
      }}
      pagination={{
        current: paging.pageNumber,
        pageSize: paging.pageSize,
        total: list.data?.totalRecord ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (n) => t('list.total', { count: n, total: n.toLocaleString('vi-VN') }),
      }}
      onChange={(p, _filters, sorter) => {
        const s = sortQuery(sorter);
        const resorted = s.sortBy !== paging.sortBy || s.sortOrder !== paging.sortOrder;
        onPaging({
          pageNumber: resorted ? 1 : (p.current ?? 1),
          pageSize: p.pageSize ?? paging.pageSize,
          sortBy: s.sortBy,
          sortOrder: s.sortOrder,
        });
      }}
    />
  );
}

/** The list's keyword box: searches on Enter or the button; clearing it shows everything again. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  width = 300,
}: {
  value: string;
  onSearch: (keyWord: string | null) => void;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation('common');
  return (
    <Input.Search
      // Remounted when the address changes the keyword (back/forward), so the box shows it.
      key={value}
      allowClear
      defaultValue={value}
      placeholder={placeholder ?? t('list.searchPlaceholder')}
      aria-label={t('actions.search')}
      onSearch={(v) => onSearch(v.trim() || null)}
      style={{ width }}
    />
  );
}

export interface RowAction {
  kind: 'view' | 'edit' | 'delete';
  onClick: () => void;
  /** Absent or false: the button is not shown (no permission, record not editable). */
  allowed?: boolean;
  label?: string;
  /** Shown but not usable, with this reason as its tooltip (a unit that still has users). */
  disabledReason?: string | undefined;
  'data-testid'?: string;
}

/** A row's icon buttons, each with its name (or why it is disabled) as tooltip and accessible label. */
export function RowActions({ actions, size }: { actions: readonly RowAction[]; size?: 'small' }) {
  const { t } = useTranslation('common');
  const icons = { view: <EyeOutlined />, edit: <EditOutlined />, delete: <DeleteOutlined /> };
  return (
    <Space size={size ? 4 : 2}>
      {actions
        .filter((a) => a.allowed !== false)
        .map((a) => {
          const label = a.label ?? t(`actions.${a.kind}`);
          return (
            <Tooltip key={a.kind} title={a.disabledReason ?? label}>
              <Button
                type={size ? 'default' : 'text'}
                size={size}
                danger={a.kind === 'delete'}
                icon={icons[a.kind]}
                aria-label={label}
                disabled={!!a.disabledReason}
                onClick={a.onClick}
                data-testid={a['data-testid']}
              />
            </Tooltip>
          );
        })}
    </Space>
  );
}

/**
 * Opens the trash bin on one area's deleted records, for whoever may delete them (and so restore them there).
 * `area` is the API area (`Unit`, `OfficialDocument`), `subject` its permission subject when it differs.
 */
export function TrashButton({ area, subject = area }: { area: string; subject?: string }) {
  const { t } = useTranslation('common');
  const access = useAccess();
  const navigate = useNavigate();
  if (!can(access, 'read', 'RecycleBin') || !can(access, 'delete', subject)) return null;
  return (
    <Button icon={<RestOutlined />} onClick={() => void navigate(`/thung-rac?area=${encodeURIComponent(area)}`)}>
      {t('actions.trash')}
    </Button>
  );
}
