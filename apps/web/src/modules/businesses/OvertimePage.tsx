import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MAX_OVERTIME_HOURS_PER_YEAR,
  OVERTIME_STATUSES,
  type OvertimeInput,
  type OvertimeNotification,
  type OvertimeStatus,
} from '@portal/domain/businesses/model';
import { yearOptions } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { overtimeApi, useSide } from './api.ts';
import { Attachments, errorText, showDate, showDateTime, showServerErrors } from './shared.tsx';
import { useSubmit } from '../../platform/form/index.ts';
import { SearchBox, type ListColumn, ServerTable, TrashButton, useServerList } from '../../platform/list/index.tsx';
import { ReasonDialog, useConfirm } from '../../platform/dialogs/index.tsx';
import { displayNumber } from '../../platform/format.ts';
import { stateTag } from '../../platform/record/index.ts';

const SUBJECT = 'OvertimeNotification';
const FORM_FIELDS = [
  'year',
  'fromDate',
  'toDate',
  'workerCount',
  'maxHoursPerWorker',
  'jobs',
  'reason',
  'note',
] as const;
const STATUS_COLORS: Record<OvertimeStatus, string> = { submitted: 'blue', accepted: 'green', returned: 'orange' };

type FormValues = Omit<OvertimeInput, 'fromDate' | 'toDate'> & { period: [Dayjs, Dayjs] | null };

export const StatusTag = stateTag<OvertimeStatus>({
  ns: 'businesses',
  text: (s) => `overtime.statuses.${s}`,
  colors: STATUS_COLORS,
});

/**
 * Overtime notifications. An employer submits its notifications and corrects returned ones; the authority
 * (department, communes for their area) accepts them or returns them with a reason. One page for both sides.
 */
export default function OvertimePage() {
  const { t } = useTranslation('businesses');
  const { side } = useSide();
  const access = useAccess();
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<OvertimeNotification | 'new' | null>(null);
  const authority = side === 'authority';

  const list = useServerList({
    key: (request) => ['businesses', SUBJECT, 'list', request],
    fetch: overtimeApi.list,
    filters: ['status', 'year', 'businessId'],
  });

  const columns: ListColumn<OvertimeNotification>[] = [
    ...(authority
      ? [
          {
            title: t('overtime.fields.business'),
            dataIndex: 'businessName',
            minWidth: 200,
            render: (v: string, r: OvertimeNotification) => (
              <Typography.Link onClick={() => setViewing(r.id)}>{v}</Typography.Link>
            ),
          },
        ]
      : []),
    {
      title: t('overtime.fields.year'),
      dataIndex: 'year',
      width: 80,
      priority: authority ? 3 : 1,
      render: (v: number, r) =>
        authority ? v : <Typography.Link onClick={() => setViewing(r.id)}>{v}</Typography.Link>,
    },
    {
      title: t('overtime.fields.period'),
      key: 'period',
      width: 210,
      priority: 2,
      render: (_v, r) => `${showDate(r.fromDate)} – ${showDate(r.toDate)}`,
    },
    {
      title: t('overtime.fields.workerCount'),
      dataIndex: 'workerCount',
      width: 110,
      priority: 4,
      align: 'right',
      render: (v: number) => displayNumber(v),
    },
    {
      title: t('overtime.fields.maxHoursPerWorker'),
      dataIndex: 'maxHoursPerWorker',
      width: 130,
      priority: 5,
      align: 'right',
    },
    {
      title: t('overtime.fields.submittedAt'),
      dataIndex: 'submittedAt',
      width: 140,
      priority: 3,
      render: showDateTime,
    },
    {
      title: t('overtime.fields.status'),
      dataIndex: 'status',
      width: 170,
      ellipsis: false,
      render: (v: OvertimeStatus) => <StatusTag status={v} />,
    },
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          {authority && (
            <SearchBox
              value={list.keyWord}
              onSearch={(q) => list.set({ q })}
              placeholder={t('overtime.searchPlaceholder')}
              width={300}
            />
          )}
          <Select
            allowClear
            placeholder={t('overtime.fields.status')}
            value={list.filter('status') || undefined}
            onChange={(v: string | undefined) => list.set({ status: v ?? null })}
            options={OVERTIME_STATUSES.map((s) => ({ value: s, label: t(`overtime.statuses.${s}`) }))}
            style={{ width: 190 }}
            aria-label={t('overtime.fields.status')}
          />
          <Select
            allowClear
            placeholder={t('overtime.fields.year')}
            value={list.filter('year') || undefined}
            onChange={(v: string | undefined) => list.set({ year: v ?? null })}
            options={yearOptions().map((y) => ({ value: String(y), label: String(y) }))}
            style={{ width: 110 }}
            aria-label={t('overtime.fields.year')}
          />
          {authority && (
            <div style={{ width: 280 }}>
              <ReferenceSelect
                target={catalogByKey('bussiness')}
                value={list.filter('businessId') || null}
                onChange={(v) => list.set({ businessId: v })}
                placeholder={t('overtime.fields.business')}
              />
            </div>
          )}
        </Flex>
        <Flex gap={8} wrap>
          <TrashButton area={SUBJECT} />
          {side === 'employer' && can(access, 'create', SUBJECT) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('overtime.submit')}
            </Button>
          )}
        </Flex>
      </Flex>
      {authority && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('overtime.reviewHint')} />}
      <ServerTable<OvertimeNotification> {...list.table} columns={columns} empty={t('overtime.empty')} />
      <OvertimeDrawer id={viewing} onClose={() => setViewing(null)} onEdit={(n) => setEditing(n)} />
      {editing && (
        <OvertimeForm
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(n) => {
            setEditing(null);
            setViewing(n.id);
          }}
        />
      )}
    </Card>
  );
}

