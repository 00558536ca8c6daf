import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Flex, Form, Input, Segmented, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { PERMIT_NUMBER_PATTERN } from '@portal/domain/permits/rules';
import { PublicPage } from '../home/index.ts';
import { lookupApi, type PermitQuery, type PublicPermitStatus } from './api.ts';
import { isoDate, LookupError, LookupFrame, retryServerErrors, showDate } from './shared.tsx';

const STATUS_COLORS: Record<PublicPermitStatus, string> = {
  valid: 'success',
  notYetValid: 'processing',
  expired: 'error',
  revoked: 'error',
};

type Factor = 'passport' | 'birthDate';

interface FormValues {
  number: string;
  passportNumber?: string;
  birthDate?: Dayjs;
}

/**
 * `/tra-cuu-giay-phep`: anyone holding a work permit or confirmation confirms it by its exact number together with a
 * factor only the holder has (the passport number or the worker's birth date), so numbers cannot be listed one by
 * one. The answer confirms and no more: in force or not, from and until when, for which employer — never the
 * worker's name, nationality or passport. The number may come in the address (`?so=`) to fill the form; the second
 * factor never goes there.
 */
export default function PermitLookupPage() {
  const { t } = useTranslation('permits');
  const [params, setParams] = useSearchParams();
  const number = params.get('so') ?? '';
  const [factor, setFactor] = useState<Factor>('passport');
  const [query, setQuery] = useState<PermitQuery | null>(null);
  const result = useQuery({
    queryKey: ['lookups', 'permit', query],
    queryFn: ({ signal }) => lookupApi.permit(query!, signal),
    enabled: query !== null,
    retry: retryServerErrors,
  });
  const required = { required: true, message: t('publicLookup.required') };
  const p = query ? result.data : undefined;
  return (
    <PublicPage>
      <LookupFrame title={t('publicLookup.title')} intro={t('publicLookup.intro')} privacy={t('publicLookup.privacy')}>
        <Form
          key={`number-${number}`}
          layout="vertical"
          initialValues={{ number }}
          onFinish={(v: FormValues) => {
            const n = v.number.trim();
            setParams({ so: n }, { replace: true });
            setQuery(
              factor === 'passport'
                ? { number: n, passportNumber: (v.passportNumber ?? '').trim() }
                : { number: n, birthDate: isoDate(v.birthDate!) },
            );
          }}
          style={{ marginBottom: 24, maxWidth: 420 }}
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
            <Input placeholder={t('publicLookup.numberPlaceholder')} data-testid="permit-number" />
          </Form.Item>
          <Form.Item label={t('publicLookup.factor')}>
            <Segmented
              value={factor}
              onChange={(v) => {
                setFactor(v as Factor);
                setQuery(null);
              }}
              options={[
                { value: 'passport', label: t('publicLookup.byPassport') },
                { value: 'birthDate', label: t('publicLookup.byBirthDate') },
              ]}
            />
          </Form.Item>
          {factor === 'passport' ? (
            <Form.Item
              name="passportNumber"
              label={t('publicLookup.passportNumber')}
              rules={[required, { pattern: /^\s*[A-Za-z0-9]{5,20}\s*$/, message: t('publicLookup.passportInvalid') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item name="birthDate" label={t('publicLookup.birthDate')} rules={[required]}>
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit">
            {t('publicLookup.search')}
          </Button>
        </Form>
        {query && result.isError && <LookupError error={result.error} notFound={t('publicLookup.notFound')} />}
        <Spin spinning={query !== null && result.isFetching}>
          {p && (
            <Card data-testid="public-permit">
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
                    children: t('publicLookup.validityText', { from: showDate(p.validFrom), to: showDate(p.validTo) }),
                  },
                  { key: 'employer', label: t('publicLookup.fields.employer'), children: p.employerName },
                ]}
              />
            </Card>
          )}
        </Spin>
      </LookupFrame>
    </PublicPage>
  );
}
