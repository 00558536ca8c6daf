import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { defaultYear } from '@portal/domain/format';
import { MONITORING_PATHS } from '@portal/domain/monitoring/factors';
import { YearSelect } from '../../app/components/YearSelect.tsx';
import { AdminUnitSelect, EMPLOYER_AREA, ReferenceSelect } from '../../catalog/fields.tsx';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { SearchBox, ServerTable, useServerList, useUrlListState, type ListColumn } from '../../platform/list/index.tsx';
import {
  monitoringApi,
  type ExposedWorker,
  type MissingRow,
  type Overview,
  type PageOf,
  type RepeatedRow,
} from './api.ts';
import { countText, dateText } from './ui.tsx';

const TABS = ['exceedances', 'missing', 'repeated', 'examination'] as const;
type Tab = (typeof TABS)[number];
type OverviewRow = Overview['rows'][number];
/** The repeated exceedances' window (years) unless the address says another. */
const DEFAULT_WINDOW = 3;

/** The employer column of a list: its name, leading to its monitoring reports. */
const employerColumn = <Row extends { businessId: string; businessName: string }>(title: string): ListColumn<Row> => ({
  title,
  dataIndex: 'businessName',
  key: 'businessName',
  minWidth: 240,
  render: (name: string, row) => (
    <Link to={`${MONITORING_PATHS.reports}?businessId=${encodeURIComponent(row.businessId)}`}>{name}</Link>
  ),
});

/**
 * A server-paged list of one tab, its filters, keyword and paging in the address (one tab shows at a time, so
 * they share the names; switching tab goes back to page 1).
 */
function usePagedList<Row extends object>(
  name: string,
  fetch: (q: Record<string, unknown>, signal?: AbortSignal) => Promise<PageOf<Row>>,
  filters: readonly string[] = [],
  params?: (filters: Readonly<Record<string, string>>) => Record<string, unknown>,
) {
  const paged = useServerList({
    key: (q) => ['monitoring', name, q],
    fetch,
    filters,
    ...(params ? { params } : {}),
    sortable: [],
  });
  const { list } = paged;
  return {
    ...paged,
    /** For ServerTable: the page, the pager and the failure in words. */
    table: {
      ...paged.table,
      list: { data: list.data, isFetching: list.isFetching, error: list.isError ? errorMessage(list.error) : null },
      'data-testid': `monitoring-${name}`,
    },
  };
}

