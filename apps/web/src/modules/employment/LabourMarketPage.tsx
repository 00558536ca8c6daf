import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InputNumber, Select } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { toast } from '../../app/toast.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { SummaryTable } from '../../platform/list/summary-table.tsx';
import { labourMarketApi, type LabourMarketRow } from './labour-market-api.ts';

/**
 * What the page shows of the report's counts, as many as fit 1366 px: supply, demand, the gap and the placements
 * (the xlsx and the PDF carry them all, with the collections and the referrals apart).
 */
const COUNTS = ['seeking', 'positions', 'gap', 'referrals', 'placements'] as const;
const QUARTERS = [1, 2, 3, 4] as const;

/**
 * `/dich-vu-viec-lam/bao-cao-thi-truong-lao-dong`: the quarterly labour-market information report — supply and
 * demand by occupation × commune and the gap, with the referrals and placements — on the reports' summary table,
 * the quarter and the filters in the address; Excel and PDF of the same quarter.
 */
export default function LabourMarketPage() {
  const { t } = useTranslation('employment');
  const [printing, setPrinting] = useState(false);
  const text = (key: string) => t(`labourMarket.${key}`);
  const errorText = (err: unknown) => (err instanceof Error ? err.message : text('error'));
  return (
    <SummaryTable<LabourMarketRow, (typeof COUNTS)[number]>
      name="labour-market"
      period={{
        names: ['year', 'quarter'],
        picker: (values, set) => (
          <>
            <InputNumber
              aria-label={text('year')}
              placeholder={text('year')}
              min={2000}
              max={2100}
              style={{ width: 110 }}
              value={values.year ? Number(values.year) : null}
              onChange={(v) => set({ year: v ? String(v) : null })}
            />
            <Select
              aria-label={text('quarter')}
              placeholder={text('quarter')}
              allowClear
              style={{ width: 120 }}
              value={values.quarter ? Number(values.quarter) : undefined}
              options={QUARTERS.map((q) => ({ value: q, label: t('labourMarket.quarterOption', { quarter: q }) }))}
              onChange={(v: number | undefined) => set({ quarter: v ? String(v) : null })}
            />
            <Button
              icon={<FilePdfOutlined />}
              loading={printing}
              onClick={() => {
                setPrinting(true);
                labourMarketApi
                  .pdf(values)
                  .catch((err: unknown) => toast.error(errorText(err)))
                  .finally(() => setPrinting(false));
              }}
              data-testid="labour-market-pdf"
            >
              {text('pdfButton')}
            </Button>
          </>
        ),
      }}
      filterNames={['occupationId', 'wardId']}
      filters={(values, set) => (
        <>
          <div style={{ width: 220 }}>
            <ReferenceSelect
              target={catalogByKey('typeOfProfession')}
              placeholder={text('occupation')}
              value={values.occupationId || null}
              onChange={(v) => set({ occupationId: v })}
            />
          </div>
          <div style={{ width: 200 }}>
            <AdminUnitSelect
              level="ward"
              placeholder={text('ward')}
              value={values.wardId || null}
              onChange={(v) => set({ wardId: v })}
            />
          </div>
        </>
      )}
      fetch={labourMarketApi.report}
      download={labourMarketApi.excel}
      rowKey={(r) => `${r.occupationId ?? ''}-${r.wardId ?? ''}`}
      columns={[
        {
          title: text('occupation'),
          key: 'occupation',
          ellipsis: true,
          render: (_v, r) => r.occupationName ?? text('noOccupation'),
        },
        {
          title: text('ward'),
          key: 'ward',
          ellipsis: true,
          width: 170,
          render: (_v, r) => r.wardName ?? text('noWard'),
        },
      ]}
      counts={COUNTS}
      texts={{
        from: text('year'),
        to: text('quarter'),
        period: text('period'),
        reset: text('reset'),
        export: text('export'),
        total: text('total'),
        empty: text('empty'),
        count: (k) => text(k),
        error: errorText,
      }}
    />
  );
}
