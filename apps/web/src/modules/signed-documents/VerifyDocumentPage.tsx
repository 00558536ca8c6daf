import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Spin, Tag, Typography } from 'antd';
import { SIGNED_DOCUMENT_PATHS } from '@portal/domain/signed-documents/index';
import { PublicPage } from '../home/index.ts';
import { signedDocumentKeys, signedDocumentsApi } from './api.ts';
import { showDateTime } from './shared.tsx';

/**
 * `/xac-minh-tai-lieu/{code}`: the page a signed document's stamp (and QR) opens. Kind, number, time, signing agency
 * and the file's SHA-256 — never the people or employers the document is about.
 */
export default function VerifyDocumentPage() {
  const { t } = useTranslation('signedDocuments');
  const { code = '' } = useParams();
  const result = useQuery({
    queryKey: signedDocumentKeys.verify(code.toUpperCase()),
    queryFn: ({ signal }) => signedDocumentsApi.verify(code.toUpperCase(), signal),
    retry: false,
  });
  const d = result.data;
  return (
    <PublicPage>
      <Card title={t('verify.title')} style={{ maxWidth: 820, margin: '24px auto' }}>
        {result.isLoading && <Spin />}
        {result.isError && <Alert type="error" showIcon message={t('verify.notFound')} />}
        {d && (
          <>
            <Alert type="success" showIcon message={t('verify.valid')} style={{ marginBottom: 16 }} />
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                { key: 'kind', label: t('verify.kind'), children: d.kind },
                { key: 'number', label: t('verify.number'), children: d.number ?? '' },
                { key: 'signedAt', label: t('verify.signedAt'), children: showDateTime(d.signedAt) },
                {
                  key: 'signer',
                  label: t('verify.signer'),
                  children: (
                    <>
                      {d.signer} {d.testCertificate && <Tag color="warning">{t('certificate.test')}</Tag>}
                    </>
                  ),
                },
                { key: 'sha', label: t('verify.sha256'), children: <Typography.Text code>{d.sha256}</Typography.Text> },
                ...(d.recordUrl
                  ? [
                      {
                        key: 'record',
                        label: t('verify.record'),
                        children: <a href={d.recordUrl}>{d.recordUrl}</a>,
                      },
                    ]
                  : []),
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              {t('verify.hint')} <a href={SIGNED_DOCUMENT_PATHS.check}>{t('routes.check')}</a>
            </Typography.Paragraph>
          </>
        )}
      </Card>
    </PublicPage>
  );
}
