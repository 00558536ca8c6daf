import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import {
  STATISTIC_GROUPS,
  STATISTICS,
  statisticBySlug,
  statisticPath,
  type StatisticsOverview,
} from '@portal/domain/statistics/index';
import { defaultYear, formatDateTime, yearOptions } from '@portal/domain/format';
import { useConfiguration } from '../../app/configuration.ts';
import { displayNumber } from '../../platform/format.ts';
import { Chart } from './Chart.tsx';
import { statisticsApi, statisticsKeys } from './api.ts';
import { mapOption } from './options.ts';
import { changePercent, wardCode, wardId } from './state.ts';
import { errorText, percentNumber, percentText, unitOf, useFigureFormat } from './ui.tsx';
import { useWardMap } from './ward-map.ts';

type Figure = StatisticsOverview['figures'][number];

/** The statistic the overview's map links to (workers by commune). */
const BY_WARD_SLUG = 'lao-dong-theo-don-vi-hanh-chinh';

/** A figure's completeness as the API gives it: the share of expected reports received, in per cent (87.2). */
const asShare = (percent: number) => percent / 100;

function FigureCard({ figure, year }: { figure: Figure; year: number }) {
  const { t } = useTranslation('statistics');
  const info = statisticBySlug(figure.slug);
  const format = useFigureFormat(info ? unitOf(info, figure.measure) : 'count');
  if (!info) return null;
  const change = changePercent(figure.value, figure.previous);
  const rounded = change === null ? null : Math.round(change * 10) / 10;
  const link =
    figure.measure === info.measures[0]?.key
      ? statisticPath(info.slug)
      : `${statisticPath(info.slug)}?${new URLSearchParams({ measure: figure.measure })}`;
  const trend =
    rounded === null
      ? t('overview.noPrevious', { year: year - 1 })
      : rounded === 0
        ? t('overview.flat', { year: year - 1 })
        : t(rounded > 0 ? 'overview.up' : 'overview.down', {
            change: percentNumber(Math.abs(rounded)),
            year: year - 1,
          });
  return (
    <Link to={link} style={{ display: 'block', height: '100%' }} data-testid={`overview-figure-${figure.slug}`}>
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Flex vertical gap={2}>
          <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
            {t(`items.${info.key}.title`)}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12 }} type="secondary">
            {t(`measures.${figure.measure}`)}
          </Typography.Text>
          <Typography.Text strong style={{ fontSize: 24, lineHeight: 1.3 }}>
            {format(figure.value)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {rounded === null || rounded === 0 ? (
              <MinusOutlined aria-hidden />
            ) : rounded > 0 ? (
              <ArrowUpOutlined aria-hidden />
            ) : (
              <ArrowDownOutlined aria-hidden />
            )}{' '}
            {trend}
          </Typography.Text>
          {figure.completeness !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('overview.completeness', { share: percentText(asShare(figure.completeness)) })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
    </Link>
  );
}

/**
 * `/thong-ke-tong-quang`: the year's key figures (each with its trend on the year before and, for figures from
 * reports, the share of expected reports behind it; each a link to its statistic), workers by commune on the
 * province's map beside its table (a commune opens its figures), and every statistic by group.
 */
