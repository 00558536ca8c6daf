import { useTranslation } from 'react-i18next';
import { Flex, Tag, Typography } from 'antd';
import { PublicTitledPage, PublicSearchList } from '../../home/index.ts';
import { organizationsApi, showDate, type PublicClassAEmployer } from './api.ts';

/**
 * `/danh-sach-cac-doanh-nghiep-da-tu-cong-bo-du-dieu-kien-huan-luyen-hang-A`: the employers whose class A
 * self-declaration the department acknowledged, for everyone (the organisation and the acknowledgement only).
 */
export default function PublicClassAPage() {
  const { t } = useTranslation('training');
  return (
    <PublicTitledPage title={t('publicClassA.title')} intro={t('publicClassA.intro')}>
      <PublicSearchList<PublicClassAEmployer>
        queryKey={['training', 'public-class-a']}
        fetchPage={organizationsApi.publicClassA}
        searchLabel={t('publicClassA.search')}
        texts={{
          empty: t('publicClassA.empty'),
          noResult: t('publicClassA.noResult'),
          loadFailed: t('publicClassA.loadFailed'),
        }}
        itemTestId="public-class-a"
        rowKey={(e) => e.number}
        renderItem={(e) => (
          <>
            <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
              {e.name}
            </Typography.Title>
            <Flex gap={8} wrap style={{ marginBottom: 8 }}>
              <Tag>
                {t('publicClassA.taxCode')}: {e.taxCode}
              </Tag>
              {e.wardName && <Tag>{e.wardName}</Tag>}
              <Tag color="green">
                {t('publicClassA.number')}: {e.number} · {t('publicClassA.acknowledgedOn')}:{' '}
                {showDate(e.acknowledgedOn)}
              </Tag>
            </Flex>
            {e.address && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t('publicClassA.address')}: {e.address}
              </Typography.Paragraph>
            )}
          </>
        )}
      />
    </PublicTitledPage>
  );
}