function OvertimeForm({
  record,
  onClose,
  onSaved,
}: {
  record: OvertimeNotification | null;
  onClose: () => void;
  onSaved: (n: OvertimeNotification) => void;
}) {
  const { t } = useTranslation('businesses');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const year = dayjs().year();
  const initialValues = useMemo<Partial<FormValues>>(
    () =>
      record
        ? { ...record, period: [dayjs(record.fromDate), dayjs(record.toDate)] }
        : { year, period: null, maxHoursPerWorker: MAX_OVERTIME_HOURS_PER_YEAR },
    [record, year],
  );
  const save = useSubmit({
    send: (v: FormValues, idempotencyKey: string) => {
      const { period, ...rest } = v;
      const body: OvertimeInput = {
        ...rest,
        fromDate: period![0].format('YYYY-MM-DD'),
        toDate: period![1].format('YYYY-MM-DD'),
      };
      return record ? overtimeApi.update(record.id, body) : overtimeApi.submit(body, idempotencyKey);
    },
    onSuccess: async (n) => {
      toast.success(t(record ? 'overtime.corrected' : 'overtime.submitted'));
      await queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
      onSaved(n);
    },
    onError: (err) => {
      // The server names fromDate/toDate; the form shows them on the period.
      showServerErrors(form, err, [...FORM_FIELDS, 'period'], { fromDate: 'period', toDate: 'period' });
    },
  });
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Modal
      open
      width={760}
      title={t(record ? 'overtime.correctTitle' : 'overtime.submit')}
      okText={t(record ? 'actions.save' : 'overtime.send')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {record?.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('overtime.returnedBecause')}
          description={record.returnReason}
        />
      )}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void save.submit(v)}>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="year" label={t('overtime.fields.year')} rules={required}>
              <Select options={[year - 1, year, year + 1].map((y) => ({ value: y, label: String(y) }))} />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item
              name="period"
              label={t('overtime.fields.period')}
              rules={[
                ...required,
                ({ getFieldValue }) => ({
                  validator: async (_r, v: [Dayjs, Dayjs] | null) => {
                    const y = getFieldValue('year') as number;
                    if (v && (v[0].year() !== y || v[1].year() !== y))
                      throw new Error(t('validation.periodYear', { year: y }));
                  },
                }),
              ]}
            >
              <DatePicker.RangePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="workerCount" label={t('overtime.fields.workerCount')} rules={required}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="maxHoursPerWorker"
              label={t('overtime.fields.maxHoursPerWorker')}
              rules={required}
              extra={t('overtime.maxHint', { max: MAX_OVERTIME_HOURS_PER_YEAR })}
            >
              <InputNumber min={1} max={MAX_OVERTIME_HOURS_PER_YEAR} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="jobs" label={t('overtime.fields.jobs')} rules={required}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('overtime.fields.reason')} rules={required}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="note" label={t('overtime.fields.note')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function OvertimeDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (n: OvertimeNotification) => void;
}) {
  const { t } = useTranslation('businesses');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState(false);
  const { side } = useSide();
  const access = useAccess();
  const n = useQuery({
    queryKey: ['businesses', SUBJECT, 'record', id],
    queryFn: () => overtimeApi.get(id!),
    enabled: Boolean(id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
  const act = useMutation({
    mutationFn: (a: { action: 'accept' | 'return' | 'resubmit'; reason?: string }) =>
      overtimeApi.transition(id!, a.action, a.reason),
    onSuccess: async (r, a) => {
      toast.success(t(`overtime.done.${a.action}`));
      setReturning(false);
      queryClient.setQueryData(['businesses', SUBJECT, 'record', id], r);
      await refresh();
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: () => overtimeApi.remove([id!]),
    onSuccess: async () => {
      toast.success(t('overtime.withdrawn'));
      onClose();
      await refresh();
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const d = n.data;
  const employer = side === 'employer';
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={720}
      title={t('overtime.detailTitle')}
      loading={n.isLoading}
      extra={
        d && (
          <Space>
            {d.actions.includes('accept') && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={act.isPending}
                onClick={() =>
                  void confirm({
                    title: t('overtime.acceptConfirm'),
                    okText: t('overtime.actions.accept'),
                    cancelText: t('actions.cancel'),
                    onOk: () => act.mutateAsync({ action: 'accept' }),
                  })
                }
              >
                {t('overtime.actions.accept')}
              </Button>
            )}
            {d.actions.includes('return') && (
              <Button danger icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
                {t('overtime.actions.return')}
              </Button>
            )}
            {d.editable && (
              <Button icon={<EditOutlined />} onClick={() => onEdit(d)}>
                {t('overtime.correct')}
              </Button>
            )}
            {d.actions.includes('resubmit') && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={act.isPending}
                onClick={() => act.mutate({ action: 'resubmit' })}
              >
                {t('overtime.actions.resubmit')}
              </Button>
            )}
            {employer && d.status !== 'accepted' && can(access, 'delete', SUBJECT) && (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                onClick={() =>
                  void confirm({
                    title: t('overtime.withdrawConfirm'),
                    okText: t('overtime.withdraw'),
                    danger: true,
                    cancelText: t('actions.cancel'),
                    onOk: () => remove.mutateAsync(),
                  })
                }
              >
                {t('overtime.withdraw')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {d && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {d.status === 'returned' && d.returnReason && (
            <Alert type="warning" showIcon message={t('overtime.returnedBecause')} description={d.returnReason} />
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('overtime.fields.status')}>
              <StatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.business')}>
              {d.businessName} ({d.businessCode})
            </Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.year')}>{d.year}</Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.period')}>
              {showDate(d.fromDate)} – {showDate(d.toDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.workerCount')}>
              {displayNumber(d.workerCount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.maxHoursPerWorker')}>{d.maxHoursPerWorker}</Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.jobs')}>{d.jobs}</Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.reason')}>{d.reason}</Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.note')}>{d.note ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.submittedAt')}>
              {showDateTime(d.submittedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overtime.fields.reviewedAt')}>
              {d.reviewedAt ? `${showDateTime(d.reviewedAt)} · ${d.reviewedByName ?? ''}` : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Attachments area="OvertimeNotification" recordId={d.id} editable={employer && d.status !== 'accepted'} />
        </Space>
      )}
      <ReasonDialog
        open={returning}
        title={t('overtime.returnTitle')}
        label={t('overtime.returnReason')}
        okText={t('overtime.actions.return')}
        cancelText={t('actions.cancel')}
        danger
        onSubmit={(reason) => act.mutateAsync({ action: 'return', reason })}
        onClose={() => setReturning(false)}
      >
        <Typography.Paragraph>{t('overtime.returnHint')}</Typography.Paragraph>
      </ReasonDialog>
    </Drawer>
  );
}
