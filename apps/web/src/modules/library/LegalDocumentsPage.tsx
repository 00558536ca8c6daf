import { useTranslation } from 'react-i18next';
import { Flex, Tag, Typography } from 'antd';
import { formatDate } from '@portal/domain/format';
import { LEGAL_DOCUMENT_STATUSES, LEGAL_DOCUMENT_TYPES, type LegalDocumentStatus } from '@portal/domain/library/index';
import { PublicTitledPage, PublicSearchList } from '../home/index.ts';
import { libraryApi, type PublicLegalDocument } from './api.ts';

const STATUS_COLOR: Record<LegalDocumentStatus, string> = {
  inForce: 'success',
  notYetInForce: 'processing',
  expired: 'default',
  replaced: 'warning',
};

const PAGE_SIZE = 10;

/** `/tai-lieu`: the legal documents for everyone, with their status today and their files when public. */
export default function LegalDocumentsPage() {
  const { t } = useTranslation('library');
  return (
    <PublicTitledPage title={t('routes.legalDocuments')} intro={t('legal.intro')}>
      <PublicSearchList<PublicLegalDocument>
        queryKey={['library', 'legal-documents']}
        fetchPage={libraryApi.legalDocuments}
        searchLabel={t('legal.search')}
        filters={[
          {
            name: 'type',
            label: t('legal.type'),
            options: LEGAL_DOCUMENT_TYPES.map((v) => ({
              value: v,
              label: t(`areas.legalDocument.options.type.${v}`),
            })),
            width: 220,
          },
          {
            name: 'status',
            label: t('legal.status'),
            options: LEGAL_DOCUMENT_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
            width: 200,
          },
        ]}
        pageSize={PAGE_SIZE}
        texts={{ empty: t('legal.empty') }}
        itemTestId="legal-document"
        rowKey={(d) => d.id}
        extra={(d) =>
          d.file ? (
            <a href={d.file.url} download={d.file.name}>
              {t('legal.download')}
            </a>
          ) : null
        }
        renderItem={(d) => (
          <>
            <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
              {d.number} — {d.title}
            </Typography.Title>
            <Flex gap={8} wrap style={{ marginBottom: 8 }}>
              <Tag color={STATUS_COLOR[d.status]}>{t(`status.${d.status}`)}</Tag>
              <Tag>{t(`areas.legalDocument.options.type.${d.type}`)}</Tag>
              {d.issuer && <Tag>{d.issuer}</Tag>}
              {d.replacedBy && <Tag color="warning">{t('legal.replacedBy', { number: d.replacedBy.number })}</Tag>}
            </Flex>
            <Typography.Text type="secondary">
              {[
                d.signedDate && t('legal.signed', { date: formatDate(d.signedDate) }),
                d.inForceDate && t('legal.inForce', { date: formatDate(d.inForceDate) }),
                d.expiryDate && t('legal.expires', { date: formatDate(d.expiryDate) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            {d.summary && <Typography.Paragraph style={{ marginTop: 4 }}>{d.summary}</Typography.Paragraph>}
          </>
        )}
      />
    </PublicTitledPage>
  );
}
