import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Table, Tabs, Tag, Typography } from 'antd';
import { PublicPage } from '../home/PublicPage.tsx';
import { equipmentApi, type PublicInspector } from './api.ts';
import { showDate } from './ui.tsx';

type Kind = 'inspectors' | 'organizations';

/** One public list (inspectors or organisations): searchable, paged on the server. */
function AccreditedList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('equipment');
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 20 });
  const query = { keyWord, ...page };
  const list = useQuery({
    queryKey: ['equipment', 'public', kind, query],
    queryFn: ({ signal }) => equipmentApi.publicInspectors(kind, query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t(`pages.public.${kind}Search`)}
        aria-label={t(`pages.public.${kind}Search`)}
        onSearch={(v) => {
          setKeyWord(v.trim());
          setPage((p) => ({ ...p, pageNumber: 1 }));
        }}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      <Table<PublicInspector>
        rowKey={(r, i) => `${r.accreditationNumber ?? ''}-${r.fullName ?? r.name ?? ''}-${i ?? 0}`}
        tableLayout="fixed"
        loading={list.isFetching}
        dataSource={list.data?.pageLists ?? []}
        locale={{
          emptyText: list.isError ? t('pages.public.loadFailed') : t(`pages.public.${kind}Empty`),
        }}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: list.data?.totalRecord ?? 0,
          showSizeChanger: true,
          onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
        }}
        columns={[
          {
            title: t(kind === 'inspectors' ? 'pages.public.inspectorName' : 'pages.public.organizationName'),
            key: 'name',
            ellipsis: true,
            render: (_v, r) => r.fullName ?? r.name ?? '—',
          },
          { title: t('pages.public.accreditation'), dataIndex: 'accreditationNumber', key: 'number', width: 170 },
          ...(kind === 'inspectors'
            ? [
                {
                  title: t('pages.public.organization'),
                  dataIndex: 'organizationName',
                  key: 'organization',
                  ellipsis: true,
                },
              ]
            : []),
          {
            title: t('pages.public.validity'),
            key: 'validity',
            width: 200,
            render: (_v, r) => `${showDate(r.validFrom)} – ${showDate(r.validTo)}`,
          },
          { title: t('pages.public.types'), dataIndex: 'equipmentTypes', key: 'types', ellipsis: true, width: 180 },
          {
            title: t('pages.fields.status'),
            key: 'valid',
            width: 130,
            render: (_v, r) => (
              <Tag color={r.valid ? 'success' : 'default'}>
                {t(r.valid ? 'pages.public.valid' : 'pages.public.notValid')}
              </Tag>
            ),
          },
        ]}
      />
    </>
  );
}

/** `/danh-sach-kiem-dinh-vien`: the accredited inspectors and inspection organisations, for everyone. */
export default function PublicInspectorsPage() {
  const { t } = useTranslation('equipment');
  return (
    <PublicPage>
      <section className="public-container" style={{ padding: '24px 16px 48px' }}>
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {t('pages.routes.publicInspectors')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('pages.public.inspectorsIntro')}</Typography.Paragraph>
        <Tabs
          items={(['inspectors', 'organizations'] as const).map((kind) => ({
            key: kind,
            label: t(`pages.public.tabs.${kind}`),
            children: <AccreditedList kind={kind} />,
          }))}
        />
      </section>
    </PublicPage>
  );
}
