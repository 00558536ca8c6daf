import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, Segmented, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { PublicPage } from '../home/index.ts';
import { employerPagePath, lookupApi } from './api.ts';
import { isoDate, LookupError, LookupFrame, retryServerErrors, showDate } from './shared.tsx';

type Query = { citizenId: string; birthDate: string } | { passportNumber: string; birthDate: string };

/**
 * `/tra-cuu-nguoi-lao-dong`: a worker (or someone they show their papers to) checks that an employer declared them,
 * by the citizen ID or passport number with the birth date. It confirms only: the employer, since when and, for a
 * foreigner, whether a work permit is in force — no name, occupation or health data. Nothing goes in the address;
 * the identifier is shown masked.
 */
export default function WorkerLookupPage() {
  const { t } = useTranslation('workers');
  const [mode, setMode] = useState<'citizenId' | 'passport'>('citizenId');
  const [query, setQuery] = useState<Query | null>(null);
  const result = useQuery({
    queryKey: ['lookups', 'worker', query],
    queryFn: ({ signal }) => lookupApi.worker(query!, signal),
    enabled: query !== null,
    retry: retryServerErrors,
  });
  const required = { required: true, message: t('publicLookup.required') };
  const w = query ? result.data : undefined;
  return (
    <PublicPage>
      <LookupFrame title={t('publicLookup.title')} intro={t('publicLookup.intro')} privacy={t('publicLookup.privacy')}>
        <Segmented
          value={mode}
          onChange={(v) => {
            setMode(v as 'citizenId' | 'passport');
            setQuery(null);
          }}
          options={[
            { value: 'citizenId', label: t('publicLookup.byCitizenId') },
            { value: 'passport', label: t('publicLookup.byPassport') },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Form
          key={mode}
          layout="inline"
          onFinish={(v: { identifier: string; birthDate: Dayjs }) => {
            const birthDate = isoDate(v.birthDate);
            const id = v.identifier.trim();
            setQuery(mode === 'citizenId' ? { citizenId: id, birthDate } : { passportNumber: id, birthDate });
          }}
          style={{ marginBottom: 24, rowGap: 8 }}
        >
          {mode === 'citizenId' ? (
            <Form.Item
              name="identifier"
              label={t('publicLookup.citizenId')}
              rules={[required, { pattern: /^\s*\d{12}\s*$/, message: t('publicLookup.citizenIdInvalid') }]}
            >
              <Input inputMode="numeric" maxLength={14} style={{ width: 180 }} autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item
              name="identifier"
              label={t('publicLookup.passportNumber')}
              rules={[required, { pattern: /^\s*[A-Za-z0-9]{5,20}\s*$/, message: t('publicLookup.passportInvalid') }]}
            >
              <Input style={{ width: 180 }} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="birthDate" label={t('publicLookup.birthDate')} rules={[required]}>
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('publicLookup.search')}
          </Button>
        </Form>
        {query && result.isError && <LookupError error={result.error} notFound={t('publicLookup.notFound')} />}
        <Spin spinning={query !== null && result.isFetching}>
          {w && (
            <Card data-testid="public-worker">
              <Descriptions
                bordered
                size="middle"
                column={1}
                items={[
                  { key: 'identifier', label: t('publicLookup.fields.identifier'), children: w.identifierMasked },
                  {
                    key: 'employer',
                    label: t('publicLookup.fields.employer'),
                    children: w.businessId ? (
                      <Link to={employerPagePath(w.businessId)}>{w.employerName}</Link>
                    ) : (
                      w.employerName
                    ),
                  },
                  {
                    key: 'since',
                    label: t('publicLookup.fields.workingSince'),
                    children: showDate(w.workingSince),
                  },
                  ...(w.validWorkPermit === null
                    ? []
                    : [
                        {
                          key: 'permit',
                          label: t('publicLookup.fields.workPermit'),
                          children: (
                            <Tag color={w.validWorkPermit ? 'success' : 'error'}>
                              {t(w.validWorkPermit ? 'publicLookup.permitValid' : 'publicLookup.permitNone')}
                            </Tag>
                          ),
                        },
                      ]),
                ]}
              />
            </Card>
          )}
        </Spin>
      </LookupFrame>
    </PublicPage>
  );
}
