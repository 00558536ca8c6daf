import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Flex, Spin, Table, Typography } from 'antd';
import { formatDate } from '@portal/domain/format';
import { PublicTitledPage } from '../home/index.ts';
import { libraryApi } from './api.ts';

/** `/du-lieu-mo`: the open-data sets, each with its date, licence, columns and CSV/JSON downloads. */
export default function OpenDataPage() {
  const { t } = useTranslation('library');
  const sets = useQuery({ queryKey: ['library', 'open-data'], queryFn: ({ signal }) => libraryApi.datasets(signal) });
  return (
    <PublicTitledPage title={t('routes.openData')} intro={t('openData.intro')}>
      <Spin spinning={sets.isFetching}>
        <Flex vertical gap={16}>
          {(sets.data?.items ?? []).map((s) => (
            <Card key={s.key} title={s.title} data-testid="open-data-set">
              <Typography.Paragraph>{s.description}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {t('openData.asOf', { date: formatDate(s.asOf) })} · {t('openData.licence')}:{' '}
                {/* Underlined: a link inside a sentence must not be told by its colour alone. */}
                <a href={s.licence.url} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                  {s.licence.name}
                </a>
              </Typography.Paragraph>
              <Flex gap={16} style={{ marginBottom: 12 }}>
                <a href={s.csv} download>
                  {t('openData.csv')}
                </a>
                <a href={s.json} target="_blank" rel="noreferrer">
                  {t('openData.json')}
                </a>
              </Flex>
              <Collapse
                size="small"
                items={[
                  {
                    key: 'columns',
                    label: t('openData.columns'),
                    children: (
                      <Table
                        size="small"
                        rowKey="name"
                        pagination={false}
                        dataSource={s.columns}
                        columns={[
                          { title: t('openData.column'), dataIndex: 'name', key: 'name', width: 200 },
                          { title: t('openData.meaning'), dataIndex: 'description', key: 'description' },
                        ]}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          ))}
        </Flex>
      </Spin>
    </PublicTitledPage>
  );
}
