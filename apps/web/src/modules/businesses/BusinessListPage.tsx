import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Select, Skeleton, Tabs, Tag } from 'antd';
import { CloudSyncOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { CatalogTable, ExcelActions, routeTo, useCatalogAbility, useDeleteAction } from '../../catalog/ListPage.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { useCatalogTable } from '../../catalog/use-catalog-table.ts';
import { useSide } from './api.ts';
import { AccountsPanel, EmployerDetails, SectorsPanel, STATUS_COLORS } from './panels.tsx';
import { SyncDrawer } from './SyncDrawer.tsx';
import { actionsWidth, RowActions, SearchBox, type ListColumn } from '../../platform/list/index.tsx';
import { BUSINESS_PAGES } from '@portal/domain/businesses/pages';

const c = catalogByKey('bussiness');
const page = c.pages[0]!;

/**
 * `/doanh-nghiep/danh-sach`: the employers in the caller's scope — accent-free search, filters, Excel, bulk
 * delete — with each employer's details, sectors and accounts in a drawer, and the registry sync. An employer
 * user has only its own employer: it lands on its profile instead.
 */
export default function BusinessListPage() {
  const { t } = useTranslation('businesses');
  const { side } = useSide();
  const access = useAccess();
  const text = useCatalogText(c, page);
  const table = useCatalogTable(c, {});
  const ability = useCatalogAbility(c);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<CatalogRecord[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const confirmDelete = useDeleteAction(c, table.api, text, () => setSelected([]));
  if (side === 'employer') return <Navigate to={BUSINESS_PAGES.profile} replace />;

  const actions = 1 + (ability.update ? 1 : 0) + (ability.delete ? 1 : 0);
  const columns: ListColumn<CatalogRecord>[] = [
    {
      title: text.t('catalog:list.index'),
      key: '__index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => table.rowNumber(i),
    },
    ...c.declaration.list.columns.map((name, i): ListColumn<CatalogRecord> => ({
      title: text.label(name),
      dataIndex: name,
      key: name,
      // The name, the tax code and the status always show; the rest fold into the row when room runs out.
      priority: name === 'name' || name === 'status' || i < 2 ? 1 : i,
      minWidth: name === 'name' ? 220 : 130,
      sorter: c.sortable.includes(name),
      sortOrder:
        table.sortField === name ? (table.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
      render: (_v: unknown, r: CatalogRecord): ReactNode => {
        const shown = text.display(name, r);
        if (name === 'name')
          return (
            <a onClick={() => setViewing(r.id)} data-testid="employer-name" title={shown}>
              {shown}
            </a>
          );
        if (name === 'status') return <Tag color={STATUS_COLORS[String(r.status)]}>{shown}</Tag>;
        return shown;
      },
    })),
    {
      title: text.t('catalog:list.actions'),
      key: '__actions',
      width: actionsWidth(actions),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => (
        <RowActions
          actions={[
            { kind: 'view', onClick: () => setViewing(r.id) },
            {
              kind: 'edit',
              allowed: ability.update,
              onClick: () => void navigate(routeTo(page.routes.edit, r.id)!),
            },
            { kind: 'delete', allowed: ability.delete, onClick: () => confirmDelete([r]) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <SearchBox value={table.keyWord} onSearch={table.setKeyWord} placeholder={t('employers.searchPlaceholder')} />
          <div style={{ width: 230 }}>
            <ReferenceSelect
              target={catalogByKey('bussinessType')}
              value={table.filters.businessTypeId ?? null}
              onChange={(v) => table.setFilter('businessTypeId', v)}
              placeholder={text.label('businessTypeId')}
            />
          </div>
          <div style={{ width: 230 }}>
            <AdminUnitSelect
              level="ward"
              value={table.filters.wardCode ?? null}
              onChange={(v) => table.setFilter('wardCode', v)}
              placeholder={text.label('wardCode')}
            />
          </div>
          <Select
            allowClear
            placeholder={text.label('status')}
            value={table.filters.status}
            onChange={(v: string | undefined) => table.setFilter('status', v ?? null)}
            options={['active', 'pending', 'inactive'].map((o) => ({ value: o, label: text.option('status', o) }))}
            style={{ width: 170 }}
            aria-label={text.label('status')}
          />
          <Button onClick={table.resetFilters} disabled={!table.keyWord && Object.keys(table.filters).length === 0}>
            {text.t('catalog:actions.reset')}
          </Button>
        </Flex>
        <Flex gap={8} wrap>
          {ability.delete && selected.length > 0 && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
              {text.t('catalog:actions.deleteSelected', { count: selected.length })}
            </Button>
          )}
          {can(access, 'read', 'BusinessSync') && (
            <Button icon={<CloudSyncOutlined />} onClick={() => setSyncing(true)}>
              {t('sync.open')}
            </Button>
          )}
          <ExcelActions c={c} page={page} api={table.api} text={text} exportQuery={table.query} />
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
      <EmployerDrawer id={viewing} onClose={() => setViewing(null)} />
      <SyncDrawer open={syncing} onClose={() => setSyncing(false)} />
    </Card>
  );
}

/** One employer: details, sectors, accounts. */
function EmployerDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('businesses');
  const access = useAccess();
  const navigate = useNavigate();
  const record = useQuery({
    queryKey: ['catalog', c.key, 'record', id],
    queryFn: ({ signal }) => catalogApi(c).get(id!, signal),
    enabled: Boolean(id),
  });
  const r = record.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={860}
      title={r ? String(r.name) : t('employers.detail')}
      extra={
        r &&
        can(access, 'update', c.subject) && (
          <Button icon={<EditOutlined />} onClick={() => navigate(routeTo(page.routes.edit, r.id)!)}>
            {t('actions.edit')}
          </Button>
        )
      }
    >
      {!r ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            { key: 'info', label: t('employers.tabs.info'), children: <EmployerDetails c={c} record={r} /> },
            {
              key: 'sectors',
              label: t('employers.tabs.sectors'),
              children: <SectorsPanel businessId={r.id} editable={can(access, 'update', c.subject)} />,
            },
            ...(can(access, 'read', 'User')
              ? [
                  {
                    key: 'accounts',
                    label: t('employers.tabs.accounts'),
                    children: <AccountsPanel businessId={r.id} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      {r && (
        <Flex gap={8} style={{ marginTop: 16 }} wrap>
          <Link to={`${BUSINESS_PAGES.incoming}?businessId=${r.id}`}>{t('employers.incomingOf')}</Link>
          <Link to={`${BUSINESS_PAGES.overtime}?businessId=${r.id}`}>{t('employers.overtimeOf')}</Link>
        </Flex>
      )}
    </Drawer>
  );
}
