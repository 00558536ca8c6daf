import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Col, Empty, Flex, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  DISCLOSURE_MIN,
  type StatisticAnswer,
  type StatisticDimension,
  type StatisticInfo,
  type StatisticRow,
} from '@portal/domain/statistics/index';
import { formatDateTime } from '@portal/domain/format';
import { displayMoney, displayNumber } from '../../platform/format.ts';
import { Chart, type ChartClick } from './Chart.tsx';
import { categoryOption, mapOption } from './options.ts';
import {
  byWard,
  changePercent,
  crossTable,
  keyOrder,
  ORDERED_DIMENSIONS,
  orderCrossTable,
  periodKeys,
  rowKey,
  swapBreakdowns,
  valueLabel,
  type CrossRow,
} from './state.ts';
import type { WardMap } from './ward-map.ts';

/** Bars a chart shows at most (the largest; the table beside it has every row). */
export const CHART_TOP = 20;

/** An error's message (the API's in the user's language). */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export type Unit = StatisticInfo['measures'][number]['unit'];

/** A measure's unit in a statistic's declaration. */
export const unitOf = (info: StatisticInfo, measure: string): Unit =>
  info.measures.find((m) => m.key === measure)?.unit ?? 'count';

/** How figures of a unit read: counts "12.345", money "4.200.000 đ", days "12 ngày". */
export function useFigureFormat(unit: Unit): (value: number) => string {
  const { t, i18n } = useTranslation('statistics');
  return useCallback(
    (value: number) => {
      if (unit === 'money') return displayMoney(value);
      if (unit === 'days') return t('page.unitDays', { value: displayNumber(value) });
      return displayNumber(value);
    },
    // The language is read by displayNumber at call time: a switch must give a new function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [unit, t, i18n.language],
  );
}

/** A share (0–1) as a percentage: "87 %". */
export const percentText = (share: number): string => `${displayNumber(share * 100, { maxDecimals: 0 })} %`;

/** A percentage, unsigned: "12,2 %". */
export const percentNumber = (value: number): string => `${displayNumber(value, { maxDecimals: 1 })} %`;

/** A change in per cent, signed: "+12,2 %", "-3 %". */
export const changeText = (change: number): string =>
  `${change > 0 ? '+' : ''}${displayNumber(change, { maxDecimals: 1 })} %`;

/** A figure's cell: suppressed public counts read "< 5", missing ones "–". */
export function figureText(value: number | null, suppressed: boolean, format: (value: number) => string): string {
  if (value === null) return suppressed ? `< ${DISCLOSURE_MIN}` : '–';
  return format(value);
}

/** The change on the year before, with an arrow; nothing to compare: a dash. */
export function ChangeCell({ value, previous }: { value: number | null; previous: number | null }) {
  const change = changePercent(value, previous);
  if (change === null) return <Typography.Text type="secondary">–</Typography.Text>;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return <span>{changeText(0)}</span>;
  return (
    // No good-or-bad colour: more accidents is worse, more insured workers better; the arrow says which way.
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      {rounded > 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {changeText(rounded)}
    </Typography.Text>
  );
}

/**
 * A table's closing row: its label, the column totals of a cross table (`children`, from column 1), then from column
 * `from` the total, and beside it the year before and the change.
 */
function TotalRow(p: {
  label: string;
  from: number;
  total: number | null;
  previousTotal: number | null;
  comparable: boolean;
  suppressed: boolean;
  format: (value: number) => string;
  children?: ReactNode;
}) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>{p.label}</Typography.Text>
      </Table.Summary.Cell>
      {p.children}
      <Table.Summary.Cell index={p.from} align="right">
        <Typography.Text strong>{figureText(p.total, p.suppressed, p.format)}</Typography.Text>
      </Table.Summary.Cell>
      {p.comparable && (
        <>
          <Table.Summary.Cell index={p.from + 1} align="right">
            {figureText(p.previousTotal, p.suppressed, p.format)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={p.from + 2} align="right">
            <ChangeCell value={p.total} previous={p.previousTotal} />
          </Table.Summary.Cell>
        </>
      )}
    </Table.Summary.Row>
  );
}

