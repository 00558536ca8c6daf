import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Dropdown,
  Flex,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Radio,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  LinkOutlined,
  PlusOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { areaText, type FieldDef, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/index';
import { can, useAccess } from '../app/access.ts';
import { ApiError } from '../app/api-client.ts';
import { toast } from '../app/toast.ts';
import { saveFile, type CatalogApi, type CatalogRecord } from './api.ts';
import { AdminUnitSelect, EMPLOYER_AREA, ReferenceSelect, TreeReferenceSelect } from './fields.tsx';
import { catalogByKey, pageById } from './registry.ts';
import { useCatalogText, type CatalogText } from './text.ts';
import { useCatalogTable } from './use-catalog-table.ts';
import { activeQuickFilter, quickFilterParams, quickFiltersOf, rowLinksOf } from './extensions.ts';
import { actionsWidth, RowActions, SearchBox, ServerTable, type ListColumn } from '../platform/list/index.tsx';
import { useConfirm } from '../platform/dialogs/index.tsx';
import { displayNumber } from '../platform/format.ts';

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
          aria-label={label}
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
          aria-label={label}
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
          aria-label={label}
        />
      );
    case 'number':
      return (
        <Space.Compact>
          <InputNumber
            min={f.min}
            max={f.max}
            placeholder={`${label} ≥`}
            value={range[0] ? Number(range[0]) : null}
            onChange={(v) => onChange(`${name}From`, v == null ? null : String(v))}
            aria-label={`${label} ≥`}
          />
          <InputNumber
            min={f.min}
            max={f.max}
            placeholder={`${label} ≤`}
            value={range[1] ? Number(range[1]) : null}
            onChange={(v) => onChange(`${name}To`, v == null ? null : String(v))}
            aria-label={`${label} ≤`}
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
          aria-label={label}
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
  const confirm = useConfirm();
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
    void confirm({
      title: text.t('catalog:confirm.deleteTitle', { noun: text.noun }),
      content: one
        ? text.t(c.parentField ? 'catalog:confirm.deleteTree' : 'catalog:confirm.deleteOne', {
            name: String(one[c.declaration.titleField] ?? ''),
          })
        : text.t('catalog:confirm.deleteMany', { count: records.length, noun: text.noun }),
      okText: text.t('catalog:actions.delete'),
      danger: true,
      cancelText: text.t('catalog:actions.cancel'),
      onOk: () => mutation.mutateAsync(records.map((r) => r.id)).catch(() => undefined),
    });
  };
}

/** Room a column of this kind needs before it folds into the row's details (see ServerTable). */
function columnRoom(f: FieldDef): number {
  switch (f.kind) {
    case 'date':
      return 110;
    case 'boolean':
      return 100;
    case 'number':
      return 110;
    case 'text':
      return Math.min(240, Math.max(110, (f.width ?? 16) * 8));
    default:
      return 150;
  }
}

