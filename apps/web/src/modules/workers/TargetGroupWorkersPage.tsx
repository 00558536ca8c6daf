import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Space, Table, Typography } from 'antd';
import { catalogByKey } from '../../catalog/registry.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { useCatalogText } from '../../catalog/text.ts';
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
  const [pageNumber, setPageNumber] = useState(1);
  const [keyWord, setKeyWord] = useState('');
  const group = useQuery({
    queryKey: ['catalog', groups.key, 'record', id],
    queryFn: ({ signal }) => catalogApi(groups).get(id, signal),
  });
  const list = useQuery({
    queryKey: ['catalog', workers.key, 'byGroup', id, pageNumber, keyWord],
    queryFn: ({ signal }) =>
      catalogApi(workers).list({ targetTrainingId: id, pageNumber, pageSize: 20, keyWord }, signal),
    placeholderData: keepPreviousData,
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
        <Input.Search
          allowClear
          placeholder={t('web.group.search')}
          onSearch={(v) => (setKeyWord(v), setPageNumber(1))}
          style={{ width: 360 }}
        />
        <Table<CatalogRecord>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.pageLists ?? []}
          pagination={{
            current: pageNumber,
            pageSize: 20,
            total: list.data?.totalRecord ?? 0,
            onChange: setPageNumber,
            showSizeChanger: false,
            showTotal: (n) => t('web.total', { count: n }),
          }}
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
