import { isValidElement, useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Empty, Input, Space, Table, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, RestOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { PAGE_SIZES, type Paging } from './list-state.ts';
import { displayNumber } from '../format.ts';

/**
 * What every server-paged list of the portal shares, for the pages a domain draws itself (the catalogue's
 * ListPage has its own engine-driven table): paging and sorting state, in the address or in the page; the table
 * with its pager, total and empty/failed states; the search box; the row's view/edit/delete buttons.
 */

export { PAGE_SIZES, type Paging } from './list-state.ts';
export { useServerList, useUrlListState, type ServerList, type ServerListOptions } from './use-server-list.ts';

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

/**
 * A list column with its priority: 1 (the default) is always shown; a larger number is shown while the table
 * has room for it at its `width` (else `minWidth`, else 120 px), and otherwise folds into the row's expandable
 * details, lesser columns first. So a list fits an office screen (1366 px) without a horizontal scroll.
 */
export type ListColumn<Row> = ColumnType<Row> & { priority?: number; minWidth?: number };

/** Room a column needs before it is folded away. */
interface Fitted {
  priority?: number | undefined;
  minWidth?: number | undefined;
  width?: number | string | undefined;
}
const columnRoom = (c: Fitted) => (typeof c.width === 'number' ? c.width : (c.minWidth ?? 120));
/** Width of antd's selection and expand columns. */
const CONTROL_COLUMN = 48;

/** The columns that fit `width` (all of them while it is unknown), in priority order, kept in display order. */
export function fitColumns<C extends Fitted>(columns: readonly C[], width: number, reserved = 0) {
  if (!width) return { shown: [...columns], folded: [] as C[] };
  const byPriority = columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.priority ?? 1) - (b.c.priority ?? 1) || a.i - b.i);
  let used = reserved;
  const keep = new Set<number>();
  for (const { c, i } of byPriority) {
    const room = columnRoom(c);
    if ((c.priority ?? 1) <= 1 || used + room <= width) {
      keep.add(i);
      used += room;
    }
  }
  return { shown: columns.filter((_c, i) => keep.has(i)), folded: columns.filter((_c, i) => !keep.has(i)) };
}

/** The inner width of an element, followed as it resizes (0 until measured). */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/** A cell's value as text for its tooltip, when it is text. */
const cellTitle = (node: ReactNode): string | undefined =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;

interface ServerTableProps<Row> extends Omit<
  TableProps<Row>,
  'pagination' | 'onChange' | 'dataSource' | 'locale' | 'loading' | 'columns' | 'scroll'
> {
  /** The page the server answered (`{ pageLists, totalRecord }`) and its query's state. */
  list: { data?: { pageLists: Row[]; totalRecord: number } | undefined; isFetching: boolean; error: unknown };
  columns: ListColumn<Row>[];
  paging: Paging;
  onPaging: (next: Paging) => void;
  /** Shown when the list is empty (and did not fail). */
  empty: ReactNode;
  /** The total in words, when the list says more than a count (an estimate). */
  total?: (total: number) => ReactNode;
  'data-testid'?: string;
}

/**
 * THE server-paged, server-sorted table of every list: a new sort starts again at page 1, the page and its
 * size follow the pager, the total is shown in words, a failed load says why instead of "empty". Columns fit
 * the width: lesser ones (by `priority`) fold into the row's details, the rest are cut with an ellipsis and
 * their text as tooltip; nothing scrolls sideways.
 */
export function ServerTable<Row extends object>({
  list,
  paging,
  onPaging,
  empty,
  total,
  columns,
  expandable,
  ...table
}: ServerTableProps<Row>) {
  const { t } = useTranslation('common');
  const [ref, width] = useWidth();
  const failed = list.error ? (list.error instanceof Error ? list.error.message : String(list.error)) : null;
  const reserved = (table.rowSelection ? CONTROL_COLUMN : 0) + CONTROL_COLUMN;
  const { shown, folded } = fitColumns(columns, width, reserved);
  const own = expandable?.expandedRowRender;
  const details =
    folded.length || own
      ? {
          ...expandable,
          expandedRowRender: (row: Row, index: number, indent: number, expanded: boolean) => (
            <>
              {folded.length > 0 && (
                <Descriptions
                  size="small"
                  column={{ xs: 1, md: 2, xl: 3 }}
                  items={folded.map((c, i) => ({
                    key: String(c.key ?? i),
                    label: c.title as ReactNode,
                    children: cellOf(c, row, index),
                  }))}
                />
              )}
              {own?.(row, index, indent, expanded)}
            </>
          ),
        }
      : expandable;
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <Table<Row>
        rowKey="id"
        size="middle"
        {...table}
        tableLayout="fixed"
        columns={shown.map(({ priority: _p, minWidth: _m, fixed: _f, ...c }) => ({
          ...c,
          ellipsis: c.ellipsis ?? { showTitle: false },
          render: (v: unknown, row: Row, i: number) => {
            const node = cellOf(c, row, i, v);
            return c.ellipsis === false ? node : <span title={cellTitle(node)}>{node}</span>;
          },
        }))}
        {...(details ? { expandable: details } : {})}
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
          showTotal: (n) => total?.(n) ?? t('list.total', { count: n, total: displayNumber(n) }),
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
    </div>
  );
}

/** What a column shows for a row: its render, else the value at its dataIndex. */
function cellOf<Row>(c: ColumnType<Row>, row: Row, index: number, value?: unknown): ReactNode {
  const v =
    value !== undefined
      ? value
      : typeof c.dataIndex === 'string' || typeof c.dataIndex === 'number'
        ? (row as Record<string | number, unknown>)[c.dataIndex]
        : undefined;
  if (c.render) {
    const out = c.render(v, row, index);
    // antd lets a render answer cell props ({ children, props }); the lists here answer nodes.
    return out && typeof out === 'object' && 'children' in out && !isValidElement(out)
      ? (out as { children: ReactNode }).children
      : (out as ReactNode);
  }
  return v == null ? '' : (v as ReactNode);
}

/** The list's keyword box: searches on Enter or the button, keeping the focus; clearing it shows everything again. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  width = 300,
  'data-testid': testId,
}: {
  value: string;
  onSearch: (keyWord: string | null) => void;
  placeholder?: string;
  width?: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed the keyword (back/forward, reset): show it, without remounting the box.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder ?? t('list.searchPlaceholder')}
      aria-label={t('actions.search')}
      onSearch={(v) => onSearch(v.trim() || null)}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}

/**
 * The width of a row's action column for this many icon buttons, never narrower than its header ("Thao tác")
 * needs on one line: a one-button column would otherwise wrap the header over three lines.
 */
export const actionsWidth = (buttons: number) => Math.max(96, 16 + buttons * 32 + Math.max(0, buttons - 1) * 2);

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
