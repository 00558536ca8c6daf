import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Segmented, Skeleton, Space } from 'antd';
import { can, useAccess } from '../../app/access.ts';

// The catalogue's own list of the assignment rules (nothing copied), and who the rules make report.
const RulesList = lazy(() =>
  import('../../catalog/ListPage.tsx').then((m) => ({ default: m.bind('reportAssignment') })),
);
const ExpectedPanel = lazy(() => import('./ExpectedPanel.tsx'));

/**
 * `/phan-loai-bao-cao/danh-sach`: who must report. The assignment rules (the ReportAssignment area's list, with
 * its edit page at /phan-loai-bao-cao/them-moi/{id}) and, beside them, the reporters they make expected for a
 * period with every change since it opened. The view is in the address (`?view=expected`).
 */
export default function AssignmentsPage() {
  const { t } = useTranslation('reports');
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const seesExpected = can(access, 'read', 'Report');
  const view = seesExpected && params.get('view') === 'expected' ? 'expected' : 'rules';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {seesExpected && (
        <Segmented
          value={view}
          // Each view keeps its own filters in the address: switching starts the other afresh.
          onChange={(v) => setParams(v === 'expected' ? { view: 'expected' } : {})}
          options={[
            { value: 'rules', label: t('expected.tabs.assignments') },
            { value: 'expected', label: t('expected.tabs.expected') },
          ]}
          data-testid="assignment-views"
        />
      )}
      <Suspense fallback={<Skeleton active />}>{view === 'expected' ? <ExpectedPanel /> : <RulesList />}</Suspense>
    </Space>
  );
}