function ExceedancesTab() {
  const { t } = useTranslation('monitoring');
  const state = useUrlListState();
  const year = Number(state.get('year')) || defaultYear();
  const wardId = state.get('wardId');
  const sectorId = state.get('sectorId');
  const data = useQuery({
    queryKey: ['monitoring', 'overview', year, wardId, sectorId],
    queryFn: ({ signal }) => monitoringApi.overview({ year, wardId, sectorId }, signal),
    placeholderData: keepPreviousData,
  });
  const o = data.data;
  const factorName = (f: string) => t(`readingFactors.${f}`);
  const columns: ColumnsType<OverviewRow> = [
    {
      title: t('pages.overview.factor'),
      dataIndex: 'factor',
      key: 'factor',
      render: factorName,
      sorter: (a, b) => factorName(a.factor).localeCompare(factorName(b.factor), 'vi'),
    },
    {
      title: t('pages.overview.ward'),
      dataIndex: 'wardName',
      key: 'wardName',
      ellipsis: true,
      sorter: (a, b) => (a.wardName ?? '').localeCompare(b.wardName ?? '', 'vi'),
    },
    {
      title: t('pages.overview.sector'),
      dataIndex: 'sectorName',
      key: 'sectorName',
      ellipsis: true,
      sorter: (a, b) => (a.sectorName ?? '').localeCompare(b.sectorName ?? '', 'vi'),
    },
    ...(['exceedances', 'reports', 'employers'] as const).map((k) => ({
      title: t(`pages.overview.${k}`),
      dataIndex: k,
      key: k,
      width: 130,
      align: 'right' as const,
      render: (n: number) => countText(n),
      sorter: (a: OverviewRow, b: OverviewRow) => a[k] - b[k],
      ...(k === 'exceedances' ? { defaultSortOrder: 'descend' as const } : {}),
    })),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} wrap align="center">
        <YearSelect value={year} onChange={(y) => state.set({ year: y })} />
        <div style={{ width: 240 }}>
          <AdminUnitSelect
            level="ward"
            placeholder={t('pages.overview.ward')}
            value={wardId || null}
            onChange={(v) => state.set({ wardId: v })}
          />
        </div>
        <div style={{ width: 260 }}>
          <ReferenceSelect
            target={catalogByKey('bussinessSector')}
            placeholder={t('pages.overview.sector')}
            value={sectorId || null}
            onChange={(v) => state.set({ sectorId: v })}
          />
        </div>
        <Button disabled={!wardId && !sectorId} onClick={() => state.set({ wardId: null, sectorId: null })}>
          {t('pages.actions.reset')}
        </Button>
        <Link to={MONITORING_PATHS.reports} style={{ marginInlineStart: 'auto' }}>
          {t('pages.overview.toReports')}
        </Link>
      </Flex>
      {data.isError && <Alert type="error" showIcon message={errorMessage(data.error)} />}
      <Flex gap={32} wrap data-testid="monitoring-overview-figures">
        {(['reports', 'employers', 'readings', 'exceedances', 'reportsWithExceedances'] as const).map((k) => (
          <Statistic
            key={k}
            title={t(`pages.overview.figures.${k}`)}
            value={o ? countText(o[k]) : '–'}
            data-testid={`overview-${k}`}
          />
        ))}
      </Flex>
      {o && o.byFactor.length > 0 && (
        <Flex gap={8} wrap aria-label={t('pages.overview.byFactor')}>
          {o.byFactor.map((f) => (
            <Tag key={f.factor} color="error">
              {t('pages.overview.factorCount', { factor: factorName(f.factor), count: f.exceedances })}
            </Tag>
          ))}
        </Flex>
      )}
      <Table<OverviewRow>
        rowKey={(r) => `${r.factor}|${r.wardId ?? ''}|${r.sectorId ?? ''}`}
        size="middle"
        tableLayout="fixed"
        loading={data.isFetching}
        dataSource={o?.rows ?? []}
        columns={columns}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.overview.empty', { year })} />,
        }}
        data-testid="monitoring-overview-table"
      />
    </Space>
  );
}

