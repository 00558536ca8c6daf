import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Flex, Form, Input, Segmented, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { PERMIT_NUMBER_PATTERN } from '@portal/domain/permits/rules';
import { PublicPage } from '../home/index.ts';
import { lookupApi, type PublicPermitStatus } from './api.ts';
import { isoDate, LookupError, LookupFrame, retryServerErrors, showDate } from './shared.tsx';

const STATUS_COLORS: Record<PublicPermitStatus, string> = {
  valid: 'success',
  notYetValid: 'processing',
  expired: 'error',
  revoked: 'error',
};

type Query = { number: string } | { passportNumber: string; birthDate: string };

/**
 * `/tra-cuu-giay-phep`: anyone checks a work permit or confirmation by its exact number, or by the passport number
 * with the worker's birth date. It shows what the permit shows (number, kind, status, validity, employer, job,
 * the worker's name and nationality, a masked passport), nothing more. The number goes in the address (`?so=`),
 * so a result can be shared; a passport and birth date never do.
 */
export default function PermitLookupPage() {
  const { t } = useTranslation(['permits', 'workers']);
  const [params, setParams] = useSearchParams();
  const number = params.get('so') ?? '';
  const [mode, setMode] = useState<'number' | 'passport'>('number');
  const [byPassport, setByPassport] = useState<{ passportNumber: string; birthDate: string } | null>(null);
  const query: Query | null = mode === 'number' ? (number ? { number } : null) : byPassport;
  const result = useQuery({
    queryKey: ['lookups', 'permit', query],
    queryFn: ({ signal }) => lookupApi.permit(query!, signal),
    enabled: query !== null,
    retry: retryServerErrors,
  });
  const required = { required: true, message: t('publicLookup.required') };
  return (
    <PublicPage>
      <LookupFrame title={t('publicLookup.title')} intro={t('publicLookup.intro')} privacy={t('publicLookup.privacy')}>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'number' | 'passport')}
          options={[
            { value: 'number', label: t('publicLookup.byNumber') },
            { value: 'passport', label: t('publicLookup.byPassport') },
          ]}
          style={{ marginBottom: 16 }}
        />
        {mode === 'number' ? (
          <Form
            key={`number-${number}`}
            layout="inline"
            initialValues={{ number }}
            onFinish={(v: { number: string }) => setParams({ so: v.number.trim() }, { replace: true })}
            style={{ marginBottom: 24, rowGap: 8 }}
          >
            <Form.Item
              name="number"
              label={t('publicLookup.number')}
              rules={[
                required,
                {
                  validator: (_r, v: string | undefined) =>
                    !v || PERMIT_NUMBER_PATTERN.test(v.trim().normalize('NFC').toUpperCase())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('publicLookup.numberInvalid'))),
                },
              ]}
            >
              <Input
                placeholder={t('publicLookup.numberPlaceholder')}
                style={{ width: 260 }}
                data-testid="permit-number"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('publicLookup.search')}
            </Button>
          </Form>
        ) : (
          <Form
            layout="inline"
            onFinish={(v: { passportNumber: string; birthDate: Dayjs }) =>
              setByPassport({ passportNumber: v.passportNumber.trim(), birthDate: isoDate(v.birthDate) })
            }
            style={{ marginBottom: 24, rowGap: 8 }}
          >
            <Form.Item
              name="passportNumber"
              label={t('publicLookup.passportNumber')}
              rules={[required, { pattern: /^\s*[A-Za-z0-9]{5,20}\s*$/, message: t('publicLookup.passportInvalid') }]}
            >
              <Input style={{ width: 180 }} autoComplete="off" />
            </Form.Item>
            <Form.Item name="birthDate" label={t('publicLookup.birthDate')} rules={[required]}>
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('publicLookup.search')}
            </Button>
          </Form>
        )}
        {query && result.isError && <LookupError error={result.error} notFound={t('publicLookup.notFound')} />}
        <Spin spinning={query !== null && result.isFetching}>
          <Flex vertical gap={16}>
            {query &&
              result.data?.items.map((p) => (
                <Card key={p.number} data-testid="public-permit">
                  <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
                    <Tag color={STATUS_COLORS[p.status]} style={{ fontSize: 15, padding: '4px 10px' }}>
                      {t(`publicLookup.statuses.${p.status}`)}
                    </Tag>
                  </Flex>
                  <Descriptions
                    bordered
                    size="middle"
                    column={1}
                    items={[
                      { key: 'number', label: t('publicLookup.fields.number'), children: p.number },
                      { key: 'kind', label: t('publicLookup.fields.kind'), children: t(`kinds.${p.kind}`) },
                      {
                        key: 'validity',
                        label: t('publicLookup.fields.validity'),
                        children: t('publicLookup.validityText', {
                          from: showDate(p.validFrom),
                          to: showDate(p.validTo),
                        }),
                      },
                      { key: 'worker', label: t('publicLookup.fields.worker'), children: p.workerName },
                      {
                        key: 'nationality',
                        label: t('publicLookup.fields.nationality'),
                        children: p.nationality
                          ? t(`workers:countries.${p.nationality}`, { defaultValue: p.nationality })
                          : '—',
                      },
                      { key: 'passport', label: t('publicLookup.fields.passport'), children: p.passportMasked ?? '—' },
                      { key: 'employer', label: t('publicLookup.fields.employer'), children: p.employerName },
                      { key: 'jobTitle', label: t('publicLookup.fields.jobTitle'), children: p.jobTitle ?? '—' },
                      {
                        key: 'position',
                        label: t('publicLookup.fields.position'),
                        children: p.position ? t(`positions.${p.position}`, { defaultValue: p.position }) : '—',
                      },
                    ]}
                  />
                </Card>
              ))}
          </Flex>
        </Spin>
      </LookupFrame>
    </PublicPage>
  );
}
