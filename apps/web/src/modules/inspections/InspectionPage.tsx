import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { INSPECTION_KINDS, INSPECTION_TOPICS } from '@portal/domain/inspections/state';
import { toast } from '../../app/toast.ts';
import { FileLink, uploadFile } from '../../catalog/FileField.tsx';
import { EMPLOYER_AREA, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { showServerErrors } from '../../platform/form/index.ts';
import { inspectionApi, inspectionKeys, type InspectionBody, type InspectionDetail, type Requirement } from './api.ts';
import { errorText, inspectionPath, money, RequirementTag, showDate, StatusTag, useIsDepartment } from './ui.tsx';

const DATE = 'DD/MM/YYYY';
const INSPECTION_UPLOAD = '/api/Inspection/upload-file';
const iso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const day = (s: string | null | undefined) => (s ? dayjs(s) : null);

interface FormValues {
  businessId?: string;
  kind: string;
  topic: string;
  legalBasis?: string;
  decisionNumber?: string;
  decisionDate?: Dayjs | null;
  decisionSigner?: string;
  plannedFrom: Dayjs;
  plannedTo?: Dayjs | null;
  actualDate?: Dayjs | null;
  findings?: string;
  team: { userId: string; role: 'leader' | 'member' }[];
  violations: {
    id?: string;
    description: string;
    legalProvision: string;
    fineAmount?: number | null;
    penaltyDecisionNumber?: string;
    penaltyDecisionDate?: Dayjs | null;
  }[];
  requirements: { id?: string; content: string; deadline: Dayjs }[];
}

function toForm(d: InspectionDetail): FormValues {
  return {
    kind: d.kind,
    topic: d.topic,
    legalBasis: d.legalBasis ?? '',
    decisionNumber: d.decisionNumber ?? '',
    decisionDate: day(d.decisionDate),
    decisionSigner: d.decisionSigner ?? '',
    plannedFrom: dayjs(d.plannedFrom),
    plannedTo: day(d.plannedTo),
    actualDate: day(d.actualDate),
    findings: d.findings ?? '',
    team: d.team.map((m) => ({ userId: m.userId, role: m.role })),
    violations: d.violations.map((v) => ({
      id: v.id,
      description: v.description,
      legalProvision: v.legalProvision,
      fineAmount: v.fineAmount,
      penaltyDecisionNumber: v.penaltyDecisionNumber ?? '',
      penaltyDecisionDate: day(v.penaltyDecisionDate),
    })),
    requirements: d.requirements.map((r) => ({ id: r.id, content: r.content, deadline: dayjs(r.deadline) })),
  };
}

function toBody(v: FormValues): InspectionBody {
  return {
    ...(v.businessId ? { businessId: v.businessId } : {}),
    kind: v.kind,
    topic: v.topic,
    legalBasis: v.legalBasis || null,
    decisionNumber: v.decisionNumber || null,
    decisionDate: iso(v.decisionDate),
    decisionSigner: v.decisionSigner || null,
    plannedFrom: iso(v.plannedFrom)!,
    plannedTo: iso(v.plannedTo),
    actualDate: iso(v.actualDate),
    findings: v.findings || null,
    team: v.team ?? [],
    violations: (v.violations ?? []).map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      description: x.description,
      legalProvision: x.legalProvision,
      fineAmount: x.fineAmount ?? null,
      penaltyDecisionNumber: x.penaltyDecisionNumber || null,
      penaltyDecisionDate: iso(x.penaltyDecisionDate),
    })),
    requirements: (v.requirements ?? []).map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      content: x.content,
      deadline: iso(x.deadline)!,
    })),
  };
}

/**
 * `/an-toan-ve-sinh-lao-dong/thanh-tra/tao-moi` and `/chinh-sua/{id}`: the department plans or records an
 * inspection (decision, team, findings, violations, requirements with deadlines), starts, concludes or cancels
 * it; once concluded everyone who sees it reads it, the employer answers each requirement with evidence, and the
 * department accepts or returns the answers.
 */