/** The first columns of a declaration always show; the later ones fold first when the screen is narrow. */
const ALWAYS_SHOWN = 3;

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
  // Whoever may not edit opens the record's detail view, never its form.
  const openPath = (id: string) =>
    routeTo(page.routes.detail, id) ?? (ability.update ? routeTo(page.routes.edit, id) : null);
  // Pages a domain module adds to each row (registerRowLinks), for whoever may open them.
  const access = useAccess();
  const links = rowLinksOf(c.key).filter((l) => can(access, l.ability.action, l.ability.subject));
  const actions =
    [page.routes.detail, ability.update && page.routes.edit, ability.delete].filter(Boolean).length + links.length;

  const columns: ListColumn<CatalogRecord>[] = [
    {
      title: text.t('catalog:list.index'),
      key: '__index',
      width: 64,
      align: 'center',
      render: (_v, _r, i) => displayNumber(table.rowNumber(i)),
    },
    ...listColumns
      .filter((name) => !hidden.includes(name))
      .map((name, i): ListColumn<CatalogRecord> => {
        const f = d.fields[name]!;
        return {
          title: text.label(name),
          dataIndex: name,
          key: name,
          priority: name === d.titleField || i < ALWAYS_SHOWN ? 1 : i,
          minWidth: columnRoom(f),
          ...(f.kind === 'date' || f.kind === 'boolean' ? { width: columnRoom(f) } : {}),
          sorter: c.sortable.includes(name),
          sortOrder:
            table.sortField === name ? (table.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
          render: (_v: unknown, record: CatalogRecord): ReactNode => {
            const shown = text.display(name, record);
            if (f.kind === 'boolean')
              return record[name] ? (
                <Tag color="green">{shown}</Tag>
              ) : (
                <Typography.Text type="secondary">{shown}</Typography.Text>
              );
            if (name === d.titleField && openPath(record.id))
              return (
                <Link to={openPath(record.id)!} title={shown}>
                  {shown}
                </Link>
              );
            return shown;
          },
        };
      }),
    ...(actions
      ? [
          {
            title: text.t('catalog:list.actions'),
            key: '__actions',
            width: actionsWidth(actions),
            align: 'center' as const,
            ellipsis: false,
            render: (_v: unknown, record: CatalogRecord) => (
              <>
                <RowActions
                  actions={[
                    {
                      kind: 'view',
                      allowed: !!page.routes.detail,
                      onClick: () => void navigate(routeTo(page.routes.detail, record.id)!),
                    },
                    {
                      kind: 'edit',
                      allowed: ability.update && !!page.routes.edit,
                      onClick: () => void navigate(routeTo(page.routes.edit, record.id)!),
                    },
                    { kind: 'delete', allowed: ability.delete, onClick: () => confirmDelete([record]) },
                  ]}
                />
                {links.map((l) => (
                  <Tooltip key={l.key} title={text.t(l.labelKey)}>
                    <Button
                      type="text"
                      icon={<LinkOutlined />}
                      aria-label={text.t(l.labelKey)}
                      onClick={() => void navigate(l.path(record.id))}
                      data-testid={`row-link-${l.key}`}
                    />
                  </Tooltip>
                ))}
              </>
            ),
          },
        ]
      : []),
  ];

  const filterNames = (d.filters ?? []).filter((name) => !(name in page.fixed));
  const setFilter = (name: string, value: string | null) => table.setFilter(name, value);
  const filtered = Boolean(table.keyWord) || Object.keys(table.filters).length > 0;
  const quick = quickFiltersOf(c.key);
  // Views reached from a sibling's page (no side-menu entry of their own): every view of the area as a tab.
  const viewTabs = c.pages.length > 1 && c.pages.some((p) => p.view?.menu === false) ? c.pages : [];

  return (
    <Card>
      {viewTabs.length > 0 && (
        // Buttons that wrap on a narrow screen (nine factors' standards do not fit one row of tabs).
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={page.id}
          onChange={(e) => void navigate(viewTabs.find((p) => p.id === e.target.value)!.routes.list)}
          options={viewTabs.map((p) => ({ value: p.id, label: text.t(p.titleKey) }))}
          aria-label={text.t(areaText(d, 'title'))}
          style={{ marginBottom: 16 }}
          data-testid="catalog-view-tabs"
        />
      )}
      {quick.length > 0 && (
        <Segmented
          style={{ marginBottom: 16 }}
          value={activeQuickFilter(quick, table.filters) ?? ''}
          onChange={(key) => table.setFilters(quickFilterParams(quick, String(key)))}
          options={quick.map((f) => ({ value: f.key, label: text.t(f.labelKey) }))}
          data-testid="catalog-quick-filters"
        />
      )}
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <SearchBox
            value={table.keyWord}
            onSearch={table.setKeyWord}
            placeholder={text.t('catalog:actions.searchPlaceholder')}
            width={280}
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
          {/* Always there, so searching does not move the toolbar. */}
          <Button onClick={table.resetFilters} disabled={!filtered}>
            {text.t('catalog:actions.reset')}
          </Button>
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
 * An area's server table: the shared ServerTable with paging and sorting from useCatalogTable, row selection for
 * bulk delete (`selected` null: no selection), and the total — exact, or the estimate / lower bound a very long
 * list (list.countLimit) answers. The generic list and the pages areas draw themselves share it.
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
  columns: ListColumn<CatalogRecord>[];
  selected: CatalogRecord[] | null;
  onSelect: (rows: CatalogRecord[]) => void;
}) {
  return (
    <ServerTable<CatalogRecord>
      list={{
        data: table.list.data,
        isFetching: table.list.isFetching,
        error: table.list.isError ? text.t('catalog:messages.loadFailed') : null,
      }}
      paging={table.paging}
      onPaging={table.onPaging}
      columns={columns}
      empty={text.t('catalog:list.empty')}
      {...(selected
        ? {
            rowSelection: {
              selectedRowKeys: selected.map((r) => r.id),
              onChange: (_keys: React.Key[], rows: CatalogRecord[]) => onSelect(rows),
              preserveSelectedRowKeys: true,
            },
          }
        : {})}
      total={(total) =>
        text.t(
          table.list.data?.totalKind === 'estimate'
            ? 'catalog:list.totalEstimate'
            : table.list.data?.totalKind === 'atLeast'
              ? 'catalog:list.totalAtLeast'
              : 'catalog:list.total',
          { total: displayNumber(total) },
        )
      }
    />
  );
}

/** The list page of one area (or view), as a route component. */
export function bind(pageId: string) {
  const Bound = () => <ListPage pageId={pageId} />;
  Bound.displayName = `CatalogList(${pageId})`;
  return Bound;
}
