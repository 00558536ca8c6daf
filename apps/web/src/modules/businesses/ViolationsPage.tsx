import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { type Violation, type ViolationInput } from '@portal/domain/businesses/model';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useSide, violationApi } from './api.ts';
import { errorText, showDate, showDateTime, showServerErrors } from './shared.tsx';
import { useSubmit } from '../../platform/form/index.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  type ListColumn,
  ServerTable,
  TrashButton,
  useServerList,
} from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { displayMoney, displayNumber } from '../../platform/format.ts';

const SUBJECT = 'ViolatingOrganization';
const FORM_FIELDS = [
  'businessId',
  'organizationName',
  'taxCode',
  'address',
  'wardCode',
  'violationContent',
  'legalBasis',
  'decisionNumber',
  'decisionDate',
  'fineAmount',
  'issuedBy',
  'remedy',
  'isPublished',
] as const;

type FormValues = Omit<ViolationInput, 'decisionDate'> & { decisionDate: Dayjs | null };

export const money = (v: number | null) => (v == null ? '—' : displayMoney(v));

/**
 * Violating organisations, kept by the authority (the department; communes for their area). An employer sees
 * the decisions about itself. Published ones are listed on the public page /doanh-nghiep-vi-pham.
 */
export default function ViolationsPage() {
  const { t } = useTranslation('businesses');
  const access = useAccess();
  const { side } = useSide();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Violation | 'new' | null>(null);
  const authority = side === 'authority';
  const list = useServerList({
    key: (request) => ['businesses', SUBJECT, 'list', request],
    fetch: violationApi.list,
    filters: ['published'],
    params: (f) => ({ isPublished: f.published }),
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => violationApi.remove(ids),
    onSuccess: async () => {
      toast.success(t('violations.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
    },
    onError: (err) => toast.error(errorText(err)),
  });

  const columns: ListColumn<Violation>[] = [
    {
      title: t('violations.fields.organizationName'),
      dataIndex: 'organizationName',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{v}</Typography.Text>
          {r.taxCode && (
            <Typography.Text type="secondary">{t('violations.taxCodeShort', { code: r.taxCode })}</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('violations.fields.violationContent'), dataIndex: 'violationContent', minWidth: 200 },
    { title: t('violations.fields.decisionNumber'), dataIndex: 'decisionNumber', width: 140, priority: 3 },
    {
      title: t('violations.fields.decisionDate'),
      dataIndex: 'decisionDate',
      width: 110,
      priority: 2,
      render: showDate,
    },
    {
      title: t('violations.fields.fineAmount'),
      dataIndex: 'fineAmount',
      width: 140,
      priority: 4,
      align: 'right',
      render: money,
    },
    {
      title: t('violations.fields.isPublished'),
      dataIndex: 'isPublished',
      width: 150,
      ellipsis: false,
      render: (v: boolean, r) =>
        v ? (
          <Tooltip title={showDateTime(r.publishedAt)}>
            <Tag color="red">{t('violations.published')}</Tag>
          </Tooltip>
        ) : (
          <Tag>{t('violations.notPublished')}</Tag>
        ),
    },
    ...(authority
      ? [
          {
            title: t('actions.title'),
            key: 'actions',
            width: actionsWidth(2),
            align: 'center' as const,
            ellipsis: false,
            render: (_v: unknown, r: Violation) => (
              <RowActions
                actions={[
                  { kind: 'edit', onClick: () => setEditing(r), allowed: can(access, 'update', SUBJECT) },
                  {
                    kind: 'delete',
                    allowed: can(access, 'delete', SUBJECT),
                    onClick: () =>
                      void confirm({
                        title: t('violations.deleteTitle', { name: r.organizationName }),
                        okText: t('actions.delete'),
                        danger: true,
                        cancelText: t('actions.cancel'),
                        onOk: () => remove.mutateAsync([r.id]),
                      }),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <SearchBox
            value={list.keyWord}
            onSearch={(q) => list.set({ q })}
            placeholder={t('violations.searchPlaceholder')}
            width={320}
          />
          {authority && (
            <Select
              allowClear
              placeholder={t('violations.fields.isPublished')}
              value={list.filter('published') || undefined}
              onChange={(v: string | undefined) => list.set({ published: v ?? null })}
              options={[
                { value: 'true', label: t('violations.published') },
                { value: 'false', label: t('violations.notPublished') },
              ]}
              style={{ width: 180 }}
              aria-label={t('violations.fields.isPublished')}
            />
          )}
        </Flex>
        <Flex gap={8} wrap>
          <TrashButton area={SUBJECT} />
          {authority && can(access, 'create', SUBJECT) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('violations.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      <ServerTable<Violation>
        {...list.table}
        columns={columns}
        expandable={{
          expandedRowRender: (r) => (
            <Space orientation="vertical">
              <Typography.Text>{r.violationContent}</Typography.Text>
              {r.legalBasis && (
                <Typography.Text type="secondary">
                  {t('violations.fields.legalBasis')}: {r.legalBasis}
                </Typography.Text>
              )}
              {r.remedy && (
                <Typography.Text type="secondary">
                  {t('violations.fields.remedy')}: {r.remedy}
                </Typography.Text>
              )}
              {r.issuedBy && (
                <Typography.Text type="secondary">
                  {t('violations.fields.issuedBy')}: {r.issuedBy}
                </Typography.Text>
              )}
            </Space>
          ),
        }}
        empty={t('violations.empty')}
      />
      {editing && <ViolationForm record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ViolationForm({ record, onClose }: { record: Violation | null; onClose: () => void }) {
  const { t } = useTranslation('businesses');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const businessId = Form.useWatch('businessId', form);
  const initialValues = useMemo<Partial<FormValues>>(
    () =>
      record
        ? { ...record, decisionDate: record.decisionDate ? dayjs(record.decisionDate) : null }
        : { isPublished: false, decisionDate: null },
    [record],
  );
  const save = useSubmit({
    send: (v: FormValues, idempotencyKey: string) => {
      const body: ViolationInput = { ...v, decisionDate: v.decisionDate ? v.decisionDate.format('YYYY-MM-DD') : null };
      return record ? violationApi.update(record.id, body) : violationApi.create(body, idempotencyKey);
    },
    onSuccess: async () => {
      toast.success(t(record ? 'violations.updated' : 'violations.created'));
      await queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
      onClose();
    },
    onError: (err) => showServerErrors(form, err, FORM_FIELDS),
  });
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Modal
      open
      width={860}
      title={t(record ? 'violations.editTitle' : 'violations.add')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void save.submit(v)}>
        <Form.Item name="businessId" label={t('violations.fields.businessId')} extra={t('violations.businessHint')}>
          <ReferenceSelect target={catalogByKey('bussiness')} placeholder={t('violations.chooseEmployer')} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              name="organizationName"
              label={t('violations.fields.organizationName')}
              rules={businessId ? [] : required}
            >
              <Input maxLength={500} placeholder={businessId ? t('violations.fromEmployer') : undefined} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="taxCode" label={t('violations.fields.taxCode')}>
              <Input maxLength={14} placeholder={businessId ? t('violations.fromEmployer') : '5800123456'} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item name="address" label={t('violations.fields.address')}>
              <Input maxLength={500} placeholder={businessId ? t('violations.fromEmployer') : undefined} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="wardCode" label={t('violations.fields.wardCode')}>
              <AdminUnitSelect level="ward" placeholder={businessId ? t('violations.fromEmployer') : undefined} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="violationContent" label={t('violations.fields.violationContent')} rules={required}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="legalBasis" label={t('violations.fields.legalBasis')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="decisionNumber" label={t('violations.fields.decisionNumber')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="decisionDate" label={t('violations.fields.decisionDate')}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="fineAmount" label={t('violations.fields.fineAmount')}>
              <InputNumber
                min={0}
                precision={0}
                step={1_000_000}
                style={{ width: '100%' }}
                formatter={(v) => (v == null ? '' : displayNumber(Number(v)))}
                parser={(v) => Number((v ?? '').replace(/\D/g, '')) as 0}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="issuedBy" label={t('violations.fields.issuedBy')}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="remedy" label={t('violations.fields.remedy')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="isPublished"
          label={t('violations.fields.isPublished')}
          valuePropName="checked"
          extra={t('violations.publishHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
