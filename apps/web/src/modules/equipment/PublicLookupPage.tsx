import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Table } from 'antd';
import { PublicTitledPage } from '../home/index.ts';
import { equipmentApi, type PublicMachine } from './api.ts';
import { DueBadge, errorText, publicMachinePath, showDate } from './ui.tsx';

/**
 * `/tra-cuu-thiet-bi`: anyone checks a machine by its certificate or stamp number — its type, employer, last
 * inspection and whether it is still within its inspection period. No personal data. The number is in the
 * address, so a result can be shared.
 */
export default function PublicLookupPage() {
  const { t } = useTranslation('equipment');
  const [params, setParams] = useSearchParams();
  const number = params.get('so') ?? '';
  const result = useQuery({
    queryKey: ['equipment', 'public-lookup', number],
    queryFn: ({ signal }) => equipmentApi.publicLookup(number, signal),
    enabled: number.length > 0,
  });
  return (
    <PublicTitledPage title={t('pages.routes.publicLookup')} intro={t('pages.public.lookupIntro')}>
      <Input.Search
        key={number}
        defaultValue={number}
        allowClear
        enterButton={t('pages.public.search')}
        size="large"
        placeholder={t('pages.public.lookupPlaceholder')}
        aria-label={t('pages.public.lookupPlaceholder')}
        onSearch={(v) => setParams(v.trim() ? { so: v.trim() } : {}, { replace: true })}
        style={{ maxWidth: 560, marginBottom: 24 }}
        data-testid="equipment-lookup"
      />
      {!number ? (
        <Empty description={t('pages.public.lookupHint')} />
      ) : result.isError ? (
        <Alert type="error" showIcon message={errorText(result.error)} />
      ) : (
        <Spin spinning={result.isFetching}>
          <Table<PublicMachine>
            rowKey={(r) => r.code}
            pagination={false}
            tableLayout="fixed"
            dataSource={result.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('pages.public.lookupEmpty', { number })} /> }}
            columns={[
              {
                title: t('pages.public.code'),
                key: 'code',
                width: 150,
                render: (_v, r) => <Link to={publicMachinePath(r.code)}>{r.code}</Link>,
              },
              { title: t('pages.fields.type'), dataIndex: 'typeName', key: 'type', ellipsis: true },
              { title: t('pages.fields.business'), dataIndex: 'businessName', key: 'business', ellipsis: true },
              {
                title: t('pages.public.lastInspection'),
                key: 'last',
                width: 140,
                render: (_v, r) => showDate(r.lastInspectionDate),
              },
              {
                title: t('pages.public.validUntil'),
                key: 'until',
                width: 130,
                render: (_v, r) => showDate(r.validUntil),
              },
              {
                title: t('pages.fields.status'),
                key: 'due',
                width: 210,
                render: (_v, r) => <DueBadge state={r.dueState} />,
              },
            ]}
          />
        </Spin>
      )}
    </PublicTitledPage>
  );
}
