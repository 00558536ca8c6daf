import { useTranslation } from 'react-i18next';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { SummaryTable } from '../../platform/list/summary-table.tsx';
import { equipmentApi, type SummaryRow } from './api.ts';
import { errorText } from './ui.tsx';

const COUNTS = ['inUse', 'outOfUse', 'scrapped', 'overdue', 'undeclared', 'inspected'] as const;

/**
 * `/bang-tong-hop-kiem-dinh-thiet-bi/danh-sach`: machines by type and commune — in use, out of use, scrapped,
 * overdue for inspection, not declared — over a period, with the totals row and the same table as Excel (the
 * reports' summary table). Filters live in the address.
 */
export default function SummaryPage() {
  const { t } = useTranslation('equipment');
  return (
    <SummaryTable<SummaryRow, (typeof COUNTS)[number]>
      name="equipment"
      filterNames={['indexEquipmentId', 'wardId']}
      filters={(values, set) => (
        <>
          <div style={{ width: 240 }}>
            <ReferenceSelect
              target={catalogByKey('indexEquipment')}
              placeholder={t('pages.fields.type')}
              value={values.indexEquipmentId || null}
              onChange={(v) => set({ indexEquipmentId: v })}
            />
          </div>
          <div style={{ width: 220 }}>
            <AdminUnitSelect
              level="ward"
              placeholder={t('pages.summary.ward')}
              value={values.wardId || null}
              onChange={(v) => set({ wardId: v })}
            />
          </div>
        </>
      )}
      fetch={equipmentApi.summary}
      download={equipmentApi.summaryExcel}
      rowKey={(r) => `${r.typeId}-${r.wardId ?? ''}`}
      columns={[
        { title: t('pages.fields.type'), dataIndex: 'typeName', key: 'type', ellipsis: true },
        {
          title: t('pages.summary.ward'),
          key: 'ward',
          ellipsis: true,
          width: 180,
          render: (_v, r) => r.wardName ?? t('pages.summary.noWard'),
        },
      ]}
      counts={COUNTS}
      texts={{
        from: t('pages.summary.from'),
        to: t('pages.summary.to'),
        period: t('pages.summary.period'),
        reset: t('pages.actions.reset'),
        export: t('pages.summary.export'),
        total: t('pages.summary.total'),
        empty: t('pages.summary.empty'),
        count: (k) => t(`pages.summary.counts.${k}`),
        error: errorText,
      }}
    />
  );
}
