import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { INSPECTION_KINDS, INSPECTION_STATUSES } from '@portal/domain/inspections/state';
import { can, useAccess } from '../../app/access.ts';
import { YearSelect } from '../../app/components/YearSelect.tsx';
import { toast } from '../../app/toast.ts';
import { AdminUnitSelect, EMPLOYER_AREA, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  type ListColumn,
  useServerList,
} from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { inspectionApi, inspectionKeys, type InspectionSummary } from './api.ts';
import { errorText, inspectionPath, showDate, StatusTag, useIsDepartment } from './ui.tsx';

const FLAGS = ['overdue', 'answered', 'toAnswer'] as const;

/**
 * `/an-toan-ve-sinh-lao-dong/thanh-tra-so/danh-sach`: the inspections the user sees — the department all of them,
 * an employer its own, a commune those of its employers — filtered by status, kind, year, employer (keyword),
 * commune and follow-up flags, all in the address (the workspace's tasks link here with a flag).
 */
export default function InspectionListPage() {
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const access = useAccess();
  const department = useIsDepartment();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { table, rowNumber, keyWord, setKeyWord, filter, setFilter } = useServerList({
    key: inspectionKeys.list,
    fetch: inspectionApi.list,
    filters: ['status', 'kind', 'year', 'ward', 'businessId', ...FLAGS],
    params: ({ ward, ...rest }) => {
      const q: Record<string, unknown> = { ...rest, wardCode: ward };
      for (const f of FLAGS) q[f] = rest[f] === 'true' ? 'true' : undefined;
      return q;
    },
    // The server orders the inspections itself.
    sortable: [],
  });
  const status = filter('status');
  const kind = filter('kind');
  const year = filter('year');
  const ward = filter('ward');
  const businessId = filter('businessId');
  const mayCreate = department && can(access, 'create', 'Inspection');
  const mayDelete = department && can(access, 'delete', 'Inspection');

  const remove = useMutation({
    mutationFn: (ids: string[]) => inspectionApi.remove(ids),
    onSuccess: async () => {
      toast.success(t('pages.deleted'));
      await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
    },
    onError: (err) => toast.error(errorText(err)),
  });

  const columns: ListColumn<InspectionSummary>[] = [
    {
      title: t('fields.index'),
      key: 'index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => rowNumber(i),
    },
    {
      title: t('fields.decisionNumber'),
      key: 'decisionNumber',
      width: 150,
      render: (_v, r) => <Link to={inspectionPath(r.id)}>{r.decisionNumber ?? t('pages.noNumber')}</Link>,
    },
    { title: t('fields.business'), dataIndex: 'businessName', key: 'businessName', minWidth: 220 },
    { title: t('fields.ward'), dataIndex: 'wardName', key: 'wardName', width: 180, priority: 4 },
    {
      title: t('fields.kind'),
      key: 'kind',
      width: 170,
      priority: 3,
      render: (_v, r) => t(`kinds.${r.kind}`),
    },
    {
      title: t('fields.date'),
      key: 'date',
      width: 110,
      render: (_v, r) => showDate(r.actualDate ?? r.plannedFrom),
    },
    { title: t('fields.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 160, priority: 2 },
    {
      title: t('fields.counts'),
      key: 'counts',
      width: 130,
      priority: 3,
      ellipsis: false,
      render: (_v, r) => (
        <Flex gap={4} wrap>
          <span>
            {r.violationCount} / {r.requirementCount}
          </span>
          {r.overdueRequirements > 0 && (
            <Tag color="red">{t('pages.overdueCount', { count: r.overdueRequirements })}</Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 140,
      ellipsis: false,
      render: (_v, r) => <StatusTag status={r.status} />,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: actionsWidth(mayDelete ? 2 : 1),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => (
        <RowActions
          actions={[
            { kind: 'view', onClick: () => void navigate(inspectionPath(r.id)) },
            {
              kind: 'delete',
              allowed: mayDelete && (r.status === 'planned' || r.status === 'cancelled'),
              onClick: () =>
                void confirm({
                  title: t('pages.deleteTitle'),
                  content: t('pages.deleteContent'),
                  okText: t('actions.delete'),
                  danger: true,
                  cancelText: t('pages.cancelButton'),
                  onOk: () => remove.mutateAsync([r.id]).catch(() => undefined),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <SearchBox
          value={keyWord}
          onSearch={setKeyWord}
          placeholder={t('pages.searchPlaceholder')}
          width={360}
          data-testid="inspection-search"
        />
        {mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(INSPECTION_PATHS.create)}>
            {t('pages.create')}
          </Button>
        )}
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={t('fields.status')}
          placeholder={t('pages.allStatuses')}
          value={status || undefined}
          onChange={(v?: string) => setFilter('status', v)}
          options={INSPECTION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          style={{ width: 170 }}
        />
        <Select
          allowClear
          aria-label={t('fields.kind')}
          placeholder={t('pages.allKinds')}
          value={kind || undefined}
          onChange={(v?: string) => setFilter('kind', v)}
          options={INSPECTION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          style={{ width: 230 }}
        />
        <YearSelect
          allowClear
          placeholder={t('pages.allYears')}
          value={year ? Number(year) : undefined}
          onChange={(v?: number) => setFilter('year', v)}
        />
        {department && (
          <div style={{ width: 280 }}>
            <ReferenceSelect
              target={catalogByKey(EMPLOYER_AREA)}
              placeholder={t('pages.allBusinesses')}
              value={businessId || null}
              onChange={(v) => setFilter('businessId', v)}
            />
          </div>
        )}
        {department && (
          <div style={{ width: 240 }}>
            <AdminUnitSelect
              level="ward"
              placeholder={t('pages.allWards')}
              value={ward || null}
              onChange={(v) => setFilter('ward', v)}
            />
          </div>
        )}
        {FLAGS.filter((f) => f !== (department ? 'toAnswer' : 'answered')).map((f) => (
          <Checkbox
            key={f}
            checked={filter(f) === 'true'}
            onChange={(e) => setFilter(f, e.target.checked ? 'true' : null)}
          >
            {t(`pages.${f}Only`)}
          </Checkbox>
        ))}
      </Flex>
      <ServerTable<InspectionSummary>
        {...table}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => void navigate(inspectionPath(r.id)) })}
        empty={t('pages.empty')}
        data-testid="inspection-list"
      />
    </Card>
  );
}
