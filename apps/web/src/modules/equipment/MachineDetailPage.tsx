import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { can, useAccess } from '../../app/access.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { RecordFields } from '../../catalog/DetailPage.tsx';
import { errorMessage, routeTo, useCatalogAbility, useDeleteAction } from '../../catalog/ListPage.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { RecordShell, retryRecord } from '../../platform/record/index.ts';
import { equipmentApi, equipmentKeys, type MachineDeclaration } from './api.ts';
import { DeclarationStatusTag, declarationPath, LateTag, showDate, showTime } from './ui.tsx';

/** The machine's certificates, newest first, each opening its edit page; and the button to add one. */
function Certificates({ machine }: { machine: CatalogRecord }) {
  const { t } = useTranslation('equipment');
  const c = catalogByKey('equipmentInspection');
  const page = c.pages[0]!;
  const text = useCatalogText(c, page);
  const ability = useCatalogAbility(c);
  const navigate = useNavigate();
  const api = useMemo(() => catalogApi(c), [c]);
  const list = useQuery({
    queryKey: ['catalog', c.key, 'list', { equipmentId: machine.id, pageSize: 100 }],
    queryFn: ({ signal }) =>
      api.list({ equipmentId: machine.id, pageSize: 100, sortField: 'inspectionDate', sortOrder: 'desc' }, signal),
  });
  const create = page.routes.create
    ? `${page.routes.create}?${new URLSearchParams({
        equipmentId: machine.id,
        ...(typeof machine.businessId === 'string' ? { businessId: machine.businessId } : {}),
      }).toString()}`
    : null;
  return (
    <>
      {ability.create && create && (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(create)}>
            {t('pages.machine.addCertificate')}
          </Button>
        </Flex>
      )}
      <Table<CatalogRecord>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        loading={list.isFetching}
        pagination={false}
        dataSource={list.data?.pageLists ?? []}
        locale={{
          emptyText: list.isError
            ? errorMessage(list.error)
            : t(ability.create ? 'pages.machine.noCertificatesAdd' : 'pages.machine.noCertificates'),
        }}
        columns={[
          'certificateNumber',
          'kind',
          'inspectionDate',
          'result',
          'organizationId',
          'stampNumber',
          'dueDate',
        ].map((name) => ({
          title: text.label(name),
          key: name,
          ellipsis: true,
          render: (_v: unknown, r: CatalogRecord) => {
            const shown = text.display(name, r) || '—';
            if (name === 'certificateNumber' && ability.update && page.routes.edit)
              return <Link to={routeTo(page.routes.edit, r.id)!}>{shown}</Link>;
            if (name === 'result' && r.result)
              return <Tag color={r.result === 'pass' ? 'success' : 'error'}>{shown}</Tag>;
            return shown;
          },
        }))}
      />
    </>
  );
}

function Declarations({ declarations }: { declarations: MachineDeclaration[] }) {
  const { t } = useTranslation('equipment');
  const access = useAccess();
  const mayOpen = can(access, 'read', 'EquipmentDeclaration');
  return (
    <Table<MachineDeclaration>
      rowKey="id"
      size="small"
      tableLayout="fixed"
      pagination={false}
      dataSource={declarations}
      locale={{ emptyText: t('pages.machine.noDeclarations') }}
      columns={[
        {
          title: t('pages.fields.number'),
          key: 'number',
          render: (_v, r) => {
            const label = r.number ?? t('pages.declaration.noNumber');
            return mayOpen ? <Link to={declarationPath(r.id)}>{label}</Link> : label;
          },
        },
        { title: t('pages.fields.declaredOn'), key: 'declaredOn', render: (_v, r) => showDate(r.declaredOn) },
        { title: t('pages.fields.certificate'), dataIndex: 'certificateNumber', key: 'certificate', ellipsis: true },
        {
          title: t('pages.fields.status'),
          key: 'status',
          render: (_v, r) => (
            <Flex gap={4} wrap>
              <DeclarationStatusTag status={r.status} />
              <LateTag late={r.late} />
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** `/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi/chi-tiet/{id}`: a machine, its certificates, declarations, history. */
export default function MachineDetailPage() {
  const { t } = useTranslation('equipment');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const c = catalogByKey('equipment');
  const page = c.pages[0]!;
  const text = useCatalogText(c, page);
  const ability = useCatalogAbility(c);
  const api = useMemo(() => catalogApi(c), [c]);
  const back = () => navigate(EQUIPMENT_PATHS.register);
  const confirmDelete = useDeleteAction(c, api, text, back);
  const record = useQuery({
    queryKey: ['catalog', c.key, 'record', id],
    queryFn: ({ signal }) => api.get(id, signal),
    retry: retryRecord,
  });
  const history = useQuery({
    queryKey: equipmentKeys.history(id),
    queryFn: ({ signal }) => equipmentApi.machineHistory(id, signal),
    retry: false,
  });
  const events = history.data?.events ?? [];
  return (
    <RecordShell
      query={record}
      back={{ label: t('pages.actions.back'), onClick: back }}
      notFound={text.t('catalog:messages.notFound')}
      title={(data) => [data.code, data.name].filter(Boolean).join(' - ')}
      actions={(data) => (
        <>
          {ability.update && page.routes.edit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(routeTo(page.routes.edit, data.id)!)}>
              {t('pages.actions.edit')}
            </Button>
          )}
          {ability.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([data])}>
              {t('pages.actions.delete')}
            </Button>
          )}
        </>
      )}
    >
      {(data) => (
        <Tabs
          items={[
            {
              key: 'record',
              label: t('pages.machine.record'),
              children: <RecordFields c={c} page={page} text={text} data={data} />,
            },
            { key: 'certificates', label: t('pages.machine.certificates'), children: <Certificates machine={data} /> },
            {
              key: 'declarations',
              label: t('pages.machine.declarations'),
              children: history.isError ? (
                <Alert type="warning" showIcon message={errorMessage(history.error)} />
              ) : (
                <Declarations declarations={history.data?.declarations ?? []} />
              ),
            },
            {
              key: 'history',
              label: t('pages.history.title'),
              children: history.isError ? (
                <Alert type="warning" showIcon message={errorMessage(history.error)} />
              ) : events.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.history.empty')} />
              ) : (
                <Timeline
                  items={events.map((e, i) => ({
                    key: `${e.at}-${i}`,
                    children: (
                      <>
                        <Typography.Text strong>
                          {t(`pages.machineEvents.${e.action}`, { defaultValue: e.action })}
                        </Typography.Text>{' '}
                        <Typography.Text type="secondary">
                          {showTime(e.at)}
                          {e.actorName ? ` · ${e.actorName}` : ''}
                        </Typography.Text>
                      </>
                    ),
                  }))}
                />
              ),
            },
          ]}
        />
      )}
    </RecordShell>
  );
}
