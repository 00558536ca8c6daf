import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, List, Pagination, Select, Spin, Tag, Typography } from 'antd';
import { yearOptions } from '@portal/domain/format';
import { PublicPage } from '../home/PublicPage.tsx';
import { employerPagePath } from '../lookups/api.ts';
import { violationApi } from './api.ts';
import { showDate } from './shared.tsx';
import { money } from './ViolationsPage.tsx';

/** `/doanh-nghiep-vi-pham`: the published decisions on organisations that breached labour-safety law, for everyone. */
export default function PublicViolationsPage() {
  const { t } = useTranslation('businesses');
  const [keyWord, setKeyWord] = useState('');
  const [year, setYear] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const query = { pageNumber: page, pageSize: 10, keyWord, year };
  const list = useQuery({
    queryKey: ['businesses', 'public-violations', query],
    queryFn: ({ signal }) => violationApi.publicList(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PublicPage>
      <section className="public-container" style={{ padding: '24px 16px 48px' }}>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {t('violations.publicTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('violations.publicIntro')}</Typography.Paragraph>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('violations.publicSearch')}
            aria-label={t('actions.search')}
            onSearch={(v) => {
              setKeyWord(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 420 }}
          />
          <Select
            allowClear
            placeholder={t('violations.decisionYear')}
            value={year ?? undefined}
            onChange={(v: number | undefined) => {
              setYear(v ?? null);
              setPage(1);
            }}
            options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 140 }}
            aria-label={t('violations.decisionYear')}
          />
        </Flex>
        <Spin spinning={list.isFetching}>
          {list.data && list.data.pageLists.length === 0 ? (
            <Empty description={t('violations.publicEmpty')} />
          ) : (
            <List
              itemLayout="vertical"
              dataSource={list.data?.pageLists ?? []}
              renderItem={(v) => (
                <List.Item key={v.id} data-testid="public-violation">
                  <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
                    {v.businessId ? (
                      <Link to={employerPagePath(v.businessId)}>{v.organizationName}</Link>
                    ) : (
                      v.organizationName
                    )}
                  </Typography.Title>
                  <Flex gap={8} wrap style={{ marginBottom: 8 }}>
                    {v.taxCode && <Tag>{t('violations.taxCodeShort', { code: v.taxCode })}</Tag>}
                    {v.wardName && <Tag>{v.wardName}</Tag>}
                    {v.decisionNumber && (
                      <Tag color="red">
                        {t('violations.decisionShort', { number: v.decisionNumber, date: showDate(v.decisionDate) })}
                      </Tag>
                    )}
                  </Flex>
                  {v.address && (
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                      {v.address}
                    </Typography.Paragraph>
                  )}
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{v.violationContent}</Typography.Paragraph>
                  <Typography.Text>
                    {t('violations.fields.fineAmount')}: <strong>{money(v.fineAmount)}</strong>
                    {v.issuedBy ? ` · ${v.issuedBy}` : ''}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Spin>
        {(list.data?.totalRecord ?? 0) > 10 && (
          <Pagination
            style={{ marginTop: 16 }}
            current={page}
            pageSize={10}
            total={list.data?.totalRecord ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </section>
    </PublicPage>
  );
}
