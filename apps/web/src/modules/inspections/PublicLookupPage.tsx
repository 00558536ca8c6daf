import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Pagination, Spin, Tag, Typography } from 'antd';
import { PublicPage } from '../home/index.ts';
import { employerPagePath, LookupError, LookupFrame, retryServerErrors } from '../lookups/index.ts';
import { inspectionApi, inspectionKeys } from './api.ts';
import { money, RequirementTag, showDate } from './ui.tsx';

/**
 * `/tra-cuu-thong-tin-thanh-tra-kiem-tra`: anyone finds an employer by its name or tax code (accents ignored) and
 * reads its concluded inspections — when, what kind, the conclusion, the provisions breached with the fines, and
 * whether each requirement was met. No person's name and no file is ever part of the answer.
 */
export default function PublicLookupPage() {
  const { t } = useTranslation('inspections');
  const [keyWord, setKeyWord] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: inspectionKeys.lookup(keyWord ?? '', page),
    queryFn: ({ signal }) => inspectionApi.lookup(keyWord!, page, signal),
    enabled: keyWord !== null,
    retry: retryServerErrors,
    placeholderData: keepPreviousData,
  });
  const data = keyWord ? result.data : undefined;
  return (
    <PublicPage>
      <LookupFrame title={t('routes.publicLookup')} intro={t('public.intro')}>
        <Form
          layout="inline"
          onFinish={(v: { keyWord: string }) => {
            setPage(1);
            setKeyWord(v.keyWord.trim());
          }}
          style={{ marginBottom: 24, rowGap: 8 }}
        >
          <Form.Item
            name="keyWord"
            rules={[{ required: true, whitespace: true, min: 2, message: t('public.hint') }]}
            extra={t('public.hint')}
          >
            <Input
              placeholder={t('public.placeholder')}
              aria-label={t('public.placeholder')}
              style={{ width: 360, maxWidth: '100%' }}
              autoComplete="off"
              data-testid="inspection-lookup-input"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('public.search')}
          </Button>
        </Form>
        {keyWord && result.isError && <LookupError error={result.error} notFound={t('public.none')} />}
        {keyWord && result.isLoading && <Spin />}
        {data && data.pageLists.length === 0 && <Empty description={t('public.none')} />}
        {data && data.pageLists.length > 0 && (
          <Flex vertical gap={16} data-testid="inspection-lookup-results">
            <Typography.Text type="secondary">{t('public.count', { count: data.totalRecord })}</Typography.Text>
            {data.pageLists.map((e) => (
              <Card
                key={`${e.taxCode}-${e.businessName}`}
                size="small"
                title={
                  <Flex gap={8} wrap align="center">
                    <span>{e.businessName}</span>
                    <Typography.Text type="secondary">
                      {t('fields.taxCode')}: {e.taxCode}
                    </Typography.Text>
                  </Flex>
                }
                extra={
                  e.businessId ? <Link to={employerPagePath(e.businessId)}>{t('public.employerPage')}</Link> : null
                }
              >
                <Flex vertical gap={12}>
                  {e.inspections.map((i, n) => (
                    <div
                      key={n}
                      style={{ borderTop: n ? '1px solid rgba(0,0,0,0.06)' : undefined, paddingTop: n ? 12 : 0 }}
                    >
                      <Flex gap={8} wrap align="center">
                        <strong>{t(`kinds.${i.kind}`)}</strong>
                        <Tag>{t(`topics.${i.topic}`)}</Tag>
                        <span>
                          {t('public.inspectedOn')}: {showDate(i.inspectedOn)}
                        </span>
                        <Tag color={i.status === 'closed' ? 'success' : 'warning'}>{t(`statuses.${i.status}`)}</Tag>
                      </Flex>
                      {i.conclusionNumber && (
                        <Typography.Paragraph style={{ margin: '6px 0' }}>
                          <em>
                            {t('public.conclusion', { number: i.conclusionNumber, date: showDate(i.conclusionDate) })}
                          </em>
                          {i.conclusionSummary ? `: ${i.conclusionSummary}` : ''}
                        </Typography.Paragraph>
                      )}
                      <div>
                        <strong>{t('fields.violations')}:</strong>{' '}
                        {i.violations.length ? (
                          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                            {i.violations.map((v, k) => (
                              <li key={k}>
                                {v.legalProvision} —{' '}
                                {v.fineAmount ? t('public.fine', { amount: money(v.fineAmount) }) : t('public.noFine')}
                              </li>
                            ))}
                          </ul>
                        ) : (
                          t('public.noViolation')
                        )}
                      </div>
                      {i.requirements.length > 0 && (
                        <div style={{ marginTop: 6 }}>
                          <strong>{t('fields.requirements')}:</strong>
                          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                            {i.requirements.map((r, k) => (
                              <li key={k}>
                                {r.content} ({t('fields.deadline')}: {showDate(r.deadline)}){' '}
                                <RequirementTag status={r.status} />
                              </li>
                            ))}
                          </ul>
                        </div>
                      )}
                    </div>
                  ))}
                </Flex>
              </Card>
            ))}
            {data.totalRecord > 10 && (
              <Pagination
                current={page}
                pageSize={10}
                total={data.totalRecord}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </Flex>
        )}
      </LookupFrame>
    </PublicPage>
  );
}
