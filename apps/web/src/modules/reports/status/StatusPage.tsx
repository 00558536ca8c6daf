import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format';
import { FILING_STATUSES } from '@portal/domain/reports/filing';
import { submissionPath } from '@portal/domain/reports/workflow';
import { can, useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { saveFile } from '../../../catalog/api.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../../platform/list/index.tsx';
import { displayCount } from '../../../platform/format.ts';
import { STATUS_PATHS, statusApi, type ReporterRow, type StatusRow } from './api.ts';
import { AsOf, ChoiceSelects, Figures, FIGURES, percent, StandingTag, useChoice } from './ui.tsx';

const GROUPS = ['commune', 'sector'] as const;
type Group = (typeof GROUPS)[number];
/** The drill-down's filters: a count of the figures, or a reporter's standing. */
const COUNT_FILTERS = FIGURES.filter((f) => f !== 'expected');
const STANDING_FILTERS = FILING_STATUSES.filter((s) => s !== 'returned');

/**
 * `/tinh-hinh-nop-bao-cao/danh-sach`: how filing stands for a report type and period in the caller's scope — the
 * counts and rates (each count opens the reporters behind it), by commune and by sector (a row narrows the reporters
 * to it), and the reporters with their standing, page by page; each as a spreadsheet; and the way to the
 * consolidated report. Everything chosen lives in the address.
 */
export default function StatusPage() {
  const { t } = useTranslation('reportStatus');
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const options = useQuery({
    queryKey: ['reportStatus', 'options'],
    queryFn: ({ signal }) => statusApi.options(signal),
  });
  const state = useChoice(options.data?.types);
  const { choice } = state;
  const group: Group = params.get('by') === 'sector' ? 'sector' : 'commune';
  const status = useQuery({
    queryKey: ['reportStatus', 'status', choice, group],
    queryFn: ({ signal }) => statusApi.status({ ...choice!, groupBy: group }, signal),
    enabled: !!choice,
    placeholderData: keepPreviousData,
  });
  const list = useServerList({
    key: (q) => ['reportStatus', 'reporters', q],
    fetch: (q, signal) => statusApi.reporters(q, signal),
    filters: ['status', 'ward', 'sector'],
    params: ({ status: s, ward, sector }) => ({
      ...choice,
      status: s || undefined,
      wardCode: ward || undefined,
      sectorId: sector || undefined,
    }),
    sortable: ['reporterName', 'taxCode', 'firstSubmittedOn', 'wardName'],
    enabled: !!choice,
  });
  const [exporting, setExporting] = useState<string | null>(null);
  const download = (what: string, run: () => Promise<{ blob: Blob; fileName: string | null }>, fallback: string) => {
    setExporting(what);
    run()
      .then((file) => saveFile(file, fallback))
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setExporting(null));
  };
  const s = status.data;
  const rows = s?.rows ?? [];
  const picked = list.filter('status') || null;
  const wardName = list.filter('ward')
    ? (rows.find((r) => r.key === list.filter('ward'))?.name ?? list.filter('ward'))
    : null;
  const sectorName = list.filter('sector')
    ? (rows.find((r) => r.key === list.filter('sector'))?.name ?? t('page.chosenSector'))
    : null;
  const setGroup = (g: Group) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        next.set('by', g);
        return next;
      },
      { replace: true },
    );

  const groupColumns: ColumnsType<StatusRow> = [
    {
      title: t(`groupBy.${group}`),
      key: 'name',
      ellipsis: true,
      sorter: (a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'vi'),
      render: (_, r) => (
        <Typography.Link
          onClick={() =>
            list.setFilters(group === 'commune' ? { ward: r.key, sector: null } : { sector: r.key, ward: null })
          }
          disabled={!r.key}
        >
          {r.name ?? t('unspecified')}
        </Typography.Link>
      ),
    },
    ...FIGURES.map((k) => ({
      title: t(`counts.${k}`),
      key: k,
      width: 96,
      align: 'right' as const,
      sorter: (a: StatusRow, b: StatusRow) => a[k] - b[k],
      render: (_: unknown, r: StatusRow) => displayCount(r[k]),
    })),
    ...(['completeness', 'timeliness'] as const).map((k) => ({
      title: t(`counts.${k}`),
      key: k,
      width: 112,
      align: 'right' as const,
      sorter: (a: StatusRow, b: StatusRow) => (a[k] ?? -1) - (b[k] ?? -1),
      render: (_: unknown, r: StatusRow) => percent(r[k]),
    })),
  ];

  const columns: ListColumn<ReporterRow>[] = [
    {
      title: t('columns.reporterName'),
      dataIndex: 'reporterName',
      key: 'reporterName',
      minWidth: 240,
      sorter: true,
      sortOrder: list.sortedAs('reporterName'),
      ellipsis: false,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          {r.submissionId && can(access, 'read', 'ReportSubmission') ? (
            <Link to={submissionPath(r.submissionId)}>{name}</Link>
          ) : (
            <span>{name}</span>
          )}
          {r.taxCode && <Typography.Text type="secondary">{r.taxCode}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('columns.wardName'),
      dataIndex: 'wardName',
      key: 'wardName',
      minWidth: 180,
      priority: 2,
      sorter: true,
      sortOrder: list.sortedAs('wardName'),
    },
    { title: t('columns.sectorName'), dataIndex: 'sectorName', key: 'sectorName', minWidth: 180, priority: 4 },
    {
      title: t('columns.dueOn'),
      dataIndex: 'dueOn',
      key: 'dueOn',
      width: 110,
      priority: 5,
      render: (v: string) => formatDate(v),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 210,
      ellipsis: false,
      render: (v: ReporterRow['status'], r) => (
        <Space size={4} wrap>
          <StandingTag status={v} />
          {r.onTime === false && <Tag color="orange">{t('filed.late')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('columns.firstSubmittedOn'),
      dataIndex: 'firstSubmittedOn',
      key: 'firstSubmittedOn',
      width: 140,
      sorter: true,
      sortOrder: list.sortedAs('firstSubmittedOn'),
      render: (v: string | null) => (v ? formatDate(v) : ''),
    },
  ];

  if (options.isError) return <Alert type="error" showIcon message={errorMessage(options.error)} />;
  if (options.data && !choice)
    return (
      <Card>
        <Empty description={t('page.noPeriods')} />
      </Card>
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Flex gap={8} wrap justify="space-between" align="center">
          <ChoiceSelects state={state} />
          <Space wrap>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting === 'status'}
              disabled={!choice || !s}
              onClick={() => download('status', () => statusApi.statusExcel(choice!), 'tinh-hinh-nop-bao-cao.xlsx')}
              data-testid="status-export"
            >
              {t('page.export')}
            </Button>
            {choice && (
              <Link
                to={`${STATUS_PATHS.consolidated}?${new URLSearchParams({ type: choice.reportTypeId, period: choice.periodKey })}`}
              >
                <Button icon={<FileTextOutlined />} data-testid="status-consolidated">
                  {t('page.consolidated')}
                </Button>
              </Link>
            )}
          </Space>
        </Flex>
        {s && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            <AsOf dueOn={s.schedule?.dueOn} asOf={s.asOf} />
          </Typography.Paragraph>
        )}
      </Card>
      {status.isError && <Alert type="error" showIcon message={errorMessage(status.error)} />}
      {s && (
        <Figures
          standing={s.totals}
          picked={picked}
          onPick={(f) => list.setFilters({ status: f, ward: null, sector: null })}
        />
      )}
      <Card size="small">
        <Tabs
          activeKey={group}
          onChange={(k) => setGroup(k as Group)}
          items={GROUPS.map((g) => ({ key: g, label: t(`groupBy.${g}`) }))}
        />
        <Table<StatusRow>
          rowKey={(r) => r.key ?? 'none'}
          size="small"
          tableLayout="fixed"
          loading={status.isFetching}
          dataSource={rows}
          columns={groupColumns}
          pagination={rows.length > 8 ? { pageSize: 8, showSizeChanger: false, size: 'small' } : false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.emptyGroups')} /> }}
          data-testid="status-groups"
        />
      </Card>
      <Card
        size="small"
        title={t('page.reporters')}
        extra={
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'reporters'}
            disabled={!list.list.data?.totalRecord}
            onClick={() => {
              const { pageNumber: _p, pageSize: _s, ...q } = list.request;
              download('reporters', () => statusApi.reportersExcel(q), 'don-vi-nop-bao-cao.xlsx');
            }}
            data-testid="status-reporters-export"
          >
            {t('page.exportReporters')}
          </Button>
        }
      >
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <SearchBox value={list.keyWord} onSearch={list.setKeyWord} placeholder={t('page.search')} />
          <Select
            allowClear
            placeholder={t('page.statusFilter')}
            aria-label={t('page.statusFilter')}
            value={picked ?? undefined}
            onChange={(v: string | undefined) => list.setFilter('status', v ?? null)}
            options={[
              {
                label: t('page.byCount'),
                options: COUNT_FILTERS.map((k) => ({ value: k, label: t(`counts.${k}`) })),
              },
              {
                label: t('page.byStanding'),
                options: STANDING_FILTERS.map((k) => ({ value: k, label: t(`statuses.${k}`) })),
              },
            ]}
            style={{ width: 220 }}
            data-testid="status-filter"
          />
          {wardName && (
            <Tag closable onClose={() => list.setFilter('ward', null)} data-testid="status-ward-filter">
              {t('columns.wardName')}: {wardName}
            </Tag>
          )}
          {sectorName && (
            <Tag closable onClose={() => list.setFilter('sector', null)}>
              {t('columns.sectorName')}: {sectorName}
            </Tag>
          )}
        </Flex>
        <ServerTable<ReporterRow>
          list={{
            data: list.list.data,
            isFetching: list.list.isFetching,
            error: list.list.isError ? errorMessage(list.list.error) : null,
          }}
          paging={list.table.paging}
          onPaging={list.table.onPaging}
          columns={columns}
          rowKey="expectedId"
          empty={t('page.emptyReporters')}
          data-testid="status-reporters"
        />
      </Card>
    </Space>
  );
}
