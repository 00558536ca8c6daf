import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Table, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { toast } from '../../app/toast.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useUrlListState } from '../../platform/list/index.tsx';
import { equipmentApi, type SummaryCounts, type SummaryRow } from './api.ts';
import { errorText } from './ui.tsx';

const COUNTS = ['inUse', 'outOfUse', 'scrapped', 'overdue', 'undeclared', 'inspected'] as const;
const count = (n: number | undefined) => (n ?? 0).toLocaleString('vi-VN');

/**
 * `/bang-tong-hop-kiem-dinh-thiet-bi/danh-sach`: machines by type and commune — in use, out of use, scrapped,
 * overdue for inspection, not declared — over a period, with the totals row and the same table as Excel.
 * Filters live in the address.
 */
export default function SummaryPage() {
  const { t } = useTranslation('equipment');
  const state = useUrlListState();
  const from = state.get('from');
  const to = state.get('to');
  const indexEquipmentId = state.get('indexEquipmentId');
  const wardId = state.get('wardId');
  const query = useMemo(() => ({ from, to, indexEquipmentId, wardId }), [from, to, indexEquipmentId, wardId]);
  const [exporting, setExporting] = useState(false);
  const summary = useQuery({
    queryKey: ['equipment', 'summary', query],
    queryFn: ({ signal }) => equipmentApi.summary(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = summary.data?.rows ?? [];
  const totals: SummaryCounts | undefined = summary.data?.totals;

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            placeholder={[t('pages.summary.from'), t('pages.summary.to')]}
            aria-label={t('pages.summary.period')}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            onChange={(dates) =>
              state.set({
                from: dates?.[0]?.format('YYYY-MM-DD') ?? null,
                to: dates?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
          <div style={{ width: 240 }}>
            <ReferenceSelect
              target={catalogByKey('indexEquipment')}
              placeholder={t('pages.fields.type')}
              value={indexEquipmentId || null}
              onChange={(v) => state.set({ indexEquipmentId: v })}
            />
          </div>
          <div style={{ width: 220 }}>
            <AdminUnitSelect
              level="ward"
              placeholder={t('pages.summary.ward')}
              value={wardId || null}
              onChange={(v) => state.set({ wardId: v })}
            />
          </div>
          <Button
            disabled={!from && !to && !indexEquipmentId && !wardId}
            onClick={() => state.set({ from: null, to: null, indexEquipmentId: null, wardId: null })}
          >
            {t('pages.actions.reset')}
          </Button>
        </Flex>
        <Button
          icon={<FileExcelOutlined />}
          loading={exporting}
          disabled={!rows.length}
          onClick={() => {
            setExporting(true);
            equipmentApi
              .summaryExcel(query)
              .catch((err: unknown) => toast.error(errorText(err)))
              .finally(() => setExporting(false));
          }}
          data-testid="summary-export"
        >
          {t('pages.summary.export')}
        </Button>
      </Flex>
      <Table<SummaryRow>
        rowKey={(r) => `${r.typeId}-${r.wardId ?? ''}`}
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
              description={summary.isError ? errorText(summary.error) : t('pages.summary.empty')}
            />
          ),
        }}
        columns={[
          { title: t('pages.fields.type'), dataIndex: 'typeName', key: 'type', ellipsis: true },
          {
            title: t('pages.summary.ward'),
            key: 'ward',
            ellipsis: true,
            width: 180,
            render: (_v, r) => r.wardName ?? t('pages.summary.noWard'),
          },
          ...COUNTS.map((k) => ({
            title: t(`pages.summary.counts.${k}`),
            dataIndex: k,
            key: k,
            width: 105,
            align: 'right' as const,
            render: (n: number) => count(n),
          })),
        ]}
        summary={() =>
          totals && rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{t('pages.summary.total')}</Typography.Text>
                </Table.Summary.Cell>
                {COUNTS.map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 2} align="right">
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
