import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Input, Row, Select, Statistic, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  periodDueOn,
  STATISTICS_PATHS,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
} from '@portal/domain/accidents/statistics/index';
import { formatDate } from '@portal/domain/format';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { statisticsApi, type NotReportedRow, type SummaryRow } from './api.ts';
import { count, figureCell, SUMMARY_COLUMNS } from './ui.tsx';

const DIMENSIONS = ['cause', 'factor', 'occupation', 'ward', 'sector'] as const;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * `/an-toan-ve-sinh-lao-dong/thong-ke-tai-nan-lao-dong-co-quan/tong-hop`: the department's (or a commune's)
 * aggregation of the employers' submitted reports of a period — totals of sections 1 to 3 and rows by cause,
 * injury factor, occupation, commune or main sector — and the employers in scope that have not submitted theirs.
 * The period, grouping and tab live in the address.
 */
export default function StatisticsSummaryPage() {
  const { t } = useTranslation('accidents', { keyPrefix: 'statistics' });
  const [params, setParams] = useSearchParams();
  const due = periodDueOn(today());
  const year = Number(params.get('year') ?? due.year);
  const period = (STATISTICS_PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as StatisticsPeriod)
    : due.period;
  const dimension = (DIMENSIONS as readonly string[]).includes(params.get('dimension') ?? '')
    ? (params.get('dimension') as (typeof DIMENSIONS)[number])
    : 'cause';
  const section = Number(params.get('section') ?? 3);
  const tab = params.get('tab') === 'notReported' ? 'notReported' : 'figures';
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const set = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, String(v));
    setParams(next, { replace: true });
    setPage(1);
  };
  const query = { year, period, dimension, section };
  const summary = useQuery({
    queryKey: ['accidentStatistics', 'summary', query],
    queryFn: ({ signal }) => statisticsApi.summary(query, signal),
    placeholderData: keepPreviousData,
  });
  const missing = useQuery({
    queryKey: ['accidentStatistics', 'notReported', year, period, keyWord, page],
    queryFn: ({ signal }) =>
      statisticsApi.notReported({ year, period, keyWord, pageNumber: page, pageSize: 20 }, signal),
    enabled: tab === 'notReported',
    placeholderData: keepPreviousData,
  });
  const thisYear = Number(today().slice(0, 4));
  const years = Array.from({ length: 10 }, (_, i) => thisYear - i);
  const s = summary.data;

  // Fits an office screen (1366 px) without sideways scrolling: the counts narrow, the amounts wider; the
  // several-victims and not-under-management counts are in each report and its PDF.
  const rowColumns: ColumnsType<SummaryRow> = [
    {
      title: t(`dimensions.${dimension}`),
      key: 'key',
      render: (_, r) =>
        `${r.keyCode && dimension !== 'ward' ? `${r.keyCode} – ` : ''}${r.keyName ?? t('page.unspecified')}`,
    },
    { title: t('page.reports'), key: 'reports', width: 72, align: 'right', render: (_, r) => count(r.reports) },
    ...SUMMARY_COLUMNS.map((k) => ({
      title: <span title={t(`figures.${k}`)}>{t(`figuresShort.${k}`)}</span>,
      key: k,
      width: k === 'totalCost' || k === 'propertyDamage' ? 124 : 72,
      align: 'right' as const,
      render: (_: unknown, r: SummaryRow) => figureCell(k, r[k]),
    })),
  ];
  const missingColumns: ColumnsType<NotReportedRow> = [
    { title: t('page.businessName'), dataIndex: 'businessName', key: 'name' },
    { title: t('page.taxCode'), dataIndex: 'taxCode', key: 'taxCode', width: 140 },
    { title: t('page.ward'), dataIndex: 'wardName', key: 'ward', width: 220 },
    {
      title: t('page.reportStatus'),
      key: 'status',
      width: 140,
      render: (_, r) =>
        r.reportId ? (
          <Link to={`${STATISTICS_PATHS.base}/chinh-sua/${r.reportId}`}>
            <Tag>{t(`areas.accidentStatistical.options.status.${r.reportStatus}`)}</Tag>
          </Link>
        ) : (
          <Tag color="error">{t('page.noReport')}</Tag>
        ),
    },
  ];

  return (
    <Card title={t('page.summary')}>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('page.year')}
          value={year}
          style={{ width: 110 }}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(v) => set({ year: v })}
          data-testid="summary-year"
        />
        <Select
          aria-label={t('page.period')}
          value={period}
          style={{ width: 180 }}
          options={STATISTICS_PERIODS.map((p) => ({
            value: p,
            label: t(`areas.accidentStatistical.options.period.${p}`),
          }))}
          onChange={(v) => set({ period: v })}
          data-testid="summary-period"
        />
        {tab === 'figures' && (
          <>
            <Select
              aria-label={t('page.dimension')}
              value={dimension}
              style={{ width: 260 }}
              options={DIMENSIONS.map((d) => ({ value: d, label: t(`dimensions.${d}`) }))}
              onChange={(v) => set({ dimension: v })}
              data-testid="summary-dimension"
            />
            <Select
              aria-label={t('page.section')}
              value={section}
              style={{ width: 320 }}
              options={[1, 2, 3].map((n) => ({ value: n, label: t(`sections.${n}`) }))}
              onChange={(v) => set({ section: v })}
            />
          </>
        )}
      </Flex>
      {summary.isError && <Alert type="error" showIcon message={errorMessage(summary.error)} />}
      {s && (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col xs={12} md={4}>
            <Statistic title={t('page.employers')} value={s.employers} data-testid="summary-employers" />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('page.submittedCount')} value={s.submitted} data-testid="summary-submitted" />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('page.notSubmittedCount')} value={s.notSubmitted} />
          </Col>
          {s.sections.map((x) => (
            <Col xs={12} md={4} key={x.section}>
              <Statistic
                title={t(`sectionsShort.${x.section}`)}
                value={t('page.sectionValue', {
                  accidents: count(x.figures.accidents),
                  victims: count(x.figures.victims),
                  deaths: count(x.figures.deaths),
                })}
                valueStyle={{ fontSize: 16 }}
                data-testid={`summary-section-${x.section}`}
              />
            </Col>
          ))}
        </Row>
      )}
      {s?.dueDate && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={t('page.dueDate', { date: formatDate(s.dueDate) })}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k })}
        items={[
          {
            key: 'figures',
            label: t('page.tabFigures'),
            children: (
              <Table<SummaryRow>
                rowKey={(r) => r.keyId ?? 'none'}
                size="small"
                loading={summary.isFetching}
                dataSource={s?.rows ?? []}
                columns={rowColumns}
                tableLayout="fixed"
                pagination={false}
                data-testid="summary-rows"
              />
            ),
          },
          {
            key: 'notReported',
            label: t('page.tabNotReported'),
            children: (
              <>
                <Input.Search
                  allowClear
                  style={{ maxWidth: 360, marginBottom: 12 }}
                  placeholder={t('page.businessName')}
                  onSearch={(v) => {
                    setKeyWord(v);
                    setPage(1);
                  }}
                />
                <Table<NotReportedRow>
                  rowKey="businessId"
                  size="small"
                  loading={missing.isFetching}
                  dataSource={missing.data?.pageLists ?? []}
                  columns={missingColumns}
                  pagination={{
                    current: page,
                    pageSize: 20,
                    total: missing.data?.totalRecord ?? 0,
                    showSizeChanger: false,
                    onChange: setPage,
                  }}
                  data-testid="summary-not-reported"
                />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
