import { useTranslation } from 'react-i18next';
import { Tabs, Tag } from 'antd';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../platform/list/index.tsx';
import { PublicTitledPage } from '../home/index.ts';
import { equipmentApi, type PublicInspector } from './api.ts';
import { showDate } from './ui.tsx';

type Kind = 'inspectors' | 'organizations';

/** One public list (inspectors or organisations): searchable, paged on the server; both keep their page in the address. */
function AccreditedList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('equipment');
  const { list, table, keyWord, setKeyWord } = useServerList({
    key: (q) => ['equipment', 'public', kind, q],
    fetch: (q, signal) => equipmentApi.publicInspectors(kind, q, signal),
    prefix: kind,
    sortable: [],
  });
  const columns: ListColumn<PublicInspector>[] = [
    {
      title: t(kind === 'inspectors' ? 'pages.public.inspectorName' : 'pages.public.organizationName'),
      key: 'name',
      minWidth: 200,
      render: (_v, r) => r.fullName ?? r.name ?? '—',
    },
    { title: t('pages.public.accreditation'), dataIndex: 'accreditationNumber', key: 'number', width: 170 },
    ...(kind === 'inspectors'
      ? [{ title: t('pages.public.organization'), dataIndex: 'organizationName', key: 'organization', minWidth: 200 }]
      : []),
    {
      title: t('pages.public.validity'),
      key: 'validity',
      width: 200,
      render: (_v, r) => `${showDate(r.validFrom)} – ${showDate(r.validTo)}`,
    },
    { title: t('pages.public.types'), dataIndex: 'equipmentTypes', key: 'types', width: 180 },
    {
      title: t('pages.fields.status'),
      key: 'valid',
      width: 130,
      ellipsis: false,
      render: (_v, r) => (
        <Tag color={r.valid ? 'success' : 'default'}>{t(r.valid ? 'pages.public.valid' : 'pages.public.notValid')}</Tag>
      ),
    },
  ];
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t(`pages.public.${kind}Search`)} width={420} />
      </div>
      <ServerTable<PublicInspector>
        {...table}
        list={{ ...list, error: list.isError ? t('pages.public.loadFailed') : null }}
        rowKey={(r, i) => `${r.accreditationNumber ?? ''}-${r.fullName ?? r.name ?? ''}-${i ?? 0}`}
        columns={columns}
        empty={t(`pages.public.${kind}Empty`)}
      />
    </>
  );
}

/** `/danh-sach-kiem-dinh-vien`: the accredited inspectors and inspection organisations, for everyone. */
export default function PublicInspectorsPage() {
  const { t } = useTranslation('equipment');
  return (
    <PublicTitledPage title={t('pages.routes.publicInspectors')} intro={t('pages.public.inspectorsIntro')}>
      <Tabs
        items={(['inspectors', 'organizations'] as const).map((kind) => ({
          key: kind,
          label: t(`pages.public.tabs.${kind}`),
          children: <AccreditedList kind={kind} />,
        }))}
      />
    </PublicTitledPage>
  );
}
