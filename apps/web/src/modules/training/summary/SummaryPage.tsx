import { useTranslation } from 'react-i18next';
import { AdminUnitSelect, ReferenceSelect } from '../../../catalog/fields.tsx';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { SummaryTable } from '../../../platform/list/summary-table.tsx';
import { trainingStatusApi, type SummaryCount, type TrainingSummaryRow } from '../refresher/api.ts';

const COUNTS: readonly SummaryCount[] = ['issued', 'initial', 'periodic'];

/**
 * `/bang-tong-hop-huan-luyen-ATVSLĐ`: people trained in a period — credentials issued — by training group and
 * commune of the employer, first courses and refreshers, with the totals row and the same table as Excel (the
 * reports' summary table). Filters live in the address.
 */
export default function SummaryPage() {
  const { t } = useTranslation('training');
  return (
    <SummaryTable<TrainingSummaryRow, SummaryCount>
      name="training"
      filterNames={['targetTrainingId', 'wardId']}
      filters={(values, set) => (
        <>
          <div style={{ width: 260 }}>
            <ReferenceSelect
              target={catalogByKey('targetTraining')}
              placeholder={t('summary.group')}
              value={values.targetTrainingId || null}
              onChange={(v) => set({ targetTrainingId: v })}
            />
          </div>
          <div style={{ width: 220 }}>
            <AdminUnitSelect
              level="ward"
              placeholder={t('summary.ward')}
              value={values.wardId || null}
              onChange={(v) => set({ wardId: v })}
            />
          </div>
        </>
      )}
      fetch={trainingStatusApi.summary}
      download={trainingStatusApi.summaryExcel}
      rowKey={(r) => `${r.targetTrainingId}-${r.wardId ?? ''}`}
      columns={[
        { title: t('summary.group'), dataIndex: 'targetTrainingName', key: 'group', ellipsis: true },
        {
          title: t('summary.ward'),
          key: 'ward',
          ellipsis: true,
          width: 220,
          render: (_v, r) => r.wardName ?? t('summary.noWard'),
        },
      ]}
      counts={COUNTS}
      texts={{
        from: t('summary.from'),
        to: t('summary.to'),
        period: t('summary.periodLabel'),
        reset: t('summary.reset'),
        export: t('summary.export'),
        total: t('summary.total'),
        empty: t('summary.empty'),
        count: (k) => t(`summary.${k}`),
        error: errorMessage,
      }}
    />
  );
}
