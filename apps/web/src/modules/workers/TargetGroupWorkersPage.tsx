import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { catalogByKey } from '../../catalog/registry.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { SearchBox, ServerTable, useServerList } from '../../platform/list/index.tsx';
import { showDate } from './api.ts';
import { workerEditPath } from './paths.ts';

/**
 * The workers of one training target group (/nguoi-lao-dong/nhom-doi-tuong-huan-luyen/theo-nhom-danh-sach/{id}):
 * who must be trained as that group, each user seeing the workers of their own scope.
 */
export default function TargetGroupWorkersPage() {
  const { t } = useTranslation('workers');
  const { id = '' } = useParams();
  const workers = catalogByKey('worker');
  const groups = catalogByKey('targetTraining');
  const text = useCatalogText(workers);
  const group = useQuery({
    queryKey: ['catalog', groups.key, 'record', id],
    queryFn: ({ signal }) => catalogApi(groups).get(id, signal),
  });
  const { table, keyWord, setKeyWord } = useServerList({
    key: (q) => ['catalog', workers.key, 'byGroup', id, q],
    fetch: (q, signal) => catalogApi(workers).list({ ...q, targetTrainingId: id }, signal),
    sortable: [],
  });
  return (
    <Card title={group.data ? String(group.data.name) : t('web.group.title')} style={{ maxWidth: 1180 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {group.data?.trainingHours != null && (
          <Typography.Text type="secondary">
            {t('web.group.hours', {
              hours: Number(group.data.trainingHours),
              years: Number(group.data.refresherYears ?? 2),
            })}
          </Typography.Text>
        )}
        <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('web.group.search')} width={360} />
        <ServerTable<CatalogRecord>
          {...table}
          size="small"
          total={(n) => t('web.total', { count: n })}
          empty={t('web.group.empty')}
          columns={[
            {
              title: text.label('fullName'),
              dataIndex: 'fullName',
              render: (v: string, r) => <Link to={workerEditPath(r.id)}>{v}</Link>,
            },
            {
              title: text.label('citizenId'),
              dataIndex: 'citizenId',
              width: 150,
              render: (v: string | null, r) => v ?? String(r.passportNumber ?? ''),
            },
            { title: text.label('birthDate'), dataIndex: 'birthDate', width: 120, render: showDate },
            { title: text.label('businessId'), dataIndex: 'businessName' },
            { title: text.label('occupationId'), dataIndex: 'occupationName' },
            { title: text.label('startDate'), dataIndex: 'startDate', width: 130, render: showDate },
          ]}
        />
      </Space>
    </Card>
  );
}
