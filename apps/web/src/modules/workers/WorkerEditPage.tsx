import { useTranslation } from 'react-i18next';
import { Card, Tabs } from 'antd';
import { RecordPage } from './RecordPage.tsx';
import { OvertimeTab, ProgressTab } from './records.tsx';

/**
 * A worker's page (/nguoi-lao-dong/chinh-sua/{id}, and the department's /chinh-sua-so/{id}): the record, the
 * progress of their employment and their overtime.
 */
function WorkerEditPage({ pageId }: { pageId: string }) {
  const { t } = useTranslation('workers');
  return (
    <RecordPage pageId={pageId}>
      {({ record, form, canEdit }) => (
        <Card title={String(record.fullName ?? '')} style={{ maxWidth: 1180 }}>
          <Tabs
            items={[
              { key: 'record', label: t('web.tabs.record'), children: form },
              {
                key: 'progress',
                label: t('web.tabs.progress'),
                children: <ProgressTab workerId={record.id} canEdit={canEdit} />,
              },
              {
                key: 'overtime',
                label: t('web.tabs.overtime'),
                children: <OvertimeTab workerId={record.id} canEdit={canEdit} />,
              },
            ]}
          />
        </Card>
      )}
    </RecordPage>
  );
}

export function bind(pageId: string) {
  const Bound = () => <WorkerEditPage pageId={pageId} />;
  Bound.displayName = `WorkerEditPage(${pageId})`;
  return Bound;
}
