import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Flex, Skeleton, Typography } from 'antd';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { ApiError } from '../../app/api-client.ts';
import { PublicTitledPage } from '../home/index.ts';
import { employerPagePath, retryServerErrors } from '../lookups/index.ts';
import { equipmentApi } from './api.ts';
import { DueBadge, errorText, showDate } from './ui.tsx';

/**
 * `/tra-cuu-thiet-bi/{code}`: the page a QR code on a machine or on its declaration's confirmation opens. It says
 * first, in green or red, whether the machine is within its inspection period; then its type, employer, last
 * inspection, valid-until date and declaration number. No personal data.
 */
export default function PublicMachinePage() {
  const { t } = useTranslation('equipment');
  const { code = '' } = useParams();
  const result = useQuery({
    queryKey: ['equipment', 'public-machine', code],
    queryFn: ({ signal }) => equipmentApi.publicMachine(code, signal),
    retry: retryServerErrors,
  });
  const items = result.data?.items ?? [];
  return (
    <PublicTitledPage
      narrow
      // One machine: its own code, the one its card shows (the address may hold its QR look-up code).
      title={t('pages.public.machineTitle', { code: items.length === 1 ? items[0]!.code : code })}
    >
      {result.isLoading && <Skeleton active />}
      {result.isError &&
        (result.error instanceof ApiError && result.error.status === 404 ? (
          <Empty description={t('pages.public.machineNotFound')} />
        ) : (
          <Alert type="error" showIcon message={errorText(result.error)} />
        ))}
      {result.data && items.length === 0 && <Empty description={t('pages.public.machineNotFound')} />}
      <Flex vertical gap={16}>
        {items.map((m) => (
          <Card key={m.code} data-testid="public-machine">
            <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
              <DueBadge state={m.dueState} />
              {m.validUntil && (
                <Typography.Text>{t('pages.public.validUntilText', { date: showDate(m.validUntil) })}</Typography.Text>
              )}
            </Flex>
            <Descriptions
              bordered
              size="middle"
              column={1}
              items={[
                { key: 'code', label: t('pages.public.code'), children: m.code },
                { key: 'type', label: t('pages.fields.type'), children: m.typeName ?? '—' },
                {
                  key: 'business',
                  label: t('pages.fields.business'),
                  children: m.businessId ? (
                    <Link to={employerPagePath(m.businessId)}>{m.businessName ?? '—'}</Link>
                  ) : (
                    (m.businessName ?? '—')
                  ),
                },
                {
                  key: 'last',
                  label: t('pages.public.lastInspection'),
                  children: showDate(m.lastInspectionDate),
                },
                { key: 'until', label: t('pages.public.validUntil'), children: showDate(m.validUntil) },
                {
                  key: 'status',
                  label: t('pages.public.useStatus'),
                  children: m.status
                    ? t(`areas.equipment.options.status.${m.status}`, { defaultValue: m.status })
                    : '—',
                },
                {
                  key: 'declaration',
                  label: t('pages.fields.declarationNumber'),
                  children: m.declarationNumber ?? '—',
                },
              ]}
            />
          </Card>
        ))}
      </Flex>
      <Typography.Paragraph style={{ marginTop: 24 }}>
        <Link to={EQUIPMENT_PATHS.publicLookup}>{t('pages.public.lookupAnother')}</Link>
      </Typography.Paragraph>
    </PublicTitledPage>
  );
}