function MissingTab() {
  const { t } = useTranslation('monitoring');
  const { table, keyWord, setKeyWord, filter, setFilter } = usePagedList('missing', monitoringApi.missing, ['status']);
  const status = filter('status');
  const columns: ListColumn<MissingRow>[] = [
    employerColumn(t('pages.overview.employer')),
    { title: t('pages.overview.taxCode'), dataIndex: 'taxCode', key: 'taxCode', width: 140 },
    { title: t('pages.overview.ward'), dataIndex: 'wardName', key: 'wardName', minWidth: 180, priority: 2 },
    {
      title: t('pages.overview.lastMonitoredOn'),
      dataIndex: 'lastMonitoredOn',
      key: 'lastMonitoredOn',
      width: 190,
      render: (v: string | null) => dateText(v) || t('pages.overview.never'),
    },
    { title: t('pages.overview.dueDate'), dataIndex: 'dueDate', key: 'dueDate', width: 130, render: dateText },
    {
      title: t('pages.overview.status'),
      dataIndex: 'status',
      key: 'status',
      width: 170,
      render: (s: MissingRow['status']) => (
        <Tag color={s === 'missing' ? 'error' : 'warning'}>{t(`statuses.${s}`)}</Tag>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} wrap>
        <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('pages.overview.searchEmployer')} />
        <Select
          allowClear
          placeholder={t('pages.overview.status')}
          aria-label={t('pages.overview.status')}
          value={status || undefined}
          onChange={(v: string | undefined) => setFilter('status', v)}
          options={(['missing', 'late'] as const).map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          style={{ width: 200 }}
        />
      </Flex>
      <ServerTable<MissingRow>
        {...table}
        columns={columns}
        rowKey={(r) => r.businessId}
        empty={t('pages.overview.emptyMissing')}
      />
    </Space>
  );
}

function RepeatedTab() {
  const { t } = useTranslation('monitoring');
  const { table, filter, setFilter } = usePagedList('repeated', monitoringApi.repeated, ['years'], (f) => ({
    years: Number(f.years) || DEFAULT_WINDOW,
  }));
  const years = Number(filter('years')) || DEFAULT_WINDOW;
  const setYears = (n: number) => setFilter('years', n === DEFAULT_WINDOW ? null : n);
  const columns: ListColumn<RepeatedRow>[] = [
    employerColumn(t('pages.overview.employer')),
    { title: t('pages.overview.ward'), dataIndex: 'wardName', key: 'wardName', minWidth: 180, priority: 2 },
    {
      title: t('pages.overview.factor'),
      dataIndex: 'factor',
      key: 'factor',
      width: 200,
      render: (f: string) => t(`readingFactors.${f}`),
    },
    {
      title: t('pages.overview.years'),
      dataIndex: 'years',
      key: 'years',
      width: 160,
      render: (y: number[]) => y.join(', '),
    },
    {
      title: t('pages.overview.exceedances'),
      dataIndex: 'exceedances',
      key: 'exceedances',
      width: 130,
      align: 'right',
      render: countText,
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Select
        aria-label={t('pages.overview.window')}
        value={years}
        onChange={setYears}
        options={[2, 3, 5].map((n) => ({ value: n, label: t('pages.overview.lastYears', { count: n }) }))}
        style={{ width: 200 }}
      />
      <ServerTable<RepeatedRow>
        {...table}
        columns={columns}
        rowKey={(r) => `${r.businessId}|${r.factor}`}
        empty={t('pages.overview.emptyRepeated', { count: years })}
      />
    </Space>
  );
}

function ExaminationTab() {
  const { t } = useTranslation('monitoring');
  const { table, filter, setFilter } = usePagedList('examination', monitoringApi.examination, ['businessId']);
  const businessId = filter('businessId') || null;
  const columns: ListColumn<ExposedWorker>[] = [
    { title: t('pages.overview.worker'), dataIndex: 'fullName', key: 'fullName', minWidth: 200 },
    { title: t('pages.overview.employer'), dataIndex: 'businessName', key: 'businessName', minWidth: 220 },
    { title: t('pages.overview.position'), dataIndex: 'positionName', key: 'positionName', minWidth: 180, priority: 2 },
    {
      title: t('pages.overview.factors'),
      dataIndex: 'factors',
      key: 'factors',
      minWidth: 200,
      render: (f: string[]) => f.map((x) => t(`readingFactors.${x}`)).join(', '),
    },
    { title: t('pages.overview.year'), dataIndex: 'year', key: 'year', width: 90 },
    {
      title: t('pages.overview.healthClass'),
      dataIndex: 'healthClassName',
      key: 'healthClassName',
      minWidth: 140,
      priority: 3,
    },
    {
      title: t('pages.overview.diseases'),
      dataIndex: 'occupationalDiseases',
      key: 'occupationalDiseases',
      width: 120,
      align: 'right',
      priority: 4,
      render: countText,
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ width: 320, maxWidth: '100%' }}>
        <ReferenceSelect
          target={catalogByKey(EMPLOYER_AREA)}
          placeholder={t('pages.overview.chooseEmployer')}
          value={businessId}
          onChange={(v) => setFilter('businessId', v)}
        />
      </div>
      <ServerTable<ExposedWorker>
        {...table}
        columns={columns}
        rowKey={(r) => `${r.workerId}|${r.year}`}
        empty={t('pages.overview.emptyExamination')}
      />
    </Space>
  );
}

/**
 * `/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong/tong-hop`: the department's view of working-environment
 * monitoring — exceedances of a year by factor × commune × sector, employers whose yearly monitoring is missing or
 * late, employers with repeated exceedances, and the workers exposed to an exceeding factor, for their periodic
 * examinations. The tab is in the address.
 */
export default function OverviewPage() {
  const { t } = useTranslation('monitoring');
  const state = useUrlListState();
  const tab = (TABS as readonly string[]).includes(state.get('tab')) ? (state.get('tab') as Tab) : 'exceedances';
  const panes: Record<Tab, ReactNode> = {
    exceedances: <ExceedancesTab />,
    missing: <MissingTab />,
    repeated: <RepeatedTab />,
    examination: <ExaminationTab />,
  };
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => state.set({ tab: key === 'exceedances' ? null : key })}
        destroyOnHidden
        items={TABS.map((key) => ({ key, label: t(`pages.overview.tabs.${key}`), children: panes[key] }))}
      />
    </Card>
  );
}
