import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PublicTitledPage } from '../../home/index.ts';
import { retryServerErrors } from '../../lookups/index.ts';
import { displayCount } from '../../../platform/format.ts';
import { publicStatusApi, STATUS_PATHS, type PublicStatus } from './api.ts';
import { AsOf, ChoiceSelects, Figures, percent, useChoice } from './ui.tsx';

type Row = PublicStatus['rows'][number];

/**
 * `/tra-cuu-tinh-hinh-nop-bao-cao`: for everyone, how filing of a periodic report stands — in all and by commune,
 * how many must file, how many filed, on time or late, and the completeness and timeliness rates. Aggregates only;
 * the employers' own list is the next page.
 */
export default function PublicStatusPage() {
  const { t } = useTranslation('reportStatus');
  const options = useQuery({
    queryKey: ['reportStatus', 'public', 'options'],
    queryFn: ({ signal }) => publicStatusApi.options(signal),
    retry: retryServerErrors,
  });
  const state = useChoice(options.data?.types);
  const { choice, type } = state;
  const status = useQuery({
    queryKey: ['reportStatus', 'public', 'status', choice],
    queryFn: ({ signal }) => publicStatusApi.status(choice!, signal),
    enabled: !!choice,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  const s = status.data;
  const columns: ColumnsType<Row> = [
    {
      title: t('groupBy.commune'),
      key: 'name',
      ellipsis: true,
      sorter: (a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'vi'),
      render: (_, r) => r.name ?? t('unspecified'),
    },
    ...(['expected', 'complete', 'onTime', 'late', 'missing'] as const).map((k) => ({
      title: t(`counts.${k}`),
      key: k,
      width: 92,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => a[k] - b[k],
      render: (_: unknown, r: Row) => displayCount(r[k]),
    })),
    ...(['completeness', 'timeliness'] as const).map((k) => ({
      title: t(`counts.${k}`),
      key: k,
      width: 110,
      align: 'right' as const,
      sorter: (a: Row, b: Row) => (a[k] ?? -1) - (b[k] ?? -1),
      render: (_: unknown, r: Row) => percent(r[k]),
    })),
  ];
  const listLink =
    choice && type?.filer === 'business'
      ? `${STATUS_PATHS.publicFilers}?${new URLSearchParams({ type: choice.reportTypeId, period: choice.periodKey })}`
      : null;

  return (
    <PublicTitledPage
      title={t('public.status.title')}
      intro={t('public.status.intro')}
      privacy={t('public.safetyNote')}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {options.isError && <Alert type="error" showIcon message={t('public.loadFailed')} />}
        {options.data && !choice && <Empty description={t('public.noPeriods')} />}
        {choice && <ChoiceSelects state={state} />}
        {status.isError && <Alert type="error" showIcon message={t('public.loadFailed')} />}
        {s && (
          <>
            <Typography.Text type="secondary">
              <AsOf dueOn={s.schedule?.dueOn} asOf={s.asOf} />
            </Typography.Text>
            <Figures standing={s.totals} />
            {listLink && (
              <Link to={listLink} data-testid="public-status-list-link">
                {t('public.status.toList')}
              </Link>
            )}
            <Table<Row>
              rowKey={(r) => r.key ?? 'none'}
              size="small"
              tableLayout="fixed"
              dataSource={s.rows}
              columns={columns}
              loading={status.isFetching}
              pagination={s.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.emptyGroups')} /> }}
              data-testid="public-status-communes"
            />
          </>
        )}
      </Space>
    </PublicTitledPage>
  );
}
