import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, List, Pagination, Select, Spin, Tag, Typography } from 'antd';
import { formatDate } from '@portal/domain/format';
import {
  LEGAL_DOCUMENT_STATUSES,
  LEGAL_DOCUMENT_TYPES,
  type LegalDocumentStatus,
  type LegalDocumentType,
} from '@portal/domain/library/index';
import { PublicPage } from '../home/PublicPage.tsx';
import { libraryApi } from './api.ts';

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
  const [keyWord, setKeyWord] = useState('');
  const [type, setType] = useState<LegalDocumentType | undefined>();
  const [status, setStatus] = useState<LegalDocumentStatus | undefined>();
  const [page, setPage] = useState(1);
  const query = { pageNumber: page, pageSize: PAGE_SIZE, keyWord, type, status };
  const list = useQuery({
    queryKey: ['library', 'legal-documents', query],
    queryFn: ({ signal }) => libraryApi.legalDocuments(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PublicPage>
      <section className="public-container" style={{ padding: '24px 16px 48px' }}>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {t('routes.legalDocuments')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('legal.intro')}</Typography.Paragraph>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('legal.search')}
            aria-label={t('legal.search')}
            onSearch={(v) => {
              setKeyWord(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 420 }}
          />
          <Select
            allowClear
            placeholder={t('legal.type')}
            aria-label={t('legal.type')}
            value={type}
            onChange={(v: LegalDocumentType | undefined) => {
              setType(v);
              setPage(1);
            }}
            options={LEGAL_DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`areas.legalDocument.options.type.${v}`) }))}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('legal.status')}
            aria-label={t('legal.status')}
            value={status}
            onChange={(v: LegalDocumentStatus | undefined) => {
              setStatus(v);
              setPage(1);
            }}
            options={LEGAL_DOCUMENT_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
            style={{ width: 200 }}
          />
        </Flex>
        <Spin spinning={list.isFetching}>
          {list.data && list.data.pageLists.length === 0 ? (
            <Empty description={t('legal.empty')} />
          ) : (
            <List
              itemLayout="vertical"
              dataSource={list.data?.pageLists ?? []}
              renderItem={(d) => (
                <List.Item
                  key={d.id}
                  data-testid="legal-document"
                  extra={
                    d.file ? (
                      <a href={d.file.url} download={d.file.name}>
                        {t('legal.download')}
                      </a>
                    ) : null
                  }
                >
                  <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
                    {d.number} — {d.title}
                  </Typography.Title>
                  <Flex gap={8} wrap style={{ marginBottom: 8 }}>
                    <Tag color={STATUS_COLOR[d.status]}>{t(`status.${d.status}`)}</Tag>
                    <Tag>{t(`areas.legalDocument.options.type.${d.type}`)}</Tag>
                    {d.issuer && <Tag>{d.issuer}</Tag>}
                    {d.replacedBy && (
                      <Tag color="warning">{t('legal.replacedBy', { number: d.replacedBy.number })}</Tag>
                    )}
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
                </List.Item>
              )}
            />
          )}
        </Spin>
        {(list.data?.totalRecord ?? 0) > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16 }}
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.totalRecord ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </section>
    </PublicPage>
  );
}
