import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flex, Tag, Typography } from 'antd';
import { yearOptions } from '@portal/domain/format';
import { PublicTitledPage, PublicSearchList } from '../home/index.ts';
import { employerPagePath } from '../lookups/index.ts';
import type { PublicViolation } from '@portal/domain/businesses/model';
import { violationApi } from './api.ts';
import { showDate } from './shared.tsx';
import { money } from './ViolationsPage.tsx';

/** `/doanh-nghiep-vi-pham`: the published decisions on organisations that breached labour-safety law, for everyone. */
export default function PublicViolationsPage() {
  const { t } = useTranslation('businesses');
  return (
    <PublicTitledPage title={t('violations.publicTitle')} intro={t('violations.publicIntro')}>
      <PublicSearchList<PublicViolation>
        queryKey={['businesses', 'public-violations']}
        fetchPage={violationApi.publicList}
        searchLabel={t('violations.publicSearch')}
        filters={[
          {
            name: 'year',
            label: t('violations.decisionYear'),
            options: yearOptions().map((y) => ({ value: y, label: String(y) })),
            width: 140,
          },
        ]}
        texts={{ empty: t('violations.publicEmpty') }}
        itemTestId="public-violation"
        rowKey={(v) => v.id}
        renderItem={(v) => (
          <>
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
          </>
        )}
      />
    </PublicTitledPage>
  );
}
