import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Table,
  Timeline,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  FilePdfOutlined,
  PlusOutlined,
  RollbackOutlined,
  SaveOutlined,
  SearchOutlined,
  SendOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { accidentSeverity, SEVERITIES, type FieldChange, type Severity } from '@portal/domain/accidents/rules';
import { DATE_TIME_FORMAT } from '@portal/domain/format';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { catalogApi } from '../../catalog/api.ts';
import { AdminUnitSelect, ReferenceSelect, TreeReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { showServerErrors } from '../../platform/form/index.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { accidentApi, accidentKeys, type AccidentBody, type AccidentDetail, type VictimBody } from './api.ts';
import { accidentPath, errorText, investigationPath, money, SeverityTag, showTime, StatusTag } from './ui.tsx';

interface VictimValues extends Omit<VictimBody, 'birthYear'> {
  birthYear: number | null;
}

interface Values {
  wardId: string | null;
  occurredAt: Dayjs | null;
  place: string;
  description: string;
  accidentReasonId: string | null;
  injuryElementId: string | null;
  allowanceCase: boolean;
  propertyDamage: number | null;
  otherCost: number | null;
  riskAssessmentId: string | null;
  reporterName: string | null;
  reporterPhone: string | null;
  victims: VictimValues[];
  reason?: string;
}

const FIELDS = [
  'wardId',
  'occurredAt',
  'place',
  'description',
  'accidentReasonId',
  'injuryElementId',
  'allowanceCase',
  'propertyDamage',
  'otherCost',
  'riskAssessmentId',
  'reporterName',
  'reporterPhone',
  'victims',
  'reason',
];

const newVictim = (): VictimValues => ({
  workerId: null,
  fullName: '',
  female: false,
  birthYear: null,
  occupationId: null,
  injuryTypeId: null,
  bodyPart: null,
  severity: 'light',
  underManagement: true,
  daysOff: 0,
  medicalCost: 0,
  wageCost: 0,
  compensationCost: 0,
});

const moneyInput = {
  min: 0,
  step: 100_000,
  style: { width: '100%' },
  formatter: (v?: number | string) => money(Number(v ?? 0)),
};

function toBody(values: Values): AccidentBody {
  return {
    wardId: values.wardId ?? '',
    occurredAt: (values.occurredAt ?? dayjs()).toISOString(),
    place: values.place?.trim() ?? '',
    description: values.description?.trim() ?? '',
    accidentReasonId: values.accidentReasonId ?? null,
    injuryElementId: values.injuryElementId ?? null,
    allowanceCase: !!values.allowanceCase,
    propertyDamage: values.propertyDamage ?? 0,
    otherCost: values.otherCost ?? 0,
    riskAssessmentId: values.riskAssessmentId ?? null,
    reporterName: values.reporterName?.trim() || null,
    reporterPhone: values.reporterPhone?.trim() || null,
    victims: (values.victims ?? []).map((v) => ({
      workerId: v.workerId ?? null,
      fullName: v.fullName?.trim() ?? '',
      female: !!v.female,
      birthYear: v.birthYear ?? null,
      occupationId: v.occupationId ?? null,
      injuryTypeId: v.injuryTypeId ?? null,
      bodyPart: v.bodyPart?.trim() || null,
      severity: v.severity,
      underManagement: v.underManagement !== false,
      daysOff: v.daysOff ?? 0,
      medicalCost: v.medicalCost ?? 0,
      wageCost: v.wageCost ?? 0,
      compensationCost: v.compensationCost ?? 0,
    })),
  };
}

/** One victim's fields; an employer may pick the worker of its register, which fills the person's facts. */
function VictimFields({ index, onRemove, employer }: { index: number; onRemove?: () => void; employer: boolean }) {
  const { t } = useTranslation('accidents');
  const form = Form.useFormInstance();
  // Inside Form.List the items' names are relative to the list; the form instance wants the full path.
  const name = (field: string) => [index, field];
  const path = (field: string) => ['victims', index, field];
  const pickWorker = async (workerId: string | null) => {
    if (!workerId) return;
    const w = await catalogApi(catalogByKey('worker'))
      .get(workerId)
      .catch(() => null);
    if (!w) return;
    const born = typeof w.birthDate === 'string' ? Number(w.birthDate.slice(0, 4)) : null;
    const current = form.getFieldValue(['victims', index]) as VictimValues;
    form.setFieldValue(['victims', index], {
      ...current,
      fullName: String(w.fullName ?? current.fullName ?? ''),
      female: w.sex === 'female',
      birthYear: born,
      occupationId: (w.occupationId as string | null | undefined) ?? current.occupationId,
      underManagement: true,
    });
  };
  return (
    <Card
      size="small"
      type="inner"
      title={t('form.victimN', { n: index + 1 })}
      style={{ marginBottom: 12 }}
      extra={
        onRemove && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('form.removeVictim')}>
            {t('form.removeVictim')}
          </Button>
        )
      }
      data-testid={`victim-${index}`}
    >
      <Row gutter={12}>
        {employer && (
          <Col xs={24} md={12}>
            <Form.Item name={name('workerId')} label={t('fields.victim.worker')}>
              <ReferenceSelect
                target={catalogByKey('worker')}
                id={`victims_${index}_workerId`}
                placeholder={t('form.pickWorker')}
                onChange={(v) => {
                  form.setFieldValue(path('workerId'), v);
                  void pickWorker(v);
                }}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={employer ? 12 : 16}>
          <Form.Item
            name={name('fullName')}
            label={t('fields.victim.fullName')}
            rules={[{ required: true, min: 2, whitespace: true, message: t('validation.victimName') }]}
          >
            <Input maxLength={200} id={`victims_${index}_fullName`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={name('birthYear')} label={t('fields.victim.birthYear')}>
            <InputNumber min={1900} max={2100} style={{ width: '100%' }} id={`victims_${index}_birthYear`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={name('female')} label=" " valuePropName="checked">
            <Checkbox id={`victims_${index}_female`}>{t('fields.victim.female')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('occupationId')} label={t('fields.victim.occupation')}>
            <TreeReferenceSelect target={catalogByKey('typeOfProfession')} id={`victims_${index}_occupationId`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('injuryTypeId')} label={t('fields.victim.injuryType')}>
            <ReferenceSelect target={catalogByKey('injuryReason')} id={`victims_${index}_injuryTypeId`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('bodyPart')} label={t('fields.victim.bodyPart')}>
            <Input maxLength={200} id={`victims_${index}_bodyPart`} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('severity')} label={t('fields.victim.severity')} rules={[{ required: true }]}>
            <Select
              id={`victims_${index}_severity`}
              options={SEVERITIES.map((s) => ({ value: s, label: t(`victimSeverities.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={name('underManagement')} label=" " valuePropName="checked">
            <Checkbox id={`victims_${index}_underManagement`}>{t('fields.victim.underManagement')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('daysOff')} label={t('fields.victim.daysOff')}>
            <InputNumber min={0} max={100000} style={{ width: '100%' }} id={`victims_${index}_daysOff`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('medicalCost')} label={t('fields.victim.medicalCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_medicalCost`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('wageCost')} label={t('fields.victim.wageCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_wageCost`} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={name('compensationCost')} label={t('fields.victim.compensationCost')}>
            <InputNumber {...moneyInput} id={`victims_${index}_compensationCost`} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The accident's class from the victims being edited (Decree 39/2016 Art 9). */
const classOf = (victims: unknown): Severity =>
  accidentSeverity(
    (Array.isArray(victims) ? (victims as Partial<VictimValues>[]) : []).map((v) => ({
      severity: (v?.severity ?? 'light') as Severity,
    })),
  );

function AccidentClass({ victims }: { victims: unknown }) {
  const { t } = useTranslation('accidents');
  const severity = classOf(victims);
  return (
    <Flex gap={8} align="center" data-testid="accident-class">
      {t('form.classNote', { severity: t(`severities.${severity}`) })}
      <SeverityTag severity={severity} />
    </Flex>
  );
}

/** The declaration form: a new declaration, or an amendment (with its reason) of the current version. */
function AccidentForm({ detail }: { detail: AccidentDetail | null }) {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserData();
  const [form] = Form.useForm<Values>();
  const employer = detail ? !!detail.businessId : user?.unit.kind === 'employer';

  const initialValues = useMemo<Values>(
    () => ({
      wardId: detail?.wardId ?? (employer ? null : (user?.unit.localUnitCode ?? null)),
      occurredAt: detail ? dayjs(detail.occurredAt) : null,
      place: detail?.place ?? '',
      description: detail?.description ?? '',
      accidentReasonId: detail?.accidentReasonId ?? null,
      injuryElementId: detail?.injuryElementId ?? null,
      allowanceCase: detail?.allowanceCase ?? false,
      propertyDamage: detail?.propertyDamage ?? 0,
      otherCost: detail?.otherCost ?? 0,
      riskAssessmentId: detail?.riskAssessmentId ?? null,
      reporterName: detail?.reporterName ?? user?.fullName ?? null,
      reporterPhone: detail?.reporterPhone ?? null,
      victims: detail?.victims.map((v) => ({ ...v })) ?? [newVictim()],
    }),
    [detail, employer, user],
  );
  useEffect(() => form.resetFields(), [form, initialValues]);

  const save = useMutation({
    mutationFn: (values: Values) =>
      detail
        ? accidentApi.amend(detail.id, { ...toBody(values), version: detail.version, reason: values.reason ?? '' })
        : accidentApi.create(toBody(values)),
    onSuccess: async (saved) => {
      toast.success(detail ? t('form.amended', { version: saved.version }) : t('form.received', { code: saved.code }));
      await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
      if (!detail) void navigate(accidentPath(saved.id), { replace: true });
      else form.setFieldValue('reason', '');
    },
    onError: (err) => showServerErrors(form, err, FIELDS),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => save.mutate(values)}
      disabled={save.isPending}
      data-testid="accident-form"
    >
      {!employer && !detail && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.commune')} />}
      <Typography.Title level={5}>{t('form.general')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="occurredAt"
            label={t('fields.occurredAt')}
            rules={[{ required: true, message: t('validation.occurredAt') }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_FORMAT}
              style={{ width: '100%' }}
              id="occurredAt"
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="wardId" label={t('fields.ward')} rules={[{ required: true, message: t('validation.ward') }]}>
            <AdminUnitSelect level="ward" id="wardId" placeholder={t('fields.ward')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="place"
            label={t('fields.place')}
            rules={[{ required: true, min: 3, whitespace: true, message: t('validation.place') }]}
          >
            <Input maxLength={500} id="place" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="description"
            label={t('fields.description')}
            rules={[{ required: true, min: 10, whitespace: true, message: t('validation.description') }]}
          >
            <Input.TextArea rows={4} maxLength={4000} showCount id="description" />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.victimsTitle')}</Typography.Title>
      <Form.List name="victims">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <VictimFields
                key={f.key}
                index={f.name}
                employer={employer}
                {...(fields.length > 1 ? { onRemove: () => remove(f.name) } : {})}
              />
            ))}
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
              <Button icon={<PlusOutlined />} onClick={() => add(newVictim())} data-testid="victim-add">
                {t('form.addVictim')}
              </Button>
              <Form.Item noStyle shouldUpdate>
                {() => <AccidentClass victims={form.getFieldValue('victims') as unknown} />}
              </Form.Item>
            </Flex>
          </>
        )}
      </Form.List>
      <Form.Item noStyle shouldUpdate>
        {() =>
          classOf(form.getFieldValue('victims') as unknown) !== 'light' && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('form.routeNote')} />
          )
        }
      </Form.Item>

      <Typography.Title level={5}>{t('form.causes')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="accidentReasonId" label={t('fields.accidentReason')}>
            <ReferenceSelect target={catalogByKey('accidentReason')} id="accidentReasonId" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="injuryElementId" label={t('fields.injuryElement')}>
            <ReferenceSelect target={catalogByKey('injuryElement')} id="injuryElementId" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="propertyDamage" label={t('fields.propertyDamage')}>
            <InputNumber {...moneyInput} id="propertyDamage" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="otherCost" label={t('fields.otherCost')}>
            <InputNumber {...moneyInput} id="otherCost" />
          </Form.Item>
        </Col>
        {employer && (
          <Col xs={24} md={12}>
            <Form.Item name="riskAssessmentId" label={t('fields.riskAssessment')}>
              <ReferenceSelect target={catalogByKey('riskAssessment')} id="riskAssessmentId" />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="allowanceCase" valuePropName="checked">
            <Checkbox id="allowanceCase">{t('fields.allowanceCase')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reporterName" label={t('fields.reporterName')}>
            <Input maxLength={200} id="reporterName" autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reporterPhone" label={t('fields.reporterPhone')}>
            <Input maxLength={30} id="reporterPhone" inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        {detail && (
          <Col span={24}>
            <Form.Item
              name="reason"
              label={t('form.amendReason')}
              rules={[{ required: true, min: 5, whitespace: true, message: t('validation.reason') }]}
            >
              <Input.TextArea rows={2} maxLength={1000} id="reason" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => void navigate(ACCIDENT_PATHS.declarations)} disabled={false}>
          {t('form.back')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          icon={detail ? <SaveOutlined /> : <SendOutlined />}
          loading={save.isPending}
          data-testid="accident-save"
        >
          {detail ? t('form.amend') : t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

/** The declaration as it stands, for those who may not amend it. */
function AccidentView({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'place', label: t('fields.place'), children: detail.place, span: 2 },
          { key: 'description', label: t('fields.description'), children: detail.description, span: 2 },
          { key: 'reason', label: t('fields.accidentReason'), children: detail.accidentReasonName ?? '—' },
          { key: 'element', label: t('fields.injuryElement'), children: detail.injuryElementName ?? '—' },
          { key: 'property', label: t('fields.propertyDamage'), children: money(detail.propertyDamage) },
          { key: 'other', label: t('fields.otherCost'), children: money(detail.otherCost) },
          {
            key: 'allowance',
            label: t('fields.allowanceCase'),
            children: detail.allowanceCase ? t('form.yes') : t('form.no'),
          },
          { key: 'risk', label: t('fields.riskAssessment'), children: detail.riskAssessmentTitle ?? '—' },
          {
            key: 'reporter',
            label: t('fields.reporterName'),
            children: [detail.reporterName, detail.reporterPhone].filter(Boolean).join(' – ') || '—',
          },
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={detail.victims}
        data-testid="victim-table"
        columns={[
          { title: t('fields.victim.fullName'), dataIndex: 'fullName', key: 'fullName' },
          { title: t('fields.victim.birthYear'), dataIndex: 'birthYear', key: 'birthYear', width: 90 },
          { title: t('fields.victim.occupation'), dataIndex: 'occupationName', key: 'occupation', ellipsis: true },
          { title: t('fields.victim.injuryType'), dataIndex: 'injuryTypeName', key: 'injury', ellipsis: true },
          {
            title: t('fields.victim.severity'),
            key: 'severity',
            width: 130,
            render: (_v, v) => t(`victimSeverities.${v.severity}`),
          },
          { title: t('fields.victim.daysOff'), dataIndex: 'daysOff', key: 'daysOff', width: 90, align: 'right' },
          {
            title: t('fields.victim.medicalCost'),
            key: 'medical',
            width: 140,
            align: 'right',
            render: (_v, v) => money(v.medicalCost),
          },
        ]}
      />
    </>
  );
}

/** Whom the declaration was routed to, by which rule, when. */
function Routings({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  return (
    <Card size="small" title={t('form.routingTitle')} style={{ marginTop: 16 }} data-testid="accident-routings">
      {detail.routings.length === 0 ? (
        <Typography.Text type="secondary">{t('form.routingEmpty')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {detail.routings.map((r) => (
            <li key={r.ruleCode}>
              {t('form.routingRow', {
                recipient: t(`recipients.${r.recipient}`),
                name: r.recipientName,
                rule: r.ruleCode,
                basis: r.legalBasis ?? '',
                at: showTime(r.routedAt),
                users: r.notifiedUsers,
              })}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A changed field's label: 'victims.2.medicalCost' → "Người bị nạn 2 — Chi phí y tế" ('…Id'/'…Name' → the field). */
function useFieldLabel() {
  const { t } = useTranslation('accidents');
  const label = (prefix: string, key: string) =>
    t(`${prefix}.${key}`, { defaultValue: t(`${prefix}.${key.replace(/(Id|Name)$/, '')}`, { defaultValue: key }) });
  return (field: string) => {
    const m = /^victims\.(\d+)\.(\w+)$/.exec(field);
    if (m) return t('form.victimField', { n: m[1], field: label('fields.victim', m[2]!) });
    return label('fields', field);
  };
}

const MONEY = /(Cost|Damage)$/;

const shown = (field: string, value: unknown, t: (k: string) => string): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('form.yes') : t('form.no');
  if (typeof value === 'number') return MONEY.test(field) ? money(value) : String(value);
  if (field.endsWith('severity') && typeof value === 'string')
    return t(`${field.startsWith('victims.') ? 'victimSeverities' : 'severities'}.${value}`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return showTime(value);
  return String(value);
};

/** Every version, newest first, each with what changed against the one before (ids hidden: their names show). */
function VersionHistory({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const label = useFieldLabel();
  const versions = useQuery({
    queryKey: accidentKeys.versions(detail.id),
    queryFn: ({ signal }) => accidentApi.versions(detail.id, signal),
  });
  const readable = (changes: FieldChange[]) =>
    changes.filter((c) => !/Id$/.test(c.field) || !changes.some((o) => o.field === c.field.replace(/Id$/, 'Name')));
  return (
    <Card size="small" title={t('form.historyTitle')} style={{ marginTop: 16 }} data-testid="accident-history">
      {versions.isLoading && <Skeleton active />}
      {versions.isError && <Alert type="error" showIcon message={errorText(versions.error)} />}
      {versions.data && (
        <Timeline
          items={versions.data.versions.map((v) => ({
            key: v.version,
            color: v.current ? 'blue' : 'gray',
            children: (
              <div data-testid={`version-${v.version}`}>
                <Typography.Text strong>
                  {t('form.historyVersion', { version: v.version })}
                  {v.current ? ` (${t('form.historyCurrent')})` : ''}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t('form.historyBy', { at: showTime(v.at), name: v.changedByName ?? '—' })}
                </Typography.Text>
                <div>{v.reason ? t('form.historyReason', { reason: v.reason }) : t('form.historyFirst')}</div>
                {v.version > 1 &&
                  (readable(v.changes as FieldChange[]).length ? (
                    <Table
                      size="small"
                      style={{ marginTop: 8 }}
                      pagination={false}
                      rowKey="field"
                      dataSource={readable(v.changes as FieldChange[])}
                      columns={[
                        { title: t('form.diffField'), key: 'field', render: (_x, c) => label(c.field), width: '30%' },
                        { title: t('form.diffBefore'), key: 'before', render: (_x, c) => shown(c.field, c.before, t) },
                        { title: t('form.diffAfter'), key: 'after', render: (_x, c) => shown(c.field, c.after, t) },
                      ]}
                    />
                  ) : (
                    <Typography.Text type="secondary">{t('form.noChanges')}</Typography.Text>
                  ))}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** The department's request for completion, with its reason. */
function ReturnButton({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const send = useMutation({
    mutationFn: (reason: string) => accidentApi.returnForCompletion(detail.id, detail.version, reason),
    onSuccess: async () => {
      toast.success(t('form.returned'));
      await queryClient.invalidateQueries({ queryKey: accidentKeys.all });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <Button
      icon={<RollbackOutlined />}
      data-testid="accident-return"
      onClick={() =>
        modal.confirm({
          title: t('form.returnTitle'),
          icon: null,
          content: (
            <Form form={form} layout="vertical">
              <Form.Item
                name="reason"
                label={t('fields.returnReason')}
                rules={[{ required: true, min: 5, whitespace: true, message: t('validation.reason') }]}
              >
                <Input.TextArea rows={3} maxLength={2000} id="returnReason" />
              </Form.Item>
            </Form>
          ),
          okText: t('form.returnAction'),
          cancelText: t('form.cancel'),
          onOk: async () => {
            const { reason } = await form.validateFields();
            await send.mutateAsync(reason.trim());
          },
        })
      }
    >
      {t('form.returnAction')}
    </Button>
  );
}

/** One declaration: its head, routing, the form (declarant) or the view, the history with its differences. */
function AccidentDetailView({ detail }: { detail: AccidentDetail }) {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const mayAmend = detail.actions.includes('amend');
  return (
    <Card
      title={t('form.editTitle', { code: detail.code })}
      extra={
        <Flex gap={8} wrap>
          <Button
            icon={<FilePdfOutlined />}
            onClick={() => void accidentApi.receipt(detail.id, detail.code).catch((e) => toast.error(errorText(e)))}
            data-testid="accident-receipt"
          >
            {t('form.receipt')}
          </Button>
          {detail.actions.includes('return') && <ReturnButton detail={detail} />}
          {detail.actions.includes('investigate') && (
            <Button
              type="primary"
              icon={<SearchOutlined />}
              data-testid="accident-investigate"
              onClick={() => void navigate(`${ACCIDENT_PATHS.investigationCreate}?accidentId=${detail.id}`)}
            >
              {t('form.investigate')}
            </Button>
          )}
          {detail.investigationId && (
            <Link to={investigationPath(detail.investigationId)} data-testid="accident-investigation-link">
              <Button>{t('form.openInvestigation')}</Button>
            </Link>
          )}
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'code',
            label: t('fields.code'),
            children: <strong data-testid="accident-code">{detail.code}</strong>,
          },
          { key: 'status', label: t('fields.status'), children: <StatusTag status={detail.status} /> },
          { key: 'severity', label: t('fields.severity'), children: <SeverityTag severity={detail.severity} /> },
          {
            key: 'declarant',
            label: t('fields.declarant'),
            children: detail.businessName ?? detail.declaredByUnitName ?? '—',
          },
          { key: 'occurred', label: t('fields.occurredAt'), children: showTime(detail.occurredAt) },
          { key: 'notified', label: t('fields.notifiedAt'), children: showTime(detail.notifiedAt) },
          { key: 'ward', label: t('fields.ward'), children: detail.wardName ?? '—' },
          {
            key: 'counts',
            label: t('fields.counts'),
            children: `${detail.victimCount} / ${detail.deathCount} / ${detail.seriousCount}`,
          },
          { key: 'version', label: t('fields.version'), children: detail.version },
        ]}
      />
      {detail.status === 'returned' && detail.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('form.returnedBanner', { reason: detail.returnReason })}
          data-testid="accident-returned"
        />
      )}
      {mayAmend ? <AccidentForm detail={detail} /> : <AccidentView detail={detail} />}
      <Routings detail={detail} />
      <VersionHistory detail={detail} />
    </Card>
  );
}

/** /…/khai-bao-tai-nan-lao-dong/tao-moi and /…/chinh-sua/{id}. */
export default function AccidentPage() {
  const { t } = useTranslation('accidents');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: accidentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => accidentApi.detail(id!, signal),
    enabled: !!id,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  if (!id)
    return (
      <Card title={t('form.createTitle')}>
        <AccidentForm detail={null} />
      </Card>
    );
  if (detail.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Card>
        {detail.error instanceof ApiError && detail.error.status === 404 ? (
          <Empty description={t('form.notFound')} />
        ) : (
          <Alert type="error" showIcon message={errorText(detail.error)} />
        )}
        <Button style={{ marginTop: 16 }} onClick={() => void navigate(ACCIDENT_PATHS.declarations)}>
          {t('form.back')}
        </Button>
      </Card>
    );
  return <AccidentDetailView key={`${detail.data.id}-${detail.data.version}`} detail={detail.data} />;
}
