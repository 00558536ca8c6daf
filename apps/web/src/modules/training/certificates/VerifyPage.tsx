import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Flex, Input, Skeleton, Typography } from 'antd';
import { TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import { ApiError } from '../../../app/api-client.ts';
import { isUuid } from '../../../app/route-types.ts';
import { PublicTitledPage } from '../../home/index.ts';
import { retryServerErrors } from '../../lookups/index.ts';
import { certificateKeys, certificatesApi } from './api.ts';
import { showDate, VerifyStatusTag } from './ui.tsx';

/**
 * `/tra-cuu-chung-nhan-huan-luyen`: anyone checks a training credential by its number (kept in the address, so a
 * result can be shared); `/tra-cuu-chung-nhan-huan-luyen/{id}` is the page a printed credential's QR opens (a number
 * typed there works too). It says first whether the credential is valid, expired, revoked or replaced, then the
 * name, group, kind, issuer and dates: no birth date, identifier or address.
 */
export default function VerifyPage() {
  const { t } = useTranslation('training');
  const { key } = useParams();
  const [params, setParams] = useSearchParams();
  const fromQr = key !== undefined;
  const number = fromQr ? (isUuid(key) ? '' : key) : (params.get('so') ?? '').trim();
  const byId = fromQr && isUuid(key);
  const lookupKey = byId ? key : number;
  const result = useQuery({
    queryKey: certificateKeys.verify(lookupKey),
    queryFn: ({ signal }) =>
      byId ? certificatesApi.verifyById(lookupKey, signal) : certificatesApi.verifyByNumber(lookupKey, signal),
    enabled: lookupKey.length > 0,
    retry: retryServerErrors,
  });
  const c = result.data;
  const notFound = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400);
  return (
    <PublicTitledPage
      narrow
      title={t(fromQr ? 'verify.credentialTitle' : 'verify.title')}
      intro={!fromQr && t('verify.intro')}
    >
      {!fromQr && (
        <Input.Search
          key={number}
          defaultValue={number}
          allowClear
          enterButton={t('verify.search')}
          size="large"
          placeholder={t('verify.placeholder')}
          aria-label={t('verify.placeholder')}
          onSearch={(v) => setParams(v.trim() ? { so: v.trim() } : {}, { replace: true })}
          style={{ maxWidth: 560, marginBottom: 24 }}
          data-testid="credential-lookup"
        />
      )}
      {!lookupKey && <Empty description={t('verify.hint')} />}
      {lookupKey && result.isLoading && <Skeleton active />}
      {lookupKey &&
        result.isError &&
        (notFound ? (
          <Empty description={byId ? t('verify.notFoundCode') : t('verify.notFound', { number })} />
        ) : (
          <Alert type="error" showIcon message={result.error.message} />
        ))}
      {c && (
        <Card data-testid="verified-credential">
          <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
            <VerifyStatusTag status={c.status} />
          </Flex>
          <Descriptions
            bordered
            size="middle"
            column={1}
            items={[
              { key: 'number', label: t('verify.fields.number'), children: c.number },
              { key: 'name', label: t('verify.fields.fullName'), children: c.fullName },
              { key: 'group', label: t('verify.fields.group'), children: c.group || '—' },
              { key: 'kind', label: t('verify.fields.credential'), children: t(`credentials.${c.credential}`) },
              { key: 'issuer', label: t('verify.fields.issuer'), children: c.issuer ?? '—' },
              { key: 'issuedOn', label: t('verify.fields.issuedOn'), children: showDate(c.issuedOn) },
              {
                key: 'validUntil',
                label: t('verify.fields.validUntil'),
                children: c.validUntil ? showDate(c.validUntil) : t('verify.noLimit'),
              },
            ]}
          />
        </Card>
      )}
      {fromQr && (
        <Typography.Paragraph style={{ marginTop: 24 }}>
          <Link to={TRAINING_CERTIFICATE_PATHS.publicLookup}>{t('verify.another')}</Link>
        </Typography.Paragraph>
      )}
    </PublicTitledPage>
  );
}
