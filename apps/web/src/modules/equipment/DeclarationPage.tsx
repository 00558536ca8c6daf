import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Table, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import type { CatalogRecord } from '../../catalog/api.ts';
import { EMPLOYER_AREA, ReferenceSelect, useDebounced } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import {
  ActionsBar,
  allowedActions,
  RecordShell,
  retryRecord,
  type RecordAction,
} from '../../platform/record/index.ts';
import { equipmentApi, equipmentKeys, type DeclarationBody, type DeclarationDetail } from './api.ts';
import { ConfirmationButton, DeclarationHead, DeclarationHistory, ItemsTable } from './DeclarationView.tsx';
import { declarationPath, showDate } from './ui.tsx';

interface Values {
  businessId: string | null;
  items: { equipmentId: string; certificateId: string | null }[];
  contactName: string | null;
  contactPhone: string | null;
  note: string | null;
}

/** Machines of the register the declaration may list: searched on the server, the chosen ones always shown. */
function MachinePicker({
  businessId,
  value,
  known,
  onAdd,
}: {
  businessId: string | null;
  value: string[];
  known: Map<string, CatalogRecord>;
  onAdd: (machine: CatalogRecord) => void;
}) {
  const { t } = useTranslation('equipment');
  const [keyWord, setKeyWord] = useState('');
  const search = useDebounced(keyWord);
  const machines = useQuery({
    queryKey: ['equipment', 'picker', businessId, search],
    queryFn: ({ signal }) =>
      equipmentApi.machines({ keyWord: search, pageSize: 50, businessId: businessId ?? undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  for (const m of machines.data?.pageLists ?? []) known.set(m.id, m);
  const label = (m: CatalogRecord) =>
    [m.code, m.name, m.serialNumber ? `(${String(m.serialNumber)})` : null].filter(Boolean).join(' ');
  return (
    <Select
      id="declaration-machines"
      showSearch={{ filterOption: false, onSearch: setKeyWord }}
      placeholder={t('pages.declaration.pickMachine')}
      aria-label={t('pages.declaration.pickMachine')}
      loading={machines.isFetching}
      value={null}
      onChange={(id: string | null) => {
        const m = id ? known.get(id) : undefined;
        if (m) onAdd(m);
        setKeyWord('');
      }}
      options={(machines.data?.pageLists ?? [])
        .filter((m) => !value.includes(m.id))
        .map((m) => ({ value: m.id, label: label(m) }))}
      notFoundContent={machines.isFetching ? undefined : t('pages.declaration.noMachines')}
      style={{ width: '100%' }}
    />
  );
}

/** A machine's certificates to attach (the latest first); none chosen is allowed for a draft. */
function CertificateSelect({
  equipmentId,
  value,
  onChange,
  id,
}: {
  equipmentId: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation('equipment');
  const certificates = useQuery({
    queryKey: ['equipment', 'certificates', equipmentId],
    queryFn: ({ signal }) => equipmentApi.certificates(equipmentId, signal),
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      allowClear
      placeholder={t('pages.declaration.pickCertificate')}
      aria-label={t('pages.declaration.pickCertificate')}
      loading={certificates.isFetching}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      notFoundContent={t('pages.declaration.noCertificates')}
      options={(certificates.data?.pageLists ?? []).map((c) => ({
        value: c.id,
        label: `${String(c.certificateNumber ?? '')} · ${showDate(c.inspectionDate as string | null)}`,
      }))}
      style={{ width: '100%' }}
    />
  );
}

/** The employer's declaration form (draft or refused), or the declaration read-only once submitted. */
function DeclarationForm({ detail }: { detail: DeclarationDetail | null }) {
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const access = useAccess();
  const user = useUserData();
  const [form] = Form.useForm<Values>();
  const forEmployer = user?.unit.kind === 'employer';
  const [known] = useState(() => new Map<string, CatalogRecord>());
  const items = Form.useWatch('items', form) ?? [];
  const businessId = Form.useWatch('businessId', form) ?? null;
  const editable = !detail || detail.actions.includes('edit');
  const maySubmit = !detail ? can(access, 'create', 'EquipmentDeclaration') : detail.actions.includes('submit');

  const initialValues = useMemo<Values>(
    () => ({
      businessId: detail?.businessId ?? null,
      items: (detail?.items ?? []).map((i) => ({ equipmentId: i.equipmentId, certificateId: i.certificateId })),
      contactName: detail?.contactName ?? null,
      contactPhone: detail?.contactPhone ?? null,
      note: detail?.note ?? null,
    }),
    [detail],
  );
  useEffect(() => form.resetFields(), [form, initialValues]);
  const rowsOf = useMemo(() => new Map((detail?.items ?? []).map((i) => [i.equipmentId, i])), [detail]);

  const save = async (values: Values, idempotencyKey?: string): Promise<DeclarationDetail> => {
    const body: DeclarationBody = {
      ...(forEmployer || !values.businessId ? {} : { businessId: values.businessId }),
      items: values.items.map((i) => ({ equipmentId: i.equipmentId, certificateId: i.certificateId ?? null })),
      contactName: values.contactName?.trim() || null,
      contactPhone: values.contactPhone?.trim() || null,
      note: values.note?.trim() || null,
    };
    return detail
      ? equipmentApi.update(detail.id, { ...body, version: detail.version })
      : equipmentApi.create(body, idempotencyKey);
  };
  const afterSave = async (saved: DeclarationDetail, message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    if (!detail) void navigate(declarationPath(saved.id), { replace: true });
  };
  const draft = useSubmit({
    send: save,
    onSuccess: (saved) => afterSave(saved, t('pages.declaration.saved')),
    onError: (err) => showServerErrors(form, err, ['businessId', 'items', 'contactName', 'contactPhone', 'note']),
  });
  const submit = useSubmit({
    send: async (values: Values, idempotencyKey: string) => {
      const saved = await save(values, idempotencyKey);
      return equipmentApi.submit(saved.id, saved.version);
    },
    onSuccess: (saved) => afterSave(saved, t('pages.declaration.submitted')),
    onError: (err) => showServerErrors(form, err, ['businessId', 'items', 'contactName', 'contactPhone', 'note']),
  });

  const declared: RecordAction<'delete' | 'submit'>[] = [
    {
      key: 'delete',
      label: t('pages.actions.delete'),
      needs: 'confirm',
      danger: true,
      icon: <DeleteOutlined />,
      confirm: { title: t('pages.declaration.deleteTitle'), content: t('pages.declaration.deleteContent') },
    },
    // The form is checked first, then the confirmation names how many machines go.
    {
      key: 'submit',
      label: t('pages.declaration.submit'),
      primary: true,
      icon: <SendOutlined />,
      'data-testid': 'declaration-submit',
    },
  ];
  const run = async (key: 'delete' | 'submit') => {
    if (key === 'delete') {
      await equipmentApi.remove([detail!.id]);
      toast.success(t('pages.declaration.deleted'));
      await queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      return void navigate(EQUIPMENT_PATHS.declarations);
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const ok = await confirm({
      title: t('pages.declaration.submitTitle'),
      content: t('pages.declaration.submitContent', { count: values.items.length }),
      okText: t('pages.declaration.submit'),
    });
    if (ok) await submit.submit(values);
  };

  const back = () => navigate(EQUIPMENT_PATHS.declarations);
  const head = detail && <DeclarationHead detail={detail} />;
  const history = detail && (
    <Card size="small" title={t('pages.history.title')} style={{ marginTop: 16 }}>
      <DeclarationHistory detail={detail} />
    </Card>
  );

  if (detail && !editable) {
    return (
      <Card
        title={t('pages.declaration.viewTitle')}
        extra={
          <Flex gap={8}>
            <Button onClick={back}>{t('pages.actions.back')}</Button>
            <ConfirmationButton detail={detail} />
          </Flex>
        }
      >
        {head}
        <ItemsTable items={detail.items} />
        {detail.note && (
          <Typography.Paragraph style={{ marginTop: 16 }}>
            <strong>{t('pages.fields.note')}:</strong> {detail.note}
          </Typography.Paragraph>
        )}
        {history}
      </Card>
    );
  }

  const addMachine = (m: CatalogRecord) => {
    const current = (form.getFieldValue('items') as Values['items'] | undefined) ?? [];
    form.setFieldValue('items', [...current, { equipmentId: m.id, certificateId: null }]);
    void form.validateFields(['items']).catch(() => undefined);
    // The latest certificate is the usual one: prefill it when the register knows its number.
    void equipmentApi
      .certificates(m.id)
      .then((page) => {
        const latest = page.pageLists[0];
        if (!latest) return;
        const now = (form.getFieldValue('items') as Values['items']).map((i) =>
          i.equipmentId === m.id && !i.certificateId ? { ...i, certificateId: latest.id } : i,
        );
        form.setFieldValue('items', now);
      })
      .catch(() => undefined);
  };
  const machineLabel = (id: string) => {
    const m = known.get(id);
    const row = rowsOf.get(id);
    return {
      name: [m?.code ?? row?.code, m?.name ?? row?.name].filter(Boolean).join(' - ') || id,
      serial: (m?.serialNumber as string | undefined) ?? row?.serialNumber ?? '—',
      firstUse: showDate((m?.firstUseDate as string | undefined) ?? row?.firstUseDate),
    };
  };

  return (
    <Card
      title={t(detail ? 'pages.declaration.editTitle' : 'pages.declaration.createTitle')}
      extra={detail && <ConfirmationButton detail={detail} />}
    >
      {head}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void draft.submit(values)}
        disabled={draft.busy || submit.busy}
      >
        {!forEmployer && (
          <Form.Item
            name="businessId"
            label={t('pages.fields.business')}
            rules={[{ required: true, message: t('pages.declaration.businessRequired') }]}
          >
            <ReferenceSelect
              target={catalogByKey(EMPLOYER_AREA)}
              id="businessId"
              placeholder={t('pages.fields.business')}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('pages.fields.machines')}
          required
          htmlFor="declaration-machines"
          extra={t('pages.declaration.machinesHelp')}
        >
          <MachinePicker
            businessId={businessId}
            value={items.map((i) => i.equipmentId)}
            known={known}
            onAdd={addMachine}
          />
        </Form.Item>
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_r, value: unknown[] | undefined) => {
                if (!value?.length) throw new Error(t('pages.declaration.itemsRequired'));
              },
            },
          ]}
        >
          {(fields, { remove }, { errors }) => (
            <>
              <Table
                size="small"
                pagination={false}
                tableLayout="fixed"
                rowKey="key"
                dataSource={fields}
                locale={{ emptyText: t('pages.declaration.noItemsYet') }}
                columns={[
                  {
                    title: t('pages.fields.machine'),
                    key: 'machine',
                    ellipsis: true,
                    // The machine's id is a field of the row, so the form keeps it (validateFields returns
                    // registered fields only) and a server error about it has a place.
                    render: (_v, f) => (
                      <>
                        {machineLabel(items[f.name]?.equipmentId ?? '').name}
                        <Form.Item name={[f.name, 'equipmentId']} hidden noStyle>
                          <Input type="hidden" />
                        </Form.Item>
                      </>
                    ),
                  },
                  {
                    title: t('pages.fields.serial'),
                    key: 'serial',
                    width: 140,
                    ellipsis: true,
                    render: (_v, f) => machineLabel(items[f.name]?.equipmentId ?? '').serial,
                  },
                  {
                    title: t('pages.fields.firstUse'),
                    key: 'firstUse',
                    width: 120,
                    render: (_v, f) => machineLabel(items[f.name]?.equipmentId ?? '').firstUse,
                  },
                  {
                    title: t('pages.fields.certificate'),
                    key: 'certificate',
                    width: 300,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'certificateId']} style={{ margin: 0 }}>
                        <CertificateSelect
                          equipmentId={items[f.name]?.equipmentId ?? ''}
                          id={`items_${f.name}_certificateId`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('pages.fields.actions'),
                    key: 'remove',
                    width: 70,
                    align: 'center',
                    render: (_v, f) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('pages.declaration.removeMachine')}
                        title={t('pages.declaration.removeMachine')}
                        onClick={() => remove(f.name)}
                      />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={12}>
            <Form.Item name="contactName" label={t('pages.fields.contactName')} rules={[{ max: 255 }]}>
              <Input maxLength={255} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="contactPhone"
              label={t('pages.fields.contactPhone')}
              rules={[{ pattern: /^[0-9+ .()-]{8,30}$/, message: t('pages.declaration.phoneInvalid') }]}
            >
              <Input maxLength={30} autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label={t('pages.fields.note')}>
              <Input.TextArea rows={3} maxLength={2000} showCount />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={back} disabled={false}>
            {t('pages.actions.back')}
          </Button>
          <ActionsBar
            actions={allowedActions(declared, [
              ...(detail?.actions.includes('delete') ? ['delete'] : []),
              ...(maySubmit ? ['submit'] : []),
            ])}
            onRun={run}
            before={
              <Button htmlType="submit" icon={<SaveOutlined />} loading={draft.busy} data-testid="declaration-save">
                {t('pages.declaration.saveDraft')}
              </Button>
            }
          />
        </Flex>
      </Form>
      {history}
    </Card>
  );
}

/** /khai-bao-thiet-bi/them-khai-bao-thiet-bi and /khai-bao-thiet-bi/cap-nhat-khai-bao-thiet-bi/{id}. */
export default function DeclarationPage() {
  const { t } = useTranslation('equipment');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: equipmentKeys.declaration(id ?? ''),
    queryFn: ({ signal }) => equipmentApi.declaration(id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  if (!id) return <DeclarationForm key="new" detail={null} />;
  return (
    <RecordShell
      query={detail}
      back={{ label: t('pages.actions.back'), onClick: () => void navigate(EQUIPMENT_PATHS.declarations) }}
      notFound={t('pages.declaration.notFound')}
    >
      {(d) => <DeclarationForm key={id} detail={d} />}
    </RecordShell>
  );
}
