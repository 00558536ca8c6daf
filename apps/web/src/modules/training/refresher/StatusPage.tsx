import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Segmented, Select, Space, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  FileExcelOutlined,
} from '@ant-design/icons';
import { daysBetween } from '@portal/domain/equipment/rules';
import { formatDate } from '@portal/domain/format';
import {
  TRAINING_STATE_FILTERS,
  TRAINING_STATES,
  type TrainingState,
  type TrainingStateFilter,
  type TrainingStatusRow,
} from '@portal/domain/training/refresher';
import { can, useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { AdminUnitSelect, EMPLOYER_AREA, ReferenceSelect } from '../../../catalog/fields.tsx';
import { errorMessage, routeTo } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { useUserData } from '../../../platform/auth/index.ts';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../../platform/list/index.tsx';
import { trainingStatusApi } from './api.ts';
import { displayNumber } from '../../../platform/format.ts';

/** States in words, an icon and a colour (never colour alone). */
const LOOK: Record<TrainingState, { color: string; icon: React.ReactNode }> = {
  valid: { color: 'success', icon: <CheckCircleFilled /> },
  dueSoon: { color: 'warning', icon: <ClockCircleFilled /> },
  expired: { color: 'error', icon: <CloseCircleFilled /> },
  neverTrained: { color: 'default', icon: <ExclamationCircleFilled /> },
};

/** The quick lists: everything, the "needs refresher" list, the "needs training" list. */
const QUICK = ['all', 'needsRefresher', 'neverTrained'] as const;

const isStateFilter = (v: string): v is TrainingStateFilter =>
  (TRAINING_STATE_FILTERS as readonly string[]).includes(v);

/**
 * `/an-toan-ve-sinh-lao-dong/huan-luyen-ATVSLD`, trained until when: each worker's current credential per group with
 * its state (valid, refresher due soon, expired) and the workers never trained for their group, by expiry. The
 * employer works from its "needs refresher" and "needs training" lists; the department and communes filter by
 * employer and commune. Filters live in the address (workspace tasks and reminders link here filtered).
 */
export default function StatusPage() {
  const { t } = useTranslation('training');
  const access = useAccess();
  const employer = useUserData()?.unit.kind === 'employer';
  const { list, table, request, sortedAs, keyWord, setKeyWord, filters, setFilter, setFilters } = useServerList({
    key: (q) => ['training', 'status', q],
    fetch: trainingStatusApi.page,
    filters: ['state', 'targetTrainingId', 'businessId', 'wardId'],
    params: ({ state, ...rest }) => ({ ...rest, state: state && isStateFilter(state) ? state : undefined }),
    sortable: ['validUntil'],
    sortParam: 'sortField',
  });
  const stateFilter = filters.state && isStateFilter(filters.state) ? filters.state : undefined;
  // The export: the same rows, every page.
  const { pageNumber: _page, pageSize: _size, ...query } = request;
  const [exporting, setExporting] = useState(false);
  const detail = catalogByKey('trainingCertificate').pages[0]?.routes.detail ?? null;
  const filtered = Boolean(stateFilter || keyWord || filters.targetTrainingId || filters.businessId || filters.wardId);
  const quick =
    stateFilter === 'needsRefresher' || stateFilter === 'neverTrained' ? stateFilter : stateFilter ? null : 'all';
  const data = list.data;

  const remaining = (row: TrainingStatusRow) => {
    if (!row.validUntil || !data || row.state === 'neverTrained') return null;
    const days = daysBetween(data.today, row.validUntil);
    if (row.state === 'expired') return t('refresher.expiredAgo', { count: -days });
    if (row.state === 'dueSoon') return t('refresher.daysLeft', { count: days });
    return null;
  };

  const columns: ListColumn<TrainingStatusRow>[] = [
    {
      title: t('refresher.columns.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      minWidth: 200,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{name}</span>
          {r.citizenId && <Typography.Text type="secondary">{r.citizenId}</Typography.Text>}
        </Space>
      ),
    },
    ...(employer
      ? []
      : [
          {
            title: t('refresher.columns.business'),
            dataIndex: 'businessName',
            key: 'businessName',
            minWidth: 220,
            priority: 2,
          },
          {
            title: t('refresher.columns.ward'),
            dataIndex: 'wardName',
            key: 'wardName',
            minWidth: 160,
            priority: 4,
          },
        ]),
    { title: t('refresher.columns.group'), dataIndex: 'targetTrainingName', key: 'group', minWidth: 180, priority: 2 },
    {
      title: t('refresher.columns.certificateNumber'),
      dataIndex: 'certificateNumber',
      key: 'certificateNumber',
      width: 170,
      priority: 3,
      render: (n: string | null, r) =>
        n && r.certificateId && detail && can(access, 'read', 'TrainingCertificate') ? (
          <Link to={routeTo(detail, r.certificateId)!}>{n}</Link>
        ) : (
          (n ?? '')
        ),
    },
    {
      title: t('refresher.columns.issuedOn'),
      dataIndex: 'issuedOn',
      key: 'issuedOn',
      width: 110,
      priority: 5,
      render: (v: string | null) => (v ? formatDate(v) : ''),
    },
    {
      title: t('refresher.columns.validUntil'),
      dataIndex: 'validUntil',
      key: 'validUntil',
      width: 130,
      sorter: true,
      sortOrder: sortedAs('validUntil'),
      render: (v: string | null, r) => (v ? formatDate(v) : r.certificateId ? t('refresher.noExpiry') : ''),
    },
    {
      title: t('refresher.columns.state'),
      dataIndex: 'state',
      key: 'state',
      width: 230,
      ellipsis: false,
      render: (s: TrainingState, r) => (
        <Space size={4} wrap>
          <Tag color={LOOK[s].color} icon={LOOK[s].icon} data-testid="training-state">
            {t(`refresher.states.${s}`)}
          </Tag>
          {remaining(r) && <Typography.Text type="secondary">{remaining(r)}</Typography.Text>}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex gap={8} wrap justify="space-between">
          <Segmented
            value={quick ?? 'all'}
            onChange={(v) => setFilter('state', v === 'all' ? null : String(v))}
            options={QUICK.map((k) => ({ value: k, label: t(`refresher.tabs.${k}`) }))}
            data-testid="training-status-quick"
          />
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting}
            disabled={!data?.totalRecord || !can(access, 'export', 'TrainingCertificate')}
            onClick={() => {
              setExporting(true);
              trainingStatusApi
                .excel(query)
                .catch((err: unknown) => toast.error(errorMessage(err)))
                .finally(() => setExporting(false));
            }}
            data-testid="training-status-export"
          >
            {t('refresher.export')}
          </Button>
        </Flex>
        <Flex gap={8} wrap align="center">
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('refresher.filters.search')} />
          <Select
            allowClear
            placeholder={t('refresher.filters.state')}
            aria-label={t('refresher.filters.state')}
            value={stateFilter && stateFilter !== 'needsRefresher' ? stateFilter : undefined}
            onChange={(v: string | undefined) => setFilter('state', v)}
            options={TRAINING_STATES.map((s) => ({ value: s, label: t(`refresher.states.${s}`) }))}
            style={{ width: 230 }}
          />
          <div style={{ width: 240 }}>
            <ReferenceSelect
              target={catalogByKey('targetTraining')}
              placeholder={t('refresher.filters.group')}
              value={filters.targetTrainingId ?? null}
              onChange={(v) => setFilter('targetTrainingId', v)}
            />
          </div>
          {!employer && (
            <>
              <div style={{ width: 260 }}>
                <ReferenceSelect
                  target={catalogByKey(EMPLOYER_AREA)}
                  placeholder={t('refresher.filters.employer')}
                  value={filters.businessId ?? null}
                  onChange={(v) => setFilter('businessId', v)}
                />
              </div>
              <div style={{ width: 220 }}>
                <AdminUnitSelect
                  level="ward"
                  placeholder={t('refresher.filters.ward')}
                  value={filters.wardId ?? null}
                  onChange={(v) => setFilter('wardId', v)}
                />
              </div>
            </>
          )}
          <Button
            disabled={!filtered}
            onClick={() => setFilters({ state: null, q: null, targetTrainingId: null, businessId: null, wardId: null })}
          >
            {t('refresher.filters.reset')}
          </Button>
        </Flex>
        {data && (
          <Alert
            type="info"
            showIcon
            title={t('refresher.notice', { days: data.noticeDays, date: formatDate(data.today) })}
          />
        )}
        <ServerTable<TrainingStatusRow>
          list={{ data, isFetching: list.isFetching, error: list.isError ? errorMessage(list.error) : null }}
          paging={table.paging}
          onPaging={table.onPaging}
          columns={columns}
          rowKey="key"
          empty={t('refresher.empty')}
          total={
            data?.totalKind
              ? (n) =>
                  t(data.totalKind === 'estimate' ? 'refresher.totalEstimate' : 'refresher.totalAtLeast', {
                    total: displayNumber(n),
                  })
              : undefined
          }
          data-testid="training-status-list"
        />
      </Space>
    </Card>
  );
}