/** Row labels of an answer's breakdowns (the answer's own, else the coded value's text). */
export function useRowLabels(by: StatisticDimension, by2: StatisticDimension | null | undefined) {
  const { t, i18n } = useTranslation('statistics');
  return useMemo(() => {
    const exists = (key: string) => i18n.exists(key);
    const tr = (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
    return {
      label: (r: StatisticRow) => valueLabel(tr, by, r.key, r.label, exists),
      label2: (r: StatisticRow) => (by2 ? valueLabel(tr, by2, r.key2, r.label2, exists) : ''),
      of: (dimension: StatisticDimension, key: string | null, label: string | null) =>
        valueLabel(tr, dimension, key, label, exists),
    };
    // i18n.language: the labels of the other language after a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n, i18n.language, by, by2]);
}

/**
 * The line above a statistic's figures: the total, the year before and the change, the moment the figures are of,
 * and, for figures from reports, the share of expected reports they rest on.
 */
export function SummaryLine({ answer, format }: { answer: StatisticAnswer; format: (value: number) => string }) {
  const { t } = useTranslation('statistics');
  const change = changePercent(answer.total, answer.previousTotal);
  const c = answer.completeness;
  const share = c && c.expected > 0 ? c.received / c.expected : null;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={24} align="baseline" data-testid="statistic-summary">
        <span>
          <Typography.Text type="secondary">{t('page.total', { year: answer.year })}: </Typography.Text>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="statistic-total">
            {figureText(answer.total, answer.suppressed, format)}
          </Typography.Text>
        </span>
        {answer.previousTotal !== null && (
          <>
            <span>
              <Typography.Text type="secondary">{t('page.previous', { year: answer.year - 1 })}: </Typography.Text>
              <Typography.Text>{figureText(answer.previousTotal, answer.suppressed, format)}</Typography.Text>
            </span>
            <span>
              <Typography.Text type="secondary">{t('page.change')}: </Typography.Text>
              {change === null ? '–' : <ChangeCell value={answer.total} previous={answer.previousTotal} />}
            </span>
          </>
        )}
        <Typography.Text type="secondary">{t('page.asOf', { time: formatDateTime(answer.asOf) })}</Typography.Text>
      </Flex>
      {c && share !== null && (
        <Alert
          type={share >= 0.8 ? 'info' : 'warning'}
          showIcon
          message={t('page.completeness', {
            share: percentText(share),
            received: displayNumber(c.received),
            expected: displayNumber(c.expected),
          })}
          description={share < 0.8 ? t('page.completenessLow') : undefined}
          data-testid="statistic-completeness"
        />
      )}
    </Flex>
  );
}

interface FiguresProps {
  answer: StatisticAnswer;
  info: StatisticInfo;
  /** The chart's and table's title (the statistic's). */
  title: string;
  format: (value: number) => string;
  /** The commune map (by commune); absent: the table alone. */
  wardMap?: WardMap | undefined;
  /** A click on a bar, a commune or a row's label: its dimension and key. */
  onSelect?: ((dimension: StatisticDimension, key: string | null) => void) | undefined;
  /** What the empty state suggests. */
  emptyHint?: ReactNode;
}

interface SingleRow {
  key: string;
  label: string;
  rawKey: string | null;
  value: number | null;
  previous: number | null;
}

/** A cross-table reads its second breakdown down the side instead when that one has this many values or more. */
const MANY_COLUMNS = 12;

/** The same figure-per-commune rows as the map, as a table beside it (a cross-table by commune has it below). */
function WardTable({
  rows,
  format,
  suppressed,
  onSelect,
}: {
  rows: { code: string; label: string; value: number | null }[];
  format: (value: number) => string;
  suppressed: boolean;
  onSelect?: ((dimension: StatisticDimension, key: string | null) => void) | undefined;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Table
      rowKey="code"
      size="small"
      tableLayout="fixed"
      dataSource={rows}
      pagination={rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      columns={[
        {
          title: t('dimensions.ward'),
          key: 'label',
          render: (_, r) =>
            onSelect ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                title={t('page.filterBy', { value: r.label })}
                onClick={() => onSelect('ward', r.code)}
              >
                {r.label}
              </Button>
            ) : (
              r.label
            ),
        },
        {
          title: t('page.columnTotal'),
          key: 'value',
          align: 'right',
          width: 120,
          sorter: (a, b) => (a.value ?? -1) - (b.value ?? -1),
          render: (_, r) => figureText(r.value, suppressed, format),
        },
      ]}
      aria-label={t('page.table')}
      data-testid="statistic-ward-table"
    />
  );
}

/**
 * A statistic's figures: the chart (bars; lines by month or year; the commune map by commune) with its data table
 * beside it; with two breakdowns, a cross-table under it (the breakdown with many values down the side).
 */
export function Figures({ answer, info, title, format, wardMap, onSelect, emptyHint }: FiguresProps) {
  const { t } = useTranslation('statistics');
  const labels = useRowLabels(answer.by, answer.by2);
  const { by, by2, year, suppressed } = answer;
  const measureName = t(`measures.${answer.measure}`);
  // Figures of what is on the register now have no year before to compare with: no such columns then.
  const comparable = answer.previousTotal !== null || answer.rows.some((r) => r.previous !== null);

  const single = useMemo<SingleRow[]>(() => {
    const rows = answer.rows.map((r) => ({
      key: rowKey(r.key),
      rawKey: r.key,
      label: labels.label(r),
      value: r.value,
      previous: r.previous,
    }));
    const order = keyOrder(by);
    return order ? rows.sort((a, b) => order(a.rawKey, b.rawKey)) : rows;
  }, [answer.rows, labels, by]);
  // The cross-table, turned round when its columns would be many (by commune, by employer, by occupation).
  const { cross, rowDimension } = useMemo(() => {
    if (!by2) return { cross: null, rowDimension: by };
    const straight = crossTable(answer.rows, labels.label, labels.label2);
    if (straight.columns.length < MANY_COLUMNS || straight.columns.length <= straight.rows.length) {
      return { cross: orderCrossTable(straight, by, by2), rowDimension: by };
    }
    const turned = crossTable(
      swapBreakdowns(answer.rows),
      (r) => labels.of(by2, r.key, r.label),
      (r) => labels.of(by, r.key2, r.label2),
    );
    return { cross: orderCrossTable(turned, by2, by), rowDimension: by2 };
  }, [answer.rows, by, by2, labels]);
  const columnDimension = rowDimension === by ? by2 : by;
  const mapDimension = by === 'ward' ? 'first' : by2 === 'ward' ? 'second' : null;
  const wards = useMemo(
    () =>
      mapDimension
        ? byWard(answer.rows, mapDimension)
            .map((w) => ({ ...w, label: w.label ?? wardMap?.names.get(w.code) ?? w.code }))
            .sort((a, b) => (b.value ?? -1) - (a.value ?? -1))
        : [],
    [answer.rows, mapDimension, wardMap],
  );
  const ordered = ORDERED_DIMENSIONS.includes(rowDimension);

  // The chart: the map by commune, else lines over periods, else bars (the largest first when unordered).
  const chart = useMemo(() => {
    if (mapDimension && wardMap) {
      return {
        kind: 'map' as const,
        option: mapOption({
          map: wardMap.name,
          seriesName: measureName,
          data: wards,
          names: wardMap.names,
          format,
          noData: t('chart.noData'),
        }),
        keys: [] as (string | null)[],
        shown: 0,
      };
    }
    const kind = rowDimension === 'month' || rowDimension === 'year' ? ('line' as const) : ('bar' as const);
    if (cross) {
      const lines = ordered ? cross.rows : [...cross.rows].sort((a, b) => (b.total ?? -1) - (a.total ?? -1));
      const top = ordered ? lines : lines.slice(0, CHART_TOP);
      return {
        kind,
        option: categoryOption({
          kind,
          categories: top.map((r) => r.label),
          series: cross.columns.map((c) => ({ name: c.label, data: top.map((r) => r.cells[c.key] ?? null) })),
          horizontal: !ordered,
          stacked: kind === 'bar',
          format,
        }),
        keys: top.map((r) => (r.key === '' ? null : r.key)),
        shown: top.length,
      };
    }
    let rows = ordered ? single : [...single].sort((a, b) => (b.value ?? -1) - (a.value ?? -1));
    if (kind === 'line') {
      // Every month (year) on the axis: one without a row had nothing; one not yet come is left out of the line.
      const periods = periodKeys(
        by as 'month' | 'year',
        single.map((r) => r.rawKey),
        year,
        answer.asOf,
      );
      const comparable = single.some((r) => r.previous !== null);
      if (periods) {
        const byKey = new Map(single.map((r) => [r.rawKey, r]));
        rows = periods.map(
          (p) =>
            byKey.get(p.key) ?? {
              key: p.key,
              rawKey: p.key,
              label: labels.of(by, p.key, null),
              value: p.future ? null : 0,
              previous: comparable ? 0 : null,
            },
        );
      }
    }
    const top = ordered ? rows : rows.slice(0, CHART_TOP);
    const withPrevious = by !== 'year' && top.some((r) => r.previous !== null);
    return {
      kind,
      option: categoryOption({
        kind,
        categories: top.map((r) => r.label),
        series: [
          { name: String(year), data: top.map((r) => r.value) },
          ...(withPrevious ? [{ name: String(year - 1), data: top.map((r) => r.previous) }] : []),
        ],
        horizontal: !ordered,
        format,
      }),
      keys: top.map((r) => r.rawKey),
      shown: top.length,
    };
  }, [
    mapDimension,
    wardMap,
    wards,
    measureName,
    format,
    t,
    rowDimension,
    cross,
    ordered,
    single,
    by,
    year,
    answer.asOf,
    labels,
  ]);

  const onChartClick = useCallback(
    (click: ChartClick) => {
      if (!onSelect) return;
      if (chart.kind === 'map') onSelect('ward', click.name);
      else onSelect(rowDimension, chart.keys[click.dataIndex] ?? null);
    },
    [onSelect, chart, rowDimension],
  );

  if (answer.rows.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('page.empty')}</Typography.Text>
            <Typography.Text type="secondary">
              {emptyHint ?? (info.fromReports ? t('page.emptyReports') : t('page.emptyHint'))}
            </Typography.Text>
          </Flex>
        }
        data-testid="statistic-empty"
      />
    );
  }

  const rowCount = cross ? cross.rows.length : single.length;
  const chartHeight =
    chart.kind === 'map'
      ? 460
      : chart.kind === 'line' || ordered
        ? 320
        : Math.max(280, Math.min(460, 60 + chart.shown * 22));
  const hint =
    chart.kind === 'map' ? t('page.mapHint') : chart.kind === 'line' ? t('page.pointHint') : t('page.barHint');
  const chartBlock = (
    <Flex vertical gap={4}>
      <Chart
        option={chart.option}
        height={chartHeight}
        onClick={onSelect ? onChartClick : undefined}
        description={t(chart.kind === 'map' ? 'chart.mapDescription' : 'chart.description', { title })}
        data-testid={chart.kind === 'map' ? 'statistic-map' : 'statistic-chart'}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[
          chart.kind !== 'map' && rowCount > chart.shown
            ? t('page.chartTop', { count: chart.shown, total: rowCount })
            : '',
          onSelect ? hint : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </Typography.Text>
      {mapDimension && !wardMap && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('page.noMap')}
        </Typography.Text>
      )}
    </Flex>
  );

  const selectable = (dimension: StatisticDimension, key: string | null, label: string) =>
    onSelect && key !== null ? (
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
        title={t('page.filterBy', { value: label })}
        onClick={() => onSelect(dimension, key)}
      >
        {label}
      </Button>
    ) : (
      label
    );

  if (cross && columnDimension) {
    const columns: ColumnsType<CrossRow> = [
      {
        title: t(`dimensions.${rowDimension}`),
        key: 'label',
        fixed: 'left',
        width: 220,
        render: (_, r) => selectable(rowDimension, r.key === '' ? null : r.key, r.label),
      },
      ...cross.columns.map((c) => ({
        title: c.label,
        key: `c:${c.key}`,
        align: 'right' as const,
        width: 110,
        render: (_: unknown, r: CrossRow) => figureText(r.cells[c.key] ?? null, suppressed, format),
      })),
      {
        title: t('page.columnTotal'),
        key: 'total',
        align: 'right',
        width: 110,
        sorter: (a, b) => (a.total ?? -1) - (b.total ?? -1),
        render: (_, r) => <Typography.Text strong>{figureText(r.total, suppressed, format)}</Typography.Text>,
      },
    ];
    if (comparable) {
      columns.push({
        title: t('page.columnPrevious', { year: year - 1 }),
        key: 'previous',
        align: 'right',
        width: 110,
        render: (_, r) => figureText(r.previous, suppressed, format),
      });
      columns.push({
        title: t('page.change'),
        key: 'change',
        align: 'right',
        width: 100,
        render: (_, r) => <ChangeCell value={r.total} previous={r.previous} />,
      });
    }
    return (
      <Flex vertical gap={16}>
        {chart.kind === 'map' ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={13}>
              {chartBlock}
            </Col>
            <Col xs={24} xl={11}>
              <WardTable rows={wards} format={format} suppressed={suppressed} onSelect={onSelect} />
            </Col>
          </Row>
        ) : (
          chartBlock
        )}
        <Table<CrossRow>
          rowKey="key"
          size="small"
          dataSource={cross.rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={cross.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          summary={() => (
            <TotalRow
              label={t('page.columnTotal')}
              from={cross.columns.length + 1}
              total={cross.total}
              previousTotal={cross.previousTotal}
              {...{ comparable, suppressed, format }}
            >
              {cross.columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                  {figureText(cross.totals[c.key] ?? null, suppressed, format)}
                </Table.Summary.Cell>
              ))}
            </TotalRow>
          )}
          aria-label={t('page.table')}
          data-testid="statistic-table"
        />
      </Flex>
    );
  }

  const columns: ColumnsType<SingleRow> = [
    {
      title: t(`dimensions.${by}`),
      key: 'label',
      ellipsis: false,
      sorter: (a, b) => a.label.localeCompare(b.label, 'vi'),
      render: (_, r) => selectable(by, r.rawKey, r.label),
    },
    {
      title: String(year),
      key: 'value',
      align: 'right',
      width: 88,
      sorter: (a, b) => (a.value ?? -1) - (b.value ?? -1),
      render: (_, r) => figureText(r.value, suppressed, format),
    },
  ];
  if (comparable) {
    columns.push({
      title: String(year - 1),
      key: 'previous',
      align: 'right',
      width: 88,
      sorter: (a, b) => (a.previous ?? -1) - (b.previous ?? -1),
      render: (_, r) => figureText(r.previous, suppressed, format),
    });
    columns.push({
      title: t('page.change'),
      key: 'change',
      align: 'right',
      width: 100,
      sorter: (a, b) => (changePercent(a.value, a.previous) ?? -1e9) - (changePercent(b.value, b.previous) ?? -1e9),
      render: (_, r) => <ChangeCell value={r.value} previous={r.previous} />,
    });
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={13}>
        {chartBlock}
      </Col>
      <Col xs={24} xl={11}>
        <Table<SingleRow>
          rowKey="key"
          size="small"
          tableLayout="fixed"
          dataSource={single}
          columns={columns}
          pagination={single.length > 12 ? { pageSize: 12, showSizeChanger: false, size: 'small' } : false}
          summary={() => (
            <TotalRow
              label={t('page.columnTotal')}
              from={1}
              total={answer.total}
              previousTotal={answer.previousTotal}
              {...{ comparable, suppressed, format }}
            />
          )}
          aria-label={t('page.table')}
          data-testid="statistic-table"
        />
      </Col>
    </Row>
  );
}
