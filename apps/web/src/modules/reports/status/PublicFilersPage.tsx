import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Space, Tag, Typography } from 'antd';
import { PublicSearchList, PublicTitledPage } from '../../home/index.ts';
import { retryServerErrors } from '../../lookups/index.ts';
import { publicStatusApi, type PublicFiler } from './api.ts';
import { AsOf, ChoiceSelects, FiledTag, useChoice } from './ui.tsx';

const FILED = ['onTime', 'late', 'notFiled'] as const;

/**
 * `/tra-cuu-danh-sach-doanh-nghiep-nop-bao-cao-dinh-ky`: for everyone, the employers expected to file a periodic
 * report of a period and how they did — on time, late, not filed — each by its name, tax code and commune only, with
 * the moment the list was read and a note that filing says nothing about how safe an employer is.
 */
export default function PublicFilersPage() {
  const { t } = useTranslation('reportStatus');
  const options = useQuery({
    queryKey: ['reportStatus', 'public', 'options'],
    queryFn: ({ signal }) => publicStatusApi.options(signal),
    retry: retryServerErrors,
  });
  const employersOnly = options.data && { types: options.data.types.filter((x) => x.filer === 'business') };
  const state = useChoice(employersOnly?.types);
  const { choice } = state;
  // The list's own answer says when it was read and the due day; the first page's is shown.
  const head = useQuery({
    queryKey: ['reportStatus', 'public', 'filers-head', choice],
    queryFn: ({ signal }) => publicStatusApi.filers({ ...choice, pageSize: 1 }, signal),
    enabled: !!choice,
    retry: retryServerErrors,
  });

  return (
    <PublicTitledPage title={t('public.filers.title')} intro={t('public.filers.intro')} privacy={t('public.privacy')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {options.isError && <Alert type="error" showIcon message={t('public.loadFailed')} />}
        {employersOnly && !choice && <Empty description={t('public.noPeriods')} />}
        {choice && (
          <>
            <ChoiceSelects state={state} />
            <Alert type="info" showIcon message={t('public.safetyNote')} data-testid="public-filers-note" />
            {head.data && (
              <Typography.Text type="secondary">
                <AsOf dueOn={head.data.dueOn} asOf={head.data.asOf} />
              </Typography.Text>
            )}
            <PublicSearchList<PublicFiler>
              key={`${choice.reportTypeId}:${choice.periodKey}`}
              queryKey={['reportStatus', 'public', 'filers', choice]}
              fetchPage={(q, signal) => publicStatusApi.filers({ ...q, ...choice }, signal)}
              searchLabel={t('public.filers.search')}
              filters={[
                {
                  name: 'status',
                  label: t('public.filers.status'),
                  options: FILED.map((k) => ({ value: k, label: t(`filed.${k}`) })),
                  width: 200,
                },
              ]}
              pageSize={20}
              texts={{
                empty: t('public.filers.empty'),
                noResult: t('public.filers.noResult'),
                loadFailed: t('public.loadFailed'),
              }}
              itemTestId="public-filer"
              rowKey={(e) => `${e.taxCode ?? ''}:${e.name}`}
              renderItem={(e) => (
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <div>
                    <Typography.Text strong>{e.name}</Typography.Text>
                    <Flex gap={4} wrap style={{ marginTop: 4 }}>
                      {e.taxCode && (
                        <Tag>
                          {t('public.filers.taxCode')}: {e.taxCode}
                        </Tag>
                      )}
                      {e.wardName && <Tag>{e.wardName}</Tag>}
                    </Flex>
                  </div>
                  <FiledTag status={e.status} overdue={!!head.data?.dueOn && head.data.today > head.data.dueOn} />
                </Flex>
              )}
            />
          </>
        )}
      </Space>
    </PublicTitledPage>
  );
}