export default function InspectionPage() {
  const { id } = useParams();
  const { t } = useTranslation('inspections');
  const department = useIsDepartment();
  const detail = useQuery({
    queryKey: inspectionKeys.one(id ?? ''),
    queryFn: ({ signal }) => inspectionApi.one(id!, signal),
    enabled: !!id,
  });
  // Employers' default types hold the create permission too; planning is the department's (the API refuses it).
  if (!id)
    return department ? <InspectionForm /> : <Alert type="warning" showIcon message={t('errors.INSPECTORS_ONLY')} />;
  if (detail.isLoading) return <Skeleton active />;
  if (detail.isError || !detail.data)
    return <Alert type="error" showIcon message={errorText(detail.error ?? t('pages.empty'))} />;
  const d = detail.data;
  return d.actions.includes('edit') ? (
    <InspectionForm key={`${d.id}-${d.version}`} inspection={d} />
  ) : (
    <InspectionView inspection={d} />
  );
}

// ------------------------------------------------------------------------------------------------- the form

function InspectionForm({ inspection }: { inspection?: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [inspectorSearch, setInspectorSearch] = useState('');
  const inspectors = useQuery({
    queryKey: inspectionKeys.inspectors(inspectorSearch),
    queryFn: ({ signal }) => inspectionApi.inspectors(inspectorSearch, signal),
    staleTime: 30_000,
  });
  const inspectorOptions = useMemo(() => {
    const known = new Map((inspectors.data?.items ?? []).map((u) => [u.id, `${u.fullName} (${u.userName})`]));
    for (const m of inspection?.team ?? []) if (!known.has(m.userId)) known.set(m.userId, m.fullName);
    return [...known].map(([value, label]) => ({ value, label }));
  }, [inspectors.data, inspection]);
  const initial: Partial<FormValues> = inspection
    ? toForm(inspection)
    : { kind: 'planned', topic: 'osh', team: [], violations: [], requirements: [] };

  const save = useMutation({
    mutationFn: (values: FormValues) =>
      inspection
        ? inspectionApi.update(inspection.id, { ...toBody(values), version: inspection.version })
        : inspectionApi.create(toBody(values)),
    onSuccess: async (saved) => {
      toast.success(t(inspection ? 'pages.saved' : 'pages.created'));
      queryClient.setQueryData(inspectionKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
      if (!inspection) void navigate(inspectionPath(saved.id), { replace: true });
    },
    onError: (err) => showServerErrors(form, err),
  });

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
      scrollToFirstError
      data-testid="inspection-form"
    >
      {inspection && <InspectionHead inspection={inspection} />}
      <Card title={t('pages.sections.general')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {inspection ? (
              <Form.Item label={t('fields.business')}>
                <Input value={`${inspection.businessTaxCode} - ${inspection.businessName}`} disabled />
              </Form.Item>
            ) : (
              <Form.Item name="businessId" label={t('fields.business')} rules={[{ required: true }]}>
                <ReferenceSelect target={catalogByKey(EMPLOYER_AREA)} placeholder={t('pages.pickBusiness')} />
              </Form.Item>
            )}
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true }]}>
              <Select options={INSPECTION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="topic" label={t('fields.topic')} rules={[{ required: true }]}>
              <Select options={INSPECTION_TOPICS.map((k) => ({ value: k, label: t(`topics.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="legalBasis" label={t('fields.legalBasis')}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="decisionNumber" label={t('fields.decisionNumber')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="decisionDate" label={t('fields.decisionDate')}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="decisionSigner" label={t('fields.decisionSigner')}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={8} md={6}>
            <Form.Item name="plannedFrom" label={t('fields.plannedFrom')} rules={[{ required: true }]}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} md={6}>
            <Form.Item name="plannedTo" label={t('fields.plannedTo')}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} md={6}>
            <Form.Item name="actualDate" label={t('fields.actualDate')}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('pages.sections.team')} size="small" style={{ marginBottom: 16 }}>
        <Form.List name="team">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="start">
                  <Form.Item name={[f.name, 'userId']} rules={[{ required: true }]} style={{ flex: 1 }}>
                    <Select
                      showSearch={{ filterOption: false, onSearch: setInspectorSearch }}
                      placeholder={t('pages.pickInspector')}
                      options={inspectorOptions}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'role']} rules={[{ required: true }]} style={{ width: 160 }}>
                    <Select
                      options={(['leader', 'member'] as const).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                    />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('pages.remove')} onClick={() => remove(f.name)} />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ role: fields.length ? 'member' : 'leader' })}
                data-testid="add-member"
              >
                {t('pages.addMember')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card title={t('pages.sections.findings')} size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="findings" label={t('fields.findings')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} maxLength={20000} />
        </Form.Item>
      </Card>

      <Card title={t('pages.sections.violations')} size="small" style={{ marginBottom: 16 }}>
        <Form.List name="violations">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Card
                  key={f.key}
                  size="small"
                  type="inner"
                  title={`${t('fields.violation')} ${i + 1}`}
                  extra={
                    <Button
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('pages.remove')}
                      onClick={() => remove(f.name)}
                    />
                  }
                  style={{ marginBottom: 12 }}
                >
                  <Form.Item name={[f.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Row gutter={12}>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[f.name, 'description']}
                        label={t('fields.violation')}
                        rules={[{ required: true }]}
                      >
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[f.name, 'legalProvision']}
                        label={t('fields.legalProvision')}
                        rules={[{ required: true }]}
                      >
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
                      </Form.Item>
                    </Col>
                    <Col xs={8}>
                      <Form.Item name={[f.name, 'fineAmount']} label={t('fields.fineAmount')}>
                        <InputNumber min={0} step={500_000} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={8}>
                      <Form.Item name={[f.name, 'penaltyDecisionNumber']} label={t('fields.penaltyDecisionNumber')}>
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={8}>
                      <Form.Item name={[f.name, 'penaltyDecisionDate']} label={t('fields.penaltyDecisionDate')}>
                        <DatePicker format={DATE} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="add-violation">
                {t('pages.addViolation')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card title={t('pages.sections.requirements')} size="small" style={{ marginBottom: 16 }}>
        <Form.List name="requirements">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="start">
                  <Form.Item name={[f.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[f.name, 'content']} rules={[{ required: true }]} style={{ flex: 1 }}>
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      maxLength={4000}
                      placeholder={t('fields.requirement')}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'deadline']} rules={[{ required: true }]} style={{ width: 170 }}>
                    <DatePicker format={DATE} placeholder={t('fields.deadline')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('pages.remove')} onClick={() => remove(f.name)} />
                </Flex>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="add-requirement">
                {t('pages.addRequirement')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      {inspection && <History inspection={inspection} />}
      <Flex gap={8} wrap justify="space-between">
        <Button onClick={() => navigate(INSPECTION_PATHS.list)}>{t('pages.back')}</Button>
        <Space wrap>
          {inspection && <InspectionActions inspection={inspection} />}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-inspection">
            {t('pages.save')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}

/** Every step with its date, who took it and the reason given (a return, a cancellation). */
function History({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  if (!d.history.length) return null;
  return (
    <Card title={t('history.title')} size="small" style={{ marginBottom: 16 }}>
      <Timeline
        items={d.history.map((e, i) => ({
          key: i,
          color: e.action === 'return' || e.action === 'cancel' ? 'red' : e.action === 'close' ? 'green' : 'blue',
          content: (
            <span>
              <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text> ·{' '}
              {t(`history.${e.action}`, { defaultValue: e.action })}
              {e.actorName ? ` — ${e.actorName}` : ''}
              {e.reason ? `: ${e.reason}` : ''}
            </span>
          ),
        }))}
      />
    </Card>
  );
}

function InspectionHead({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {d.businessName}
      </Typography.Title>
      <StatusTag status={d.status} />
      <Typography.Text type="secondary">
        {t(`kinds.${d.kind}`)} · {t(`topics.${d.topic}`)} · {d.decisionNumber ?? t('pages.noNumber')}
      </Typography.Text>
    </Flex>
  );
}

/** Start, conclude, cancel, delete: the buttons the server says the caller may press now. */
function InspectionActions({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'conclude' | 'cancel' | null>(null);
  const done = async (saved: InspectionDetail | null, message: string) => {
    toast.success(message);
    if (saved) queryClient.setQueryData(inspectionKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
  };
  const start = useMutation({
    mutationFn: () => inspectionApi.start(d.id, d.version),
    onSuccess: (saved) => done(saved, t('pages.started')),
    onError: (err) => toast.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: () => inspectionApi.remove([d.id]),
    onSuccess: async () => {
      await done(null, t('pages.deleted'));
      void navigate(INSPECTION_PATHS.list);
    },
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <>
      {d.actions.includes('delete') && (
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: t('pages.deleteTitle'),
              content: t('pages.deleteContent'),
              okText: t('actions.delete'),
              okButtonProps: { danger: true },
              cancelText: t('pages.cancelButton'),
              onOk: () => remove.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('actions.delete')}
        </Button>
      )}
      {d.actions.includes('cancel') && <Button onClick={() => setOpen('cancel')}>{t('actions.cancel')}</Button>}
      {d.actions.includes('start') && (
        <Button
          onClick={() =>
            modal.confirm({
              title: t('pages.startTitle'),
              content: t('pages.startContent'),
              okText: t('actions.start'),
              cancelText: t('pages.cancelButton'),
              onOk: () => start.mutateAsync().catch(() => undefined),
            })
          }
          data-testid="start-inspection"
        >
          {t('actions.start')}
        </Button>
      )}
      {d.actions.includes('conclude') && (
        <Button onClick={() => setOpen('conclude')} data-testid="conclude-inspection">
          {t('actions.conclude')}
        </Button>
      )}
      <ConcludeDialog
        inspection={d}
        open={open === 'conclude'}
        onClose={() => setOpen(null)}
        onDone={(saved) => done(saved, t('pages.concluded'))}
      />
      <ReasonDialog
        open={open === 'cancel'}
        title={t('pages.cancelTitle')}
        label={t('fields.cancelReason')}
        onClose={() => setOpen(null)}
        submit={(reason) => inspectionApi.cancel(d.id, d.version, reason)}
        onDone={(saved) => done(saved, t('pages.cancelled'))}
      />
    </>
  );
}

function ConcludeDialog({
  inspection: d,
  open,
  onClose,
  onDone,
}: {
  inspection: InspectionDetail;
  open: boolean;
  onClose: () => void;
  onDone: (saved: InspectionDetail) => Promise<void>;
}) {
  const { t } = useTranslation('inspections');
  const [form] = Form.useForm<{
    conclusionNumber: string;
    conclusionDate: Dayjs;
    conclusionSummary: string;
    conclusionFileId?: string;
  }>();
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  const save = useMutation({
    mutationFn: (v: { conclusionNumber: string; conclusionDate: Dayjs; conclusionSummary: string }) =>
      inspectionApi.conclude(d.id, {
        version: d.version,
        conclusionNumber: v.conclusionNumber,
        conclusionDate: iso(v.conclusionDate)!,
        conclusionSummary: v.conclusionSummary,
        conclusionFileId: file?.id ?? null,
      }),
    onSuccess: async (saved) => {
      onClose();
      await onDone(saved);
    },
    onError: (err) => showServerErrors(form, err),
  });
  return (
    <Modal
      open={open}
      title={t('pages.concludeTitle')}
      okText={t('actions.conclude')}
      cancelText={t('pages.cancelButton')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Alert type="info" showIcon message={t('pages.concludeHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ conclusionDate: dayjs() }}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="conclusionNumber" label={t('fields.conclusionNumber')} rules={[{ required: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="conclusionDate" label={t('fields.conclusionDate')} rules={[{ required: true }]}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="conclusionSummary" label={t('fields.conclusionSummary')} rules={[{ required: true }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={20000} />
        </Form.Item>
        <Form.Item label={t('fields.conclusionFile')}>
          <FilePicker files={file ? [file] : []} max={1} onChange={(list) => setFile(list[0] ?? null)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Upload files through the files module (secure: the people of the inspection read them through its grant). */
function FilePicker({
  files,
  max,
  onChange,
}: {
  files: { id: string; name: string }[];
  max: number;
  onChange: (files: { id: string; name: string }[]) => void;
}) {
  const { t } = useTranslation('inspections');
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={4}>
      {files.map((f) => (
        <Flex key={f.id} gap={8} align="center">
          <FileLink id={f.id} name={f.name} />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('pages.remove')}
            onClick={() => onChange(files.filter((x) => x.id !== f.id))}
          />
        </Flex>
      ))}
      {files.length < max && (
        <Upload
          showUploadList={false}
          multiple={max > 1}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadFile(file as File, () => undefined, { path: INSPECTION_UPLOAD, secure: true, fileType: 'inspection' })
              .then((stored) => {
                onChange([...files, { id: stored.id, name: stored.name }].slice(0, max));
                onSuccess?.(stored);
              })
              .catch((err: unknown) => {
                toast.error(errorText(err));
                onError?.(err as Error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="upload-file">
            {t('pages.upload')}
          </Button>
        </Upload>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('pages.uploadHint')}
      </Typography.Text>
    </Flex>
  );
}

function ReasonDialog({
  open,
  title,
  label,
  onClose,
  submit,
  onDone,
}: {
  open: boolean;
  title: string;
  label: string;
  onClose: () => void;
  submit: (reason: string) => Promise<InspectionDetail>;
  onDone: (saved: InspectionDetail) => Promise<void>;
}) {
  const { t } = useTranslation('inspections');
  const [form] = Form.useForm<{ reason: string }>();
  const save = useMutation({
    mutationFn: (v: { reason: string }) => submit(v.reason),
    onSuccess: async (saved) => {
      onClose();
      await onDone(saved);
    },
    onError: (err) => showServerErrors(form, err),
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={t('pages.ok')}
      cancelText={t('pages.cancelButton')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ------------------------------------------------------------------------------------------------- reading

function InspectionView({ inspection: d }: { inspection: InspectionDetail }) {
  const { t } = useTranslation('inspections');
  const navigate = useNavigate();
  const department = useIsDepartment();
  return (
    <div data-testid="inspection-view">
      <InspectionHead inspection={d} />
      <Card title={t('pages.sections.general')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'business', label: t('fields.business'), children: `${d.businessTaxCode} - ${d.businessName}` },
            { key: 'ward', label: t('fields.ward'), children: d.wardName ?? '—' },
            { key: 'decision', label: t('fields.decisionNumber'), children: d.decisionNumber ?? '—' },
            { key: 'decisionDate', label: t('fields.decisionDate'), children: showDate(d.decisionDate) },
            { key: 'signer', label: t('fields.decisionSigner'), children: d.decisionSigner ?? '—' },
            {
              key: 'planned',
              label: t('fields.plannedFrom'),
              children: `${showDate(d.plannedFrom)}${d.plannedTo ? ` – ${showDate(d.plannedTo)}` : ''}`,
            },
            { key: 'actual', label: t('fields.actualDate'), children: showDate(d.actualDate) },
            {
              key: 'team',
              label: t('fields.team'),
              children: d.team.length
                ? d.team.map((m) => `${m.fullName} (${t(`roles.${m.role}`)})`).join(', ')
                : t('pages.noTeam'),
            },
            { key: 'basis', label: t('fields.legalBasis'), children: d.legalBasis ?? '—', span: 2 },
            ...(d.cancelReason
              ? [{ key: 'cancel', label: t('fields.cancelReason'), children: d.cancelReason, span: 2 }]
              : []),
          ]}
        />
      </Card>
      {d.findings && (
        <Card title={t('pages.sections.findings')} size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.findings}</Typography.Paragraph>
        </Card>
      )}
      {d.conclusionNumber && (
        <Card title={t('pages.sections.conclusion')} size="small" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'n', label: t('fields.conclusionNumber'), children: d.conclusionNumber },
              { key: 'd', label: t('fields.conclusionDate'), children: showDate(d.conclusionDate) },
              {
                key: 's',
                label: t('fields.conclusionSummary'),
                span: 2,
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.conclusionSummary}</span>,
              },
              ...(d.conclusionFile
                ? [
                    {
                      key: 'f',
                      label: t('fields.conclusionFile'),
                      children: <FileLink id={d.conclusionFile.id} name={d.conclusionFile.name} />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
      <Card title={t('pages.sections.violations')} size="small" style={{ marginBottom: 16 }}>
        {d.violations.length ? (
          <List
            dataSource={d.violations}
            renderItem={(v, i) => (
              <List.Item key={v.id}>
                <List.Item.Meta
                  title={`${i + 1}. ${v.description}`}
                  description={
                    <Flex gap={8} wrap>
                      <span>{v.legalProvision}</span>
                      {v.fineAmount != null && (
                        <Tag color="red">
                          {t('fields.fineAmount')}: {money(v.fineAmount)}
                        </Tag>
                      )}
                      {v.penaltyDecisionNumber && <Tag>{v.penaltyDecisionNumber}</Tag>}
                      {v.violatingOrganizationId && <Tag color="orange">{t('fields.onViolationList')}</Tag>}
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.noViolations')} />
        )}
      </Card>
      <Card title={t('pages.sections.requirements')} size="small" style={{ marginBottom: 16 }}>
        {d.requirements.length ? (
          <List
            dataSource={d.requirements}
            renderItem={(r, i) => <RequirementItem key={r.id} requirement={r} index={i} />}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.noRequirements')} />
        )}
      </Card>
      <History inspection={d} />
      <Flex gap={8} justify="space-between">
        <Button onClick={() => navigate(INSPECTION_PATHS.list)}>{t('pages.back')}</Button>
        {department && <InspectionActions inspection={d} />}
      </Flex>
    </div>
  );
}

function RequirementItem({ requirement: r, index }: { requirement: Requirement; index: number }) {
  const { t } = useTranslation('inspections');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'answer' | 'return' | null>(null);
  const done = async (saved: InspectionDetail, message: string) => {
    toast.success(message);
    queryClient.setQueryData(inspectionKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
  };
  const accept = useMutation({
    mutationFn: () => inspectionApi.accept(r.id),
    onSuccess: (saved) => done(saved, t('pages.accepted')),
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <List.Item
      data-testid={`requirement-${index}`}
      actions={[
        ...(r.actions.includes('answer')
          ? [
              <Button key="answer" type="primary" size="small" onClick={() => setOpen('answer')}>
                {t('actions.answer')}
              </Button>,
            ]
          : []),
        ...(r.actions.includes('accept')
          ? [
              <Button
                key="accept"
                type="primary"
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: t('actions.accept'),
                    content: r.content,
                    okText: t('actions.accept'),
                    cancelText: t('pages.cancelButton'),
                    onOk: () => accept.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('actions.accept')}
              </Button>,
            ]
          : []),
        ...(r.actions.includes('return')
          ? [
              <Button key="return" size="small" onClick={() => setOpen('return')}>
                {t('actions.return')}
              </Button>,
            ]
          : []),
      ]}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} wrap align="center">
            <span>
              {index + 1}. {r.content}
            </span>
            <RequirementTag status={r.status} overdue={r.overdue} />
          </Flex>
        }
        description={
          <Flex vertical gap={4}>
            <span>
              {t('fields.deadline')}: {showDate(r.deadline)}
            </span>
            {r.answerText && (
              <span>
                <strong>{t('fields.answer')}:</strong> {r.answerText}
              </span>
            )}
            {r.answerFiles.length > 0 && (
              <Flex gap={8} wrap>
                <strong>{t('fields.evidence')}:</strong>
                {r.answerFiles.map((f) => (
                  <FileLink key={f.id} id={f.id} name={f.name} />
                ))}
              </Flex>
            )}
            {r.reviewReason && (
              <Typography.Text type="danger">
                {t('fields.reviewReason')}: {r.reviewReason}
              </Typography.Text>
            )}
          </Flex>
        }
      />
      <AnswerDialog
        requirement={r}
        open={open === 'answer'}
        onClose={() => setOpen(null)}
        onDone={(saved) => done(saved, t('pages.answered'))}
      />
      <ReasonDialog
        open={open === 'return'}
        title={t('pages.returnTitle')}
        label={t('fields.reviewReason')}
        onClose={() => setOpen(null)}
        submit={(reason) => inspectionApi.giveBack(r.id, reason)}
        onDone={(saved) => done(saved, t('pages.returned'))}
      />
    </List.Item>
  );
}

function AnswerDialog({
  requirement: r,
  open,
  onClose,
  onDone,
}: {
  requirement: Requirement;
  open: boolean;
  onClose: () => void;
  onDone: (saved: InspectionDetail) => Promise<void>;
}) {
  const { t } = useTranslation('inspections');
  const [form] = Form.useForm<{ answerText: string }>();
  const [files, setFiles] = useState<{ id: string; name: string }[]>([]);
  const save = useMutation({
    mutationFn: (v: { answerText: string }) =>
      inspectionApi.answer(
        r.id,
        v.answerText,
        files.map((f) => f.id),
      ),
    onSuccess: async (saved) => {
      onClose();
      setFiles([]);
      await onDone(saved);
    },
    onError: (err) => showServerErrors(form, err, undefined, { text: 'answerText' }),
  });
  return (
    <Modal
      open={open}
      title={t('pages.answerTitle')}
      okText={t('actions.answer')}
      cancelText={t('pages.cancelButton')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={620}
    >
      <Typography.Paragraph type="secondary">{r.content}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="answerText" label={t('pages.answerText')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={8000} />
        </Form.Item>
        <Form.Item label={t('fields.evidence')}>
          <FilePicker files={files} max={10} onChange={setFiles} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
