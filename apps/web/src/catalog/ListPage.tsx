import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Dropdown,
  Flex,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { can, useAccess } from '../app/access.ts';
import { ApiError } from '../app/api-client.ts';
import { toast } from '../app/toast.ts';
import { saveFile, type CatalogApi, type CatalogRecord } from './api.ts';
import { AdminUnitSelect, EMPLOYER_AREA, ReferenceSelect, TreeReferenceSelect } from './fields.tsx';
import { catalogByKey, pageById } from './registry.ts';
import { useCatalogText, type CatalogText } from './text.ts';
import { useCatalogTable } from './use-catalog-table.ts';

export const routeTo = (pattern: string | null, id?: string) =>
  pattern ? pattern.replace('{id}', encodeURIComponent(id ?? '')) : null;

export function errorMessage(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

/** Which of the standard actions the signed-in user may take on an area. */
export function useCatalogAbility(c: ResolvedCatalog) {
  const access = useAccess();
  return useMemo(
    () => ({
      read: can(access, 'read', c.subject),
      create: can(access, 'create', c.subject),
      update: can(access, 'update', c.subject),
      delete: can(access, 'delete', c.subject),
      import: can(access, 'import', c.subject),
      export: can(access, 'export', c.subject),
    }),
    [access, c.subject],
  );
}

/** Template, import and export buttons, the same on a list, a tree and the import page. */
export function ExcelActions({
  c,
  page,
  api,
  text,
  exportQuery,
  importButton = true,
}: {
  c: ResolvedCatalog;
  page: ResolvedPage;
  api: CatalogApi;
  text: CatalogText;
  /** The list's current filters; null: no export button. */
  exportQuery: Record<string, unknown> | null;
  importButton?: boolean;
}) {
  const ability = useCatalogAbility(c);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'template' | 'export' | null>(null);
  const download = async (kind: 'template' | 'export') => {
    setBusy(kind);
    try {
      const file = kind === 'template' ? await api.template(page.fixed) : await api.export(exportQuery ?? {});
      saveFile(file, `${text.noun}.xlsx`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {ability.import && (
        <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void download('template')}>
          {text.t('catalog:actions.template')}
        </Button>
      )}
      {ability.import && importButton && page.routes.import && (
        <Button icon={<UploadOutlined />} onClick={() => navigate(page.routes.import!)}>
          {text.t('catalog:actions.import')}
        </Button>
      )}
      {ability.export && exportQuery && (
        <Button icon={<FileExcelOutlined />} loading={busy === 'export'} onClick={() => void download('export')}>
          {text.t('catalog:actions.export')}
        </Button>
      )}
    </>
  );
}

/** One filter's input, by the field's kind. */
function FilterInput({
  c,
  name,
  text,
  value,
  onChange,
  range,
}: {
  c: ResolvedCatalog;
  name: string;
  text: CatalogText;
  value: string | undefined;
  onChange: (name: string, v: string | null) => void;
  range: [string | undefined, string | undefined];
}) {
  const f = c.declaration.fields[name]!;
  const label = text.label(name);
  const style = { width: 200 };
  switch (f.kind) {
    case 'enum':
      return (
        <Select
          allowClear
          placeholder={label}
          value={value}
          onChange={(v: string | undefined) => onChange(name, v ?? null)}
          options={f.options.map((o) => ({ value: o, label: text.option(name, o) }))}
          style={style}
        />
      );
    case 'boolean':
      return (
        <Select
          allowClear
          placeholder={label}
          value={value}
          onChange={(v: string | undefined) => onChange(name, v ?? null)}
          options={[
            { value: 'true', label: `${label}: ${text.t('catalog:list.yes')}` },
            { value: 'false', label: `${label}: ${text.t('catalog:list.no')}` },
          ]}
          style={{ width: 240 }}
        />
      );
    case 'reference':
      return (
        <div style={style}>
          <ReferenceSelect
            target={catalogByKey(f.target)}
            placeholder={label}
            value={value ?? null}
            onChange={(v) => onChange(name, v)}
          />
        </div>
      );
    case 'treeReference':
      return (
        <div style={style}>
          <TreeReferenceSelect
            target={f.target ? catalogByKey(f.target) : c}
            placeholder={label}
            value={value ?? null}
            onChange={(v) => onChange(name, v)}
          />
        </div>
      );
    case 'adminUnit':
      return (
        <div style={style}>
          <AdminUnitSelect
            level={f.level}
            placeholder={label}
            value={value ?? null}
            onChange={(v) => onChange(name, v)}
          />
        </div>
      );
    case 'employer':
      return (
        <div style={style}>
          <ReferenceSelect
            target={catalogByKey(EMPLOYER_AREA)}
            placeholder={label}
            value={value ?? null}
            onChange={(v) => onChange(name, v)}
          />
        </div>
      );
    case 'date':
      return (
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          placeholder={[label, label]}
          value={[range[0] ? dayjs(range[0]) : null, range[1] ? dayjs(range[1]) : null]}
          onChange={(dates) => {
            onChange(`${name}From`, dates?.[0]?.format('YYYY-MM-DD') ?? null);
            onChange(`${name}To`, dates?.[1]?.format('YYYY-MM-DD') ?? null);
          }}
        />
      );
    case 'number':
      return (
        <Space.Compact>
          <InputNumber
            placeholder={`${label} ≥`}
            value={range[0] ? Number(range[0]) : null}
            onChange={(v) => onChange(`${name}From`, v == null ? null : String(v))}
          />
          <InputNumber
            placeholder={`${label} ≤`}
            value={range[1] ? Number(range[1]) : null}
            onChange={(v) => onChange(`${name}To`, v == null ? null : String(v))}
          />
        </Space.Compact>
      );
    default:
      return (
        <Input
          allowClear
          placeholder={label}
          defaultValue={value}
          onBlur={(e) => onChange(name, e.target.value || null)}
          style={style}
        />
      );
  }
}

const columnsKey = (pageId: string) => `catalog.columns.${pageId}`;

function useHiddenColumns(pageId: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(window.localStorage.getItem(columnsKey(pageId)) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  return [
    hidden,
    (next) => {
      setHidden(next);
      try {
        window.localStorage.setItem(columnsKey(pageId), JSON.stringify(next));
      } catch {
        // The choice still applies until the page is left.
      }
    },
  ];
}

/** Deletes after a confirmation naming what goes to the trash bin. */
export function useDeleteAction(c: ResolvedCatalog, api: CatalogApi, text: CatalogText, onDone?: () => void) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (ids: string[]) => api.remove(ids),
    onSuccess: async (result) => {
      toast.success(text.t('catalog:messages.deleted', { count: result.deleted }));
      await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
      onDone?.();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (records: CatalogRecord[]) => {
    const one = records.length === 1 ? records[0]! : null;
    modal.confirm({
      title: text.t('catalog:confirm.deleteTitle', { noun: text.noun }),
      content: one
        ? text.t(c.parentField ? 'catalog:confirm.deleteTree' : 'catalog:confirm.deleteOne', {
            name: String(one[c.declaration.titleField] ?? ''),
          })
        : text.t('catalog:confirm.deleteMany', { count: records.length, noun: text.noun }),
      okText: text.t('catalog:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: text.t('catalog:actions.cancel'),
      onOk: () => mutation.mutateAsync(records.map((r) => r.id)).catch(() => undefined),
    });
  };
}

function ListPage({ pageId }: { pageId: string }) {
  const { catalog: c, page } = pageById(pageId);
  const d = c.declaration;
  const text = useCatalogText(c, page);
  const table = useCatalogTable(c, page.fixed);
  const ability = useCatalogAbility(c);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<CatalogRecord[]>([]);
  const [hidden, setHidden] = useHiddenColumns(page.id);
  const confirmDelete = useDeleteAction(c, table.api, text, () => setSelected([]));
  const listColumns = d.list.columns.filter((name) => !(name in page.fixed));
  const detailPath = (id: string) => routeTo(page.routes.detail, id) ?? routeTo(page.routes.edit, id);

  const columns: ColumnsType<CatalogRecord> = [
    {
      title: text.t('catalog:list.index'),
      key: '__index',
      width: 64,
      align: 'center',
      render: (_v, _r, i) =>
        ((table.tableProps.pagination.current - 1) * table.tableProps.pagination.pageSize + i + 1).toLocaleString(
          'vi-VN',
        ),
    },
    ...listColumns
      .filter((name) => !hidden.includes(name))
      .map((name) => {
        const f = d.fields[name]!;
        return {
          title: text.label(name),
          dataIndex: name,
          key: name,
          sorter: c.sortable.includes(name),
          sortOrder:
            table.sortField === name ? (table.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
          ellipsis: f.kind === 'longText',
          render: (_v: unknown, record: CatalogRecord): ReactNode => {
            const shown = text.display(name, record);
            if (f.kind === 'boolean')
              return record[name] ? (
                <Tag color="green">{shown}</Tag>
              ) : (
                <Typography.Text type="secondary">{shown}</Typography.Text>
              );
            if (name === d.titleField && detailPath(record.id)) return <Link to={detailPath(record.id)!}>{shown}</Link>;
            return shown;
          },
        };
      }),
    {
      title: text.t('catalog:list.actions'),
      key: '__actions',
      width: 132,
      align: 'center',
      fixed: 'right',
      render: (_v, record) => (
        <Space size={2}>
          {page.routes.detail && (
            <Tooltip title={text.t('catalog:actions.view')}>
              <Button
                type="text"
                icon={<EyeOutlined />}
                aria-label={text.t('catalog:actions.view')}
                onClick={() => navigate(routeTo(page.routes.detail, record.id)!)}
              />
            </Tooltip>
          )}
          {ability.update && page.routes.edit && (
            <Tooltip title={text.t('catalog:actions.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={text.t('catalog:actions.edit')}
                onClick={() => navigate(routeTo(page.routes.edit, record.id)!)}
              />
            </Tooltip>
          )}
          {ability.delete && (
            <Tooltip title={text.t('catalog:actions.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={text.t('catalog:actions.delete')}
                onClick={() => confirmDelete([record])}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const filterNames = (d.filters ?? []).filter((name) => !(name in page.fixed));
  const setFilter = (name: string, value: string | null) => table.setFilter(name, value);

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <Input.Search
            key={table.keyWord}
            allowClear
            defaultValue={table.keyWord}
            placeholder={text.t('catalog:actions.searchPlaceholder')}
            aria-label={text.t('catalog:actions.search')}
            onSearch={table.setKeyWord}
            style={{ width: 280 }}
          />
          {filterNames.map((name) => (
            <FilterInput
              key={name}
              c={c}
              name={name}
              text={text}
              value={table.filters[name]}
              range={[table.filters[`${name}From`], table.filters[`${name}To`]]}
              onChange={setFilter}
            />
          ))}
          {(table.keyWord || Object.keys(table.filters).length > 0) && (
            <Button onClick={table.resetFilters}>{text.t('catalog:actions.reset')}</Button>
          )}
        </Flex>
        <Flex gap={8} wrap>
          {ability.delete && selected.length > 0 && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
              {text.t('catalog:actions.deleteSelected', { count: selected.length })}
            </Button>
          )}
          <ExcelActions c={c} page={page} api={table.api} text={text} exportQuery={table.query} />
          <Dropdown
            trigger={['click']}
            popupRender={() => (
              <Card size="small">
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                  value={listColumns.filter((n) => !hidden.includes(n))}
                  onChange={(shown) => setHidden(listColumns.filter((n) => !shown.includes(n)))}
                  options={listColumns.map((n) => ({ value: n, label: text.label(n) }))}
                />
              </Card>
            )}
          >
            <Button icon={<SettingOutlined />}>{text.t('catalog:actions.columns')}</Button>
          </Dropdown>
          {ability.create && page.routes.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(page.routes.create!)}>
              {text.t('catalog:actions.create')}
            </Button>
          )}
        </Flex>
      </Flex>
      <CatalogTable
        table={table}
        text={text}
        columns={columns}
        selected={ability.delete ? selected : null}
        onSelect={setSelected}
      />
    </Card>
  );
}

/**
 * An area's server table: paging and sorting from useCatalogTable, row selection for bulk delete (`selected`
 * null: no selection), the failed and empty states, and the total — exact, or the estimate / lower bound a very
 * long list (list.countLimit) answers. The generic list and the pages areas draw themselves share it.
 */
export function CatalogTable({
  table,
  text,
  columns,
  selected,
  onSelect,
}: {
  table: ReturnType<typeof useCatalogTable>;
  text: CatalogText;
  columns: ColumnsType<CatalogRecord>;
  selected: CatalogRecord[] | null;
  onSelect: (rows: CatalogRecord[]) => void;
}) {
  return (
    <Table<CatalogRecord>
      {...table.tableProps}
      size="middle"
      columns={columns}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selected
          ? {
              selectedRowKeys: selected.map((r) => r.id),
              onChange: (_keys, rows) => onSelect(rows),
              preserveSelectedRowKeys: true,
            }
          : undefined
      }
      locale={{
        emptyText: table.list.isError ? text.t('catalog:messages.loadFailed') : text.t('catalog:list.empty'),
      }}
      pagination={{
        ...table.tableProps.pagination,
        showTotal: (total) =>
          text.t(
            table.list.data?.totalKind === 'estimate'
              ? 'catalog:list.totalEstimate'
              : table.list.data?.totalKind === 'atLeast'
                ? 'catalog:list.totalAtLeast'
                : 'catalog:list.total',
            { total: total.toLocaleString('vi-VN') },
          ),
      }}
    />
  );
}

/** The list page of one area (or view), as a route component. */
export function bind(pageId: string) {
  const Bound = () => <ListPage pageId={pageId} />;
  Bound.displayName = `CatalogList(${pageId})`;
  return Bound;
}
