import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { PublicPage } from '../home/index.ts';
import { lookupApi } from './api.ts';
import { LookupError, LookupFrame, retryServerErrors, showDate } from './shared.tsx';
import { displayMoney } from '../../platform/format.ts';

const money = (v: number | null) => (v == null ? '—' : displayMoney(v));

/**
 * `/chi-tiet-doanh-nghiep/{id}`: an active employer's public page — its identity as registered, the penalty
 * decisions the department published, and how many of its machines with strict safety requirements are in use and
 * overdue for inspection. Nothing about people.
 */
export default function EmployerPublicPage() {
  const { t } = useTranslation('businesses');
  const { id = '' } = useParams();
  const result = useQuery({
    queryKey: ['lookups', 'employer', id],
    queryFn: ({ signal }) => lookupApi.employer(id, signal),
    retry: retryServerErrors,
  });
  const b = result.data;
  return (
    <PublicPage>
      <LookupFrame title={b?.name ?? t('publicPage.title')}>
        {result.isLoading && <Skeleton active />}
        {result.isError && <LookupError error={result.error} notFound={t('publicPage.notFound')} />}
        {b && (
          <>
            <Descriptions
              bordered
              size="middle"
              column={1}
              data-testid="public-employer"
              items={[
                { key: 'tax', label: t('publicPage.fields.taxCode'), children: b.taxCode },
                { key: 'address', label: t('publicPage.fields.address'), children: b.address ?? '—' },
                { key: 'ward', label: t('publicPage.fields.ward'), children: b.wardName ?? '—' },
                { key: 'sector', label: t('publicPage.fields.sector'), children: b.sectorName ?? '—' },
                { key: 'type', label: t('publicPage.fields.type'), children: b.typeName ?? '—' },
                { key: 'founded', label: t('publicPage.fields.founded'), children: showDate(b.foundedOn) },
              ]}
            />
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 32 }}>
              {t('publicPage.machinesTitle')}
            </Typography.Title>
            <Row gutter={16}>
              <Col xs={24} sm={8}>
                <Card>
                  <Statistic title={t('publicPage.inUse')} value={b.machines.inUse} />
                </Card>
              </Col>
              <Col xs={24} sm={8}>
                <Card>
                  <Statistic
                    title={t('publicPage.overdue')}
                    value={b.machines.overdue}
                    valueStyle={b.machines.overdue ? { color: '#cf1322' } : undefined}
                  />
                </Card>
              </Col>
              <Col xs={24} sm={8}>
                <Card>
                  <Statistic title={t('publicPage.dueSoon')} value={b.machines.dueSoon} />
                </Card>
              </Col>
            </Row>
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 32 }}>
              {t('publicPage.violationsTitle')}
            </Typography.Title>
            {b.violations.length === 0 ? (
              <Empty description={t('publicPage.noViolations')} />
            ) : (
              <List
                itemLayout="vertical"
                dataSource={b.violations}
                renderItem={(v) => (
                  <List.Item key={v.id}>
                    {v.decisionNumber && (
                      <Tag color="red" style={{ marginBottom: 8 }}>
                        {t('violations.decisionShort', { number: v.decisionNumber, date: showDate(v.decisionDate) })}
                      </Tag>
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
          </>
        )}
      </LookupFrame>
    </PublicPage>
  );
}
