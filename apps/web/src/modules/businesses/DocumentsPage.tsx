import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DOCUMENT_TYPES,
  type DocumentBox,
  type DocumentInput,
  type OfficialDocument,
} from '@portal/domain/businesses/model';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { documentApi, useSide } from './api.ts';
import { Attachments, errorText, showDate, showDateTime, showServerErrors } from './shared.tsx';
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

const SUBJECT = 'OfficialDocument';
const FORM_FIELDS = [
  'businessId',
  'number',
  'documentType',
  'issuedOn',
  'subject',
  'signer',
  'dueDate',
  'note',
] as const;

type FormValues = Omit<DocumentInput, 'issuedOn' | 'dueDate'> & { issuedOn: Dayjs | null; dueDate: Dayjs | null };

/**
 * Incoming or outgoing official documents. The same page serves both sides: an employer's incoming box holds
 * what the authority sent it, the authority's incoming box what employers sent; each side writes (and edits,
 * deletes) only its outgoing documents. Opening a received document records that it was read.
 */
function DocumentsPage({ box }: { box: DocumentBox }) {
  const { t } = useTranslation('businesses');
  const access = useAccess();
  const { side } = useSide();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<OfficialDocument | 'new' | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const authority = side === 'authority';
  const outgoing = box === 'outgoing';

  const list = useServerList({
    key: (request) => ['businesses', SUBJECT, 'list', request],
    fetch: (request, signal) => documentApi.list({ ...request, box }, signal),
    filters: ['type', 'businessId', 'unseen'],
    params: (f) => ({
      box,
      documentType: f.type,
      businessId: f.businessId,
      unseen: f.unseen === '1' ? 'true' : '',
    }),
  });

  const remove = useMutation({
    mutationFn: (ids: string[]) => documentApi.remove(ids),
    onSuccess: async (r) => {
      toast.success(t('documents.deleted', { count: r.deleted }));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const confirmDelete = (ids: string[]) =>
    void confirm({
      title: t('documents.deleteTitle', { count: ids.length }),
      okText: t('actions.delete'),
      danger: true,
      cancelText: t('actions.cancel'),
      onOk: () => remove.mutateAsync(ids),
    });

  const columns: ListColumn<OfficialDocument>[] = [
    {
      title: t('documents.fields.number'),
      dataIndex: 'number',
      width: 140,
      render: (v: string, r) => (
        <Typography.Link strong={!outgoing && !r.seenAt} onClick={() => setViewing(r.id)}>
          {v}
        </Typography.Link>
      ),
    },
    { title: t('documents.fields.issuedOn'), dataIndex: 'issuedOn', width: 110, priority: 2, render: showDate },
    { title: t('documents.fields.subject'), dataIndex: 'subject', minWidth: 200 },
    ...(authority
      ? [{ title: t('documents.fields.businessId'), dataIndex: 'businessName', minWidth: 200, priority: 2 }]
      : []),
    {
      title: t('documents.fields.documentType'),
      dataIndex: 'documentType',
      width: 130,
      priority: 3,
      render: (v: string) => t(`documents.types.${v}`),
    },
    {
      title: outgoing ? t('documents.seenByReceiver') : t('documents.status'),
      dataIndex: 'seenAt',
      width: 180,
      ellipsis: false,
      render: (v: string | null) =>
        v ? (
          <Tag color="green">{t('documents.seenAt', { at: showDateTime(v) })}</Tag>
        ) : (
          <Tag color={outgoing ? 'default' : 'blue'}>{t(outgoing ? 'documents.notSeen' : 'documents.unread')}</Tag>
        ),
    },
    {
      title: '',
      key: 'files',
      width: 48,
      priority: 4,
      align: 'center',
      render: (_v, r) =>
        r.fileCount ? (
          <Badge count={r.fileCount} size="small" color="gray">
            <PaperClipOutlined />
          </Badge>
        ) : null,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: actionsWidth(3),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => (
        <RowActions
          actions={[
            { kind: 'view', onClick: () => setViewing(r.id) },
            { kind: 'edit', onClick: () => setEditing(r), allowed: r.editable && can(access, 'update', SUBJECT) },
            {
              kind: 'delete',
              onClick: () => confirmDelete([r.id]),
              allowed: r.editable && can(access, 'delete', SUBJECT),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <SearchBox
            value={list.keyWord}
            onSearch={(q) => list.set({ q })}
            placeholder={t('documents.searchPlaceholder')}
            width={300}
          />
          <Select
            allowClear
            placeholder={t('documents.fields.documentType')}
            value={list.filter('type') || undefined}
            onChange={(v: string | undefined) => list.set({ type: v ?? null })}
            options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documents.types.${d}`) }))}
            style={{ width: 170 }}
            aria-label={t('documents.fields.documentType')}
          />
          {authority && (
            <div style={{ width: 280 }}>
              <ReferenceSelect
                target={catalogByKey('bussiness')}
                value={list.filter('businessId') || null}
                onChange={(v) => list.set({ businessId: v })}
                placeholder={t('documents.fields.businessId')}
              />
            </div>
          )}
          {!outgoing && (
            <Space>
              <Switch
                size="small"
                checked={list.filter('unseen') === '1'}
                onChange={(v) => list.set({ unseen: v ? '1' : null })}
                aria-label={t('documents.onlyUnread')}
              />
              <Typography.Text>{t('documents.onlyUnread')}</Typography.Text>
            </Space>
          )}
        </Flex>
        <Flex gap={8}>
          {selected.length > 0 && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
              {t('actions.deleteSelected', { count: selected.length })}
            </Button>
          )}
          {outgoing && <TrashButton area={SUBJECT} />}
          {outgoing && can(access, 'create', SUBJECT) && side && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setEditing('new')}>
              {t(authority ? 'documents.sendToEmployer' : 'documents.sendToAuthority')}
            </Button>
          )}
        </Flex>
      </Flex>
      <ServerTable<OfficialDocument>
        {...list.table}
        columns={columns}
        rowSelection={
          outgoing && can(access, 'delete', SUBJECT)
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (r) => ({ disabled: !r.editable }),
              }
            : undefined
        }
        empty={t(`documents.empty.${box}`)}
      />
      {editing && side && (
        <DocumentForm
          record={editing === 'new' ? null : editing}
          authority={authority}
          onClose={() => setEditing(null)}
          onSaved={(doc) => {
            setEditing(null);
            setViewing(doc.id);
          }}
        />
      )}
      <DocumentDrawer id={viewing} authority={authority} onClose={() => setViewing(null)} />
    </Card>
  );
}

function DocumentForm({
  record,
  authority,
  onClose,
  onSaved,
}: {
  record: OfficialDocument | null;
  authority: boolean;
  onClose: () => void;
  onSaved: (doc: OfficialDocument) => void;
}) {
  const { t } = useTranslation('businesses');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const initialValues = useMemo<Partial<FormValues>>(
    () =>
      record
        ? { ...record, issuedOn: dayjs(record.issuedOn), dueDate: record.dueDate ? dayjs(record.dueDate) : null }
        : { documentType: authority ? 'officialLetter' : 'report', issuedOn: dayjs(), dueDate: null },
    [record, authority],
  );
  const save = useSubmit({
    send: (v: FormValues, idempotencyKey: string) => {
      const body: DocumentInput = {
        ...v,
        businessId: authority ? (v.businessId ?? null) : null,
        issuedOn: v.issuedOn!.format('YYYY-MM-DD'),
        dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : null,
      };
      return record ? documentApi.update(record.id, body) : documentApi.create(body, idempotencyKey);
    },
    onSuccess: async (doc) => {
      toast.success(t(record ? 'documents.updated' : 'documents.sent'));
      await queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT] });
      onSaved(doc);
    },
    onError: (err) => showServerErrors(form, err, FORM_FIELDS),
  });
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Modal
      open
      width={760}
      title={t(record ? 'documents.editTitle' : authority ? 'documents.sendToEmployer' : 'documents.sendToAuthority')}
      okText={t(record ? 'actions.save' : 'documents.send')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void save.submit(v)}>
        {authority && (
          <Form.Item name="businessId" label={t('documents.fields.businessId')} rules={required}>
            <ReferenceSelect target={catalogByKey('bussiness')} placeholder={t('documents.chooseEmployer')} />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="number" label={t('documents.fields.number')} rules={required}>
              <Input maxLength={100} placeholder="15/CV-ABC" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="documentType" label={t('documents.fields.documentType')} rules={required}>
              <Select options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documents.types.${d}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="issuedOn" label={t('documents.fields.issuedOn')} rules={required}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="subject" label={t('documents.fields.subject')} rules={required}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="signer" label={t('documents.fields.signer')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dueDate" label={t('documents.fields.dueDate')}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label={t('documents.fields.note')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        {!record && <Typography.Text type="secondary">{t('documents.filesAfterSave')}</Typography.Text>}
      </Form>
    </Modal>
  );
}

function DocumentDrawer({ id, authority, onClose }: { id: string | null; authority: boolean; onClose: () => void }) {
  const { t } = useTranslation('businesses');
  const queryClient = useQueryClient();
  const doc = useQuery({
    queryKey: ['businesses', SUBJECT, 'record', id],
    queryFn: async () => {
      const d = await documentApi.get(id!);
      // Opening records the reading: the lists show it at once.
      void queryClient.invalidateQueries({ queryKey: ['businesses', SUBJECT, 'list'] });
      return d;
    },
    enabled: Boolean(id),
  });
  const d = doc.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={720}
      title={d ? `${d.number} — ${t(`documents.types.${d.documentType}`)}` : t('documents.title')}
      loading={doc.isLoading}
    >
      {d && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('documents.direction')}>
              {t(`documents.directions.${d.direction}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.businessId')}>
              {d.businessName} ({d.businessCode})
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.subject')}>{d.subject}</Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.issuedOn')}>{showDate(d.issuedOn)}</Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.signer')}>{d.signer ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.dueDate')}>{showDate(d.dueDate)}</Descriptions.Item>
            <Descriptions.Item label={t('documents.fields.note')}>{d.note ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('documents.sentBy')}>
              {d.createdByName ?? '—'} · {showDateTime(d.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.seenByReceiver')}>
              {d.seenAt ? showDateTime(d.seenAt) : t('documents.notSeen')}
            </Descriptions.Item>
          </Descriptions>
          <Attachments area="OfficialDocument" recordId={d.id} editable={d.editable} />
          {!authority && d.direction === 'toEmployer' && d.dueDate && (
            <Typography.Text type="warning">{t('documents.replyBy', { date: showDate(d.dueDate) })}</Typography.Text>
          )}
        </Space>
      )}
    </Drawer>
  );
}

export function bind(box: DocumentBox) {
  const Bound = () => <DocumentsPage box={box} />;
  Bound.displayName = `Documents(${box})`;
  return Bound;
}
