import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Typography, Upload } from 'antd';
import { SIGNED_DOCUMENT_MAX_UPLOAD, type CheckStatus } from '@portal/domain/signed-documents/index';
import { signedDocumentsApi, type CheckResult } from './api.ts';
import { showDateTime } from './shared.tsx';

const ALERT: Record<CheckStatus, 'success' | 'error' | 'warning'> = {
  intact: 'success',
  altered: 'error',
  modifiedAfterSigning: 'warning',
  invalid: 'error',
};

function Result({ r }: { r: CheckResult }) {
  const { t } = useTranslation('signedDocuments');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} aria-live="polite">
      <Alert type={ALERT[r.status]} showIcon message={t(`check.status.${r.status}`)} />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'signer', label: t('check.signer'), children: r.signer?.commonName ?? '' },
          { key: 'issuer', label: t('check.issuer'), children: r.signer?.issuer ?? '' },
          { key: 'signedAt', label: t('check.signedAt'), children: showDateTime(r.signedAt) },
          {
            key: 'trusted',
            label: t('check.trusted'),
            children: r.trusted ? t('check.trustedYes') : t('check.trustedNo'),
          },
          {
            key: 'issued',
            label: t('check.issued'),
            children: r.registered
              ? t('check.issuedYes', { kind: r.registered.kind, number: r.registered.number ?? '' })
              : t('check.issuedNo'),
          },
          { key: 'format', label: t('check.padesBaseline'), children: r.pades ? 'PAdES B-B' : (r.subFilter ?? '') },
          { key: 'count', label: t('check.signatures'), children: r.signatureCount },
          { key: 'sha', label: t('check.sha256'), children: <Typography.Text code>{r.sha256}</Typography.Text> },
        ]}
      />
    </Space>
  );
}

/**
 * `/tai-lieu-ky-so/danh-sach`: any signed-in user uploads a signed PDF and sees who signed it, when, whether it is
 * intact, trusted and issued by the portal. The file is checked on the server and never stored.
 */
export default function CheckSignedPage() {
  const { t } = useTranslation('signedDocuments');
  const run = useMutation({ mutationFn: (file: File) => signedDocumentsApi.check(file) });
  return (
    <Card title={t('check.title')} style={{ maxWidth: 960 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('check.intro')}</Typography.Paragraph>
        <Upload
          accept="application/pdf,.pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size <= SIGNED_DOCUMENT_MAX_UPLOAD) run.mutate(file);
            return false;
          }}
        >
          <Button type="primary" loading={run.isPending}>
            {t('check.choose')}
          </Button>
        </Upload>
        {run.error && <Alert type="error" showIcon message={run.error.message} role="alert" />}
        {run.data && <Result r={run.data} />}
      </Space>
    </Card>
  );
}