export default function OverviewPage() {
  const { t } = useTranslation('statistics');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : undefined;
  const province = useConfiguration()?.provinceCode ?? null;
  const overview = useQuery({
    queryKey: statisticsKeys.overview(year),
    queryFn: ({ signal }) => statisticsApi.overview(year, signal),
    placeholderData: keepPreviousData,
  });
  const wardMap = useWardMap(province);
  const o = overview.data;
  const shownYear = o?.year ?? year ?? defaultYear();
  const format = useFigureFormat('count');

  const openWard = useCallback(
    (code: string) =>
      void navigate(
        `${statisticPath(BY_WARD_SLUG)}?${new URLSearchParams({ by: 'ward', ward: wardId(code) ?? code })}`,
      ),
    [navigate],
  );
  const wardRows = useMemo(
    () =>
      (o?.byWard ?? [])
        .map((w) => ({
          ...w,
          code: wardCode(w.key),
          name: w.label ?? wardMap.data?.names.get(wardCode(w.key)) ?? w.key,
        }))
        .sort((a, b) => b.value - a.value),
    [o?.byWard, wardMap.data],
  );
  const option = useMemo(
    () =>
      wardMap.data
        ? mapOption({
            map: wardMap.data.name,
            seriesName: t('measures.workers'),
            data: wardRows.map((w) => ({ code: w.code, value: w.value })),
            names: wardMap.data.names,
            format,
            noData: t('chart.noData'),
          })
        : null,
    [wardMap.data, wardRows, format, t],
  );

  return (
    <Flex vertical gap={16}>
      <Card
        title={t('overview.figures')}
        extra={
          <Select
            aria-label={t('page.year')}
            value={shownYear}
            style={{ width: 96 }}
            options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
            onChange={(v: number) => setParams(v === defaultYear() ? {} : { year: String(v) })}
            data-testid="overview-year"
          />
        }
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('overview.intro')}
            {o && ` ${t('page.asOf', { time: formatDateTime(o.asOf) })}`}
          </Typography.Text>
          {overview.isError && (
            <Alert
              type="error"
              showIcon
              message={t('page.loadFailed')}
              description={errorText(overview.error)}
              action={
                <Button size="small" onClick={() => void overview.refetch()}>
                  {t('page.retry')}
                </Button>
              }
            />
          )}
          {!o && overview.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
          {o && o.figures.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.empty')} />
          )}
          {o && o.figures.length > 0 && (
            <Row gutter={[12, 12]} data-testid="overview-figures">
              {o.figures.map((f) => (
                <Col key={`${f.slug}:${f.measure}`} xs={24} sm={12} lg={8} xl={6}>
                  <FigureCard figure={f} year={shownYear} />
                </Col>
              ))}
            </Row>
          )}
        </Flex>
      </Card>

      <Card title={t('overview.map')}>
        {o && wardRows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              {option ? (
                <Flex vertical gap={4}>
                  <Chart
                    option={option}
                    height={460}
                    onClick={(c) => openWard(c.name)}
                    description={t('chart.mapDescription', { title: t('overview.map') })}
                    data-testid="overview-map"
                  />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('page.mapHint')}
                  </Typography.Text>
                </Flex>
              ) : wardMap.isLoading || !o ? (
                <Skeleton.Node active style={{ width: '100%', height: 460 }} />
              ) : (
                <Typography.Text type="secondary">{t('page.noMap')}</Typography.Text>
              )}
            </Col>
            <Col xs={24} xl={10}>
              <Table
                rowKey="key"
                size="small"
                tableLayout="fixed"
                loading={!o && overview.isLoading}
                dataSource={wardRows}
                pagination={wardRows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
                columns={[
                  {
                    title: t('dimensions.ward'),
                    key: 'name',
                    render: (_, w) => (
                      <Link
                        to={`${statisticPath(BY_WARD_SLUG)}?${new URLSearchParams({ by: 'ward', ward: wardId(w.code) ?? w.code })}`}
                      >
                        {w.name}
                      </Link>
                    ),
                  },
                  {
                    title: t('measures.workers'),
                    key: 'value',
                    align: 'right',
                    width: 140,
                    sorter: (a, b) => a.value - b.value,
                    render: (_, w) => displayNumber(w.value),
                  },
                ]}
                aria-label={t('page.table')}
                data-testid="overview-wards"
              />
            </Col>
          </Row>
        )}
      </Card>

      <Card title={t('overview.all')}>
        <Row gutter={[24, 16]} data-testid="overview-links">
          {STATISTIC_GROUPS.map((g) => {
            const items = STATISTICS.filter((s) => s.group === g);
            if (items.length === 0) return null;
            return (
              <Col key={g} xs={24} md={12} xl={8}>
                <Typography.Title level={2} style={{ fontSize: 15, marginTop: 0 }}>
                  {t(`groups.${g}`)}
                </Typography.Title>
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {items.map((s) => (
                    <li key={s.slug}>
                      <Link to={statisticPath(s.slug)}>{t(`items.${s.key}.title`)}</Link>
                    </li>
                  ))}
                </ul>
              </Col>
            );
          })}
        </Row>
      </Card>
    </Flex>
  );
}
