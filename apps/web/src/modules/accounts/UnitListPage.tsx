import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Modal, Row, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { listQuery, type Page, type UnitItem } from './api.ts';
import {
  LocalUnitSelect,
  UnitSelect,
  applyServerErrors,
  errorText,
  useAccountsText,
  useUnitKindOptions,
} from './common.tsx';
import './accounts.css';
import {
  RowActions,
  SearchBox,
  type ListColumn,
  ServerTable,
  TrashButton,
  useServerList,
} from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';

const CREATABLE = ['department', 'district', 'service_centre', 'training_body'] as const;
const FIELDS = [
  'kind',
  'code',
  'name',
  'parentId',
  'localUnitCode',
  'address',
  'phone',
  'email',
  'description',
] as const;

function UnitDialog({ unit, onClose }: { unit: UnitItem | 'new'; onClose: (saved: boolean) => void }) {
  const { t } = useAccountsText();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const creating = unit === 'new';
  const kind = Form.useWatch('kind', form) ?? (creating ? undefined : unit.kind);
  const employer = kind === 'employer';
  const kinds = useUnitKindOptions(CREATABLE);
  const submit = async (v: Record<string, string | undefined>) => {
    setBusy(true);
    try {
      const body = {
        code: v.code?.trim() || null,
        name: v.name,
        parentId: v.parentId || null,
        localUnitCode: v.localUnitCode || null,
        address: v.address || null,
        phone: v.phone || null,
        email: v.email || null,
        description: v.description || null,
      };
      if (creating) await apiFetch('/api/Unit/units', { method: 'POST', body: { ...body, kind: v.kind } });
      else await apiFetch(`/api/Unit/units/${unit.id}`, { method: 'PUT', body });
      toast.success(t('units.saved'));
      onClose(true);
    } catch (err) {
      applyServerErrors(form, err, FIELDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={720}
      title={creating ? t('units.createTitle') : t('units.editTitle', { name: unit.name })}
      onCancel={() => onClose(false)}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={creating ? { kind: 'department' } : unit}
        onFinish={(v) => void submit(v)}
        disabled={busy}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('units.fields.kind')} rules={[{ required: true }]}>
              <Select
                options={creating ? kinds : [{ value: unit.kind, label: t(`unitKinds.${unit.kind}`) }]}
                disabled={!creating}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t('units.fields.code')}
              rules={[{ pattern: /^[A-Za-z0-9_.-]{1,50}$/, message: t('units.codeFormat') }]}
            >
              <Input disabled={employer} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="name"
              label={t('units.fields.name')}
              extra={employer ? t('units.employerName') : undefined}
              rules={[{ required: true, whitespace: true, min: 2, max: 300, message: t('validation.required') }]}
            >
              <Input disabled={employer} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parentId" label={t('units.fields.parent')}>
              <UnitSelect allowClear />
            </Form.Item>
          </Col>
          {(kind === 'district' || (!creating && unit.localUnitCode)) && (
            <Col xs={24} md={12}>
              <Form.Item
                name="localUnitCode"
                label={t('units.fields.localUnit')}
                rules={kind === 'district' ? [{ required: true, message: t('validation.required') }] : []}
              >
                <LocalUnitSelect disabled={employer} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="address" label={t('units.fields.address')} rules={[{ max: 500 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="phone"
              label={t('units.fields.phone')}
              rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="email"
              label={t('units.fields.email')}
              rules={[{ type: 'email', message: t('validation.email') }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('units.fields.description')} rules={[{ max: 2000 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** `/nguoi-dung/phong`: the units in the caller's scope (department offices, communes, centres, employers). */
export default function UnitListPage() {
  const { t } = useAccountsText();
  const confirm = useConfirm();
  const access = useAccess();
  const queryClient = useQueryClient();
  const kinds = useUnitKindOptions();
  // Paging, sorting, the keyword and the kind in the address, as every list.
  const list = useServerList({
    key: (request) => ['accounts', 'units', request],
    fetch: (request, signal) => apiFetch<Page<UnitItem>>('/api/Unit/units', { signal, query: listQuery(request) }),
    filters: ['kind'],
  });
  const [dialog, setDialog] = useState<UnitItem | 'new' | null>(null);
  const may = {
    create: can(access, 'create', 'Unit'),
    update: can(access, 'update', 'Unit'),
    delete: can(access, 'delete', 'Unit'),
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['accounts'] });

  const remove = (unit: UnitItem) =>
    void confirm({
      title: t('units.deleteConfirm', { name: unit.name }),
      okText: t('actions.delete'),
      danger: true,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await apiFetch('/api/Unit/delete-units', { method: 'POST', body: [unit.id] });
          toast.success(t('units.deleted'));
          await refresh();
        } catch (err) {
          toast.error(errorText(err));
        }
      },
    });

  const columns: ListColumn<UnitItem>[] = [
    { key: 'name', dataIndex: 'name', title: t('units.fields.name'), sorter: true, ellipsis: true },
    { key: 'code', priority: 2, dataIndex: 'code', title: t('units.fields.code'), sorter: true, width: 150 },
    {
      key: 'kind',
      priority: 3,
      title: t('units.fields.kind'),
      sorter: true,
      width: 190,
      render: (_, u) => <Tag>{t(`unitKinds.${u.kind}`)}</Tag>,
    },
    {
      key: 'localUnitName',
      priority: 4,
      dataIndex: 'localUnitName',
      title: t('units.fields.localUnit'),
      ellipsis: true,
      responsive: ['lg'],
    },
    { key: 'parentName', priority: 5, dataIndex: 'parentName', title: t('units.fields.parent'), ellipsis: true },
    {
      key: 'userCount',
      priority: 6,
      dataIndex: 'userCount',
      title: t('units.fields.userCount'),
      width: 110,
      align: 'right',
    },
    {
      key: 'actions',
      title: t('actions.title'),
      width: 110,
      render: (_, u) => (
        <RowActions
          size="small"
          actions={[
            {
              kind: 'edit',
              allowed: may.update,
              onClick: () => setDialog(u),
            },
            {
              kind: 'delete',
              allowed: may.delete && u.kind !== 'employer',
              disabledReason: u.userCount > 0 ? t('units.inUse') : undefined,
              onClick: () => remove(u),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="acc-page">
      <Card>
        <div className="acc-toolbar">
          <SearchBox value={list.keyWord} onSearch={(q) => list.set({ q })} placeholder={t('units.search')} />
          <Select
            allowClear
            placeholder={t('units.fields.kind')}
            style={{ width: 220 }}
            options={kinds}
            value={list.filter('kind') || undefined}
            onChange={(v: string | undefined) => list.set({ kind: v })}
            aria-label={t('units.fields.kind')}
          />
          <div className="acc-right">
            <TrashButton area="Unit" />
            {may.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
                {t('actions.create')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <Card>
        <ServerTable<UnitItem> {...list.table} columns={columns} empty={t('units.empty')} />
      </Card>
      {dialog && (
        <UnitDialog
          unit={dialog}
          onClose={(saved) => {
            setDialog(null);
            if (saved) void refresh();
          }}
        />
      )}
    </div>
  );
}
