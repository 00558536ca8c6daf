import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { toast } from '../../app/toast.ts';
import { useUrlListState } from './index.tsx';
import { displayCount } from '../format.ts';

/**
 * THE summary table of the reports menu (machines by type × commune, people trained by group × commune, …): a
 * period and a few filters in the address, rows named by some columns then counts, the totals row, and the same
 * table as Excel. The server side is apps/api/src/platform/excel/summary-table.ts; a page gives its calls, texts,
 * naming columns and filter widgets.
 */
export interface SummaryAnswer<Row, K extends string> {
  /** The period counted (the server's default when the address names none). */
  from: string;
  to: string;
  rows: Row[];
  totals: Record<K, number>;
}

export interface SummaryTableProps<Row extends Record<K, number>, K extends string> {
  /** TanStack Query key prefix of the page. */
  name: string;
  /** Address parameters of the page's own filters (besides the period's). */
  filterNames: readonly string[];
  /**
   * A period other than a date range (a year and a quarter): its address parameters and its widgets. Absent: the
   * `from`–`to` date range.
   */
  period?: {
    names: readonly string[];
    picker: (values: Record<string, string>, set: (changes: Record<string, string | null>) => void) => ReactNode;
  };
  /** The filter widgets, given the address values and how to set them. */
  filters: (values: Record<string, string>, set: (changes: Record<string, string | null>) => void) => ReactNode;
  fetch: (query: Record<string, string>, signal?: AbortSignal) => Promise<SummaryAnswer<Row, K>>;
  download: (query: Record<string, string>) => Promise<void>;
  columns: ColumnsType<Row>;
  counts: readonly K[];
  rowKey: (row: Row) => string;
  texts: {
    from: string;
    to: string;
    period: string;
    reset: string;
    export: string;
    total: string;
    empty: string;
    count: (k: K) => string;
    error: (err: unknown) => string;
  };
}

const count = (n: number | undefined) => displayCount(n);

export function SummaryTable<Row extends Record<K, number>, K extends string>(p: SummaryTableProps<Row, K>) {
  const state = useUrlListState();
  const names = [...(p.period?.names ?? ['from', 'to']), ...p.filterNames];
  const query = useMemo(
    () => Object.fromEntries(names.map((n) => [n, state.get(n)]).filter(([, v]) => v)) as Record<string, string>,
    // The address's query string names every value read here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.search],
  );
  const [exporting, setExporting] = useState(false);
  const summary = useQuery({
    queryKey: [p.name, 'summary', query],
    queryFn: ({ signal }) => p.fetch(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = summary.data?.rows ?? [];
  const totals = summary.data?.totals;
  const naming = p.columns.length;
  const set = (changes: Record<string, string | null>) => state.set(changes);
  const from = query.from ?? summary.data?.from;
  const to = query.to ?? summary.data?.to;

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          {p.period ? (
            p.period.picker(query, set)
          ) : (
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              allowEmpty={[true, true]}
              placeholder={[p.texts.from, p.texts.to]}
              aria-label={p.texts.period}
              // Empty dates stand for the server's default period: the fields show the period the table counts.
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              onChange={(dates) =>
                set({
                  from: dates?.[0]?.format('YYYY-MM-DD') ?? null,
                  to: dates?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
          )}
          {p.filters(query, set)}
          <Button
            disabled={Object.keys(query).length === 0}
            onClick={() => set(Object.fromEntries(names.map((n) => [n, null])))}
          >
            {p.texts.reset}
          </Button>
        </Flex>
        <Button
          icon={<FileExcelOutlined />}
          loading={exporting}
          disabled={!rows.length}
          onClick={() => {
            setExporting(true);
            p.download(query)
              .catch((err: unknown) => toast.error(p.texts.error(err)))
              .finally(() => setExporting(false));
          }}
          data-testid="summary-export"
        >
          {p.texts.export}
        </Button>
      </Flex>
      <Table<Row>
        rowKey={p.rowKey}
        size="middle"
        tableLayout="fixed"
        bordered
        loading={summary.isFetching}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={summary.isError ? p.texts.error(summary.error) : p.texts.empty}
            />
          ),
        }}
        columns={[
          ...p.columns,
          ...p.counts.map((k) => ({
            title: p.texts.count(k),
            dataIndex: k,
            key: k,
            width: 120,
            align: 'right' as const,
            render: (n: number) => count(n),
          })),
        ]}
        summary={() =>
          totals && rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={naming}>
                  <Typography.Text strong>{p.texts.total}</Typography.Text>
                </Table.Summary.Cell>
                {p.counts.map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + naming} align="right">
                    <Typography.Text strong>{count(totals[k])}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
