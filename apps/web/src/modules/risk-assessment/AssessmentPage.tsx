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
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { CheckOutlined, EditOutlined, FilePdfOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format';
import {
  HAZARD_ANSWERS,
  HAZARD_GROUPS,
  MEASURE_STATUSES,
  RISK_ASSESSMENT_PATHS,
  RISK_LEVELS,
  riskScore,
  type HazardGroup,
  type RiskLevel,
} from '@portal/domain/risk-assessment/rules';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { DeleteButton } from '../../platform/dialogs/index.tsx';
import {
  assessmentPath,
  riskApi,
  riskKeys,
  type AssessmentDetails,
  type AssessmentHazard,
  type AssessmentMeasure,
  type LibraryHazard,
} from './api.ts';

const show = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
const money = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const RATINGS = [1, 2, 3, 4, 5] as const;
const LEVEL_COLORS: Record<RiskLevel, string> = { low: 'green', medium: 'gold', high: 'orange', veryHigh: 'red' };

function LevelTag({ level }: { level: RiskLevel | null }) {
  const { t } = useTranslation('riskAssessment');
  return level ? (
    <Tag color={LEVEL_COLORS[level]} data-testid="risk-level">
      {t(`levels.${level}`)}
    </Tag>
  ) : (
    <>—</>
  );
}

/** Every write answers the page's new state: put it in the cache, and refresh the lists and the library. */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return async (data?: AssessmentDetails) => {
    if (data) queryClient.setQueryData(riskKeys.details(id), data);
    await queryClient.invalidateQueries({ queryKey: riskKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'riskAssessment'] });
  };
}

// ------------------------------------------------------------------------------------------------ identification

function Identification({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const id = data.assessment.id;
  const refresh = useRefresh(id);
  const [picked, setPicked] = useState<string[]>([]);
  const [form] = Form.useForm<{ ownName: string; ownGroup: HazardGroup }>();
  const library = useQuery({
    queryKey: riskKeys.library(id),
    queryFn: ({ signal }) => riskApi.library(id, signal),
    enabled: data.canEdit,
  });
  const add = useSubmit({
    send: (body: Parameters<typeof riskApi.addHazards>[1], idempotencyKey: string) =>
      riskApi.addHazards(id, body, idempotencyKey),
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      setPicked([]);
      form.resetFields();
      await refresh(d);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {data.canEdit && (
        <Card
          size="small"
          title={t('page.library')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!picked.length}
              loading={add.busy}
              onClick={() => void add.submit({ hazardIds: picked })}
              data-testid="risk-add-selected"
            >
              {t('page.addSelected', { count: picked.length })}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('page.libraryHint')}</Typography.Paragraph>
          <Table<LibraryHazard>
            size="small"
            rowKey="id"
            loading={library.isLoading}
            dataSource={library.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            rowSelection={{
              selectedRowKeys: picked,
              onChange: (keys) => setPicked(keys.map(String)),
              getCheckboxProps: (r) => ({ disabled: r.added, 'aria-label': r.name }),
            }}
            columns={[
              { title: t('areas.hazard.fields.code'), dataIndex: 'code', width: 110 },
              { title: t('areas.hazard.fields.name'), dataIndex: 'name' },
              { title: t('areas.hazard.fields.hazardGroup'), width: 170, render: (_v, r) => t(`groups.${r.group}`) },
              {
                title: t('areas.hazard.fields.sector'),
                width: 170,
                render: (_v, r) => (r.added ? <Tag color="blue">{t('page.added')}</Tag> : t(`sectors.${r.sector}`)),
              },
            ]}
          />
        </Card>
      )}
      {data.canEdit && (
        <Card size="small" title={t('page.ownHazard')}>
          <Form
            form={form}
            layout="inline"
            onFinish={(v) => void add.submit({ own: [{ name: v.ownName.trim(), group: v.ownGroup }] })}
          >
            <Form.Item
              name="ownName"
              label={t('page.ownName')}
              rules={[{ required: true, whitespace: true, message: t('page.ownName') }]}
              style={{ flex: 1, minWidth: 320 }}
            >
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item
              name="ownGroup"
              label={t('page.ownGroup')}
              rules={[{ required: true, message: t('page.ownGroup') }]}
            >
              <Select
                style={{ width: 220 }}
                options={HAZARD_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" icon={<PlusOutlined />} loading={add.busy} data-testid="risk-add-own">
                {t('page.addOwn')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
      <HazardTable data={data} mode="identification" />
    </Space>
  );
}

// ------------------------------------------------------------------------------------------------ evaluation

interface EvaluateValues {
  answer: AssessmentHazard['answer'];
  currentControls?: string;
  likelihood?: number;
  severity?: number;
  note?: string;
}

function EvaluateDialog({
  hazard,
  onClose,
  assessmentId,
}: {
  hazard: AssessmentHazard;
  onClose: () => void;
  assessmentId: string;
}) {
  const { t } = useTranslation('riskAssessment');
  const refresh = useRefresh(assessmentId);
  const [form] = Form.useForm<EvaluateValues>();
  const answer = Form.useWatch('answer', form);
  const likelihood = Form.useWatch('likelihood', form);
  const severity = Form.useWatch('severity', form);
  const save = useSubmit({
    send: (v: EvaluateValues) =>
      riskApi.answer(hazard.id, {
        answer: v.answer,
        currentControls: v.answer === 'present' ? (v.currentControls ?? null) : null,
        likelihood: v.answer === 'present' ? (v.likelihood ?? null) : null,
        severity: v.answer === 'present' ? (v.severity ?? null) : null,
        note: v.note ?? null,
      }),
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      await refresh(d);
      onClose();
    },
    onError: (err) => {
      if (!showServerErrors(form, err, ['answer', 'likelihood', 'severity', 'currentControls', 'note']))
        toast.error(errorMessage(err));
    },
  });
  const present = answer === 'present';
  return (
    <Modal
      open
      width={720}
      title={t('page.evaluateTitle', { name: hazard.name })}
      okText={t('page.evaluate')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          answer: hazard.answer === 'unanswered' ? 'present' : hazard.answer,
          currentControls: hazard.currentControls ?? undefined,
          likelihood: hazard.likelihood ?? undefined,
          severity: hazard.severity ?? undefined,
          note: hazard.note ?? undefined,
        }}
        onFinish={(v) => void save.submit(v)}
      >
        <Form.Item name="answer" label={t('page.answer')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={HAZARD_ANSWERS.filter((a) => a !== 'unanswered').map((a) => ({
              value: a,
              label: t(`answers.${a}`),
            }))}
          />
        </Form.Item>
        {present && (
          <>
            {hazard.suggestedMeasures && (
              <Alert
                type="info"
                showIcon
                message={t('page.suggested')}
                description={hazard.suggestedMeasures}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item name="currentControls" label={t('page.currentControls')}>
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Row gutter={16}>
              <Col span={10}>
                <Form.Item
                  name="likelihood"
                  label={t('page.likelihood')}
                  rules={[{ required: true, message: t('page.likelihood') }]}
                >
                  <Select options={RATINGS.map((r) => ({ value: r, label: t(`likelihood.${r}`) }))} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  name="severity"
                  label={t('page.severity')}
                  rules={[{ required: true, message: t('page.severity') }]}
                >
                  <Select options={RATINGS.map((r) => ({ value: r, label: t(`severity.${r}`) }))} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item label={t('page.score')}>
                  <Typography.Text strong data-testid="risk-score-preview">
                    {likelihood && severity ? riskScore(likelihood, severity) : '—'}
                  </Typography.Text>
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Form.Item name="note" label={t('areas.riskAssessment.fields.note')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function HazardTable({ data, mode }: { data: AssessmentDetails; mode: 'identification' | 'evaluation' }) {
  const { t } = useTranslation('riskAssessment');
  const id = data.assessment.id;
  const refresh = useRefresh(id);
  const [evaluating, setEvaluating] = useState<AssessmentHazard | null>(null);
  const remove = useMutation({
    mutationFn: (rowId: string) => riskApi.removeHazard(rowId),
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      await refresh(d);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Card size="small" title={t('page.hazards')} extra={t('page.summary', data.summary)}>
      <Table<AssessmentHazard>
        size="small"
        rowKey="id"
        dataSource={data.hazards}
        pagination={false}
        locale={{ emptyText: <Empty description={t('page.noHazards')} /> }}
        data-testid={`risk-hazards-${mode}`}
        columns={[
          {
            title: t('areas.hazard.fields.name'),
            render: (_v, h) => (
              <Space size={4} wrap>
                {h.name}
                {h.own && <Tag>{t('page.own')}</Tag>}
              </Space>
            ),
          },
          { title: t('areas.hazard.fields.hazardGroup'), width: 160, render: (_v, h) => t(`groups.${h.group}`) },
          {
            title: t('page.answer'),
            width: 130,
            render: (_v, h) => (
              <Tag color={h.answer === 'present' ? 'blue' : h.answer === 'unanswered' ? 'default' : 'green'}>
                {t(`answers.${h.answer}`)}
              </Tag>
            ),
          },
          ...(mode === 'evaluation'
            ? [
                {
                  title: t('page.likelihood'),
                  width: 90,
                  render: (_v: unknown, h: AssessmentHazard) => h.likelihood ?? '—',
                },
                {
                  title: t('page.severity'),
                  width: 90,
                  render: (_v: unknown, h: AssessmentHazard) => h.severity ?? '—',
                },
                { title: t('page.score'), width: 70, render: (_v: unknown, h: AssessmentHazard) => h.score ?? '—' },
                {
                  title: t('page.level'),
                  width: 110,
                  render: (_v: unknown, h: AssessmentHazard) => <LevelTag level={h.level} />,
                },
              ]
            : []),
          ...(data.canEdit
            ? [
                {
                  title: '',
                  width: mode === 'evaluation' ? 170 : 60,
                  render: (_v: unknown, h: AssessmentHazard) =>
                    mode === 'evaluation' ? (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEvaluating(h)}
                        data-testid="risk-evaluate"
                      >
                        {t('page.evaluate')}
                      </Button>
                    ) : (
                      <DeleteButton
                        label={t('page.remove')}
                        confirm={t('page.removeConfirm', { name: h.name })}
                        onDelete={() => remove.mutateAsync(h.id)}
                      />
                    ),
                },
              ]
            : []),
        ]}
      />
      {evaluating && <EvaluateDialog hazard={evaluating} assessmentId={id} onClose={() => setEvaluating(null)} />}
    </Card>
  );
}

// ------------------------------------------------------------------------------------------------ action plan

interface MeasureValues {
  description: string;
  owner: string;
  deadline: Dayjs;
  cost?: number;
  status: AssessmentMeasure['status'];
  doneOn?: Dayjs | null;
}

function MeasureDialog({
  hazard,
  measure,
  assessmentId,
  onClose,
}: {
  hazard: AssessmentHazard;
  measure: AssessmentMeasure | null;
  assessmentId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('riskAssessment');
  const refresh = useRefresh(assessmentId);
  const [form] = Form.useForm<MeasureValues>();
  const status = Form.useWatch('status', form);
  const save = useSubmit({
    send: (v: MeasureValues, idempotencyKey: string) => {
      const body = {
        description: v.description.trim(),
        owner: v.owner.trim(),
        deadline: v.deadline.format('YYYY-MM-DD'),
        cost: v.cost ?? 0,
        status: v.status,
        doneOn: v.status === 'done' && v.doneOn ? v.doneOn.format('YYYY-MM-DD') : null,
      };
      return measure ? riskApi.updateMeasure(measure.id, body) : riskApi.addMeasure(hazard.id, body, idempotencyKey);
    },
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      await refresh(d);
      onClose();
    },
    onError: (err) => {
      if (!showServerErrors(form, err, ['description', 'owner', 'deadline', 'cost', 'status', 'doneOn']))
        toast.error(errorMessage(err));
    },
  });
  const required = (label: string) => [{ required: true, whitespace: true, message: label }];
  return (
    <Modal
      open
      width={720}
      title={t('page.measureTitle', { name: hazard.name })}
      okText={t(measure ? 'page.save' : 'page.addMeasure')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {hazard.suggestedMeasures && !measure && (
        <Alert
          type="info"
          showIcon
          message={t('page.suggested')}
          description={hazard.suggestedMeasures}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={
          measure
            ? {
                ...measure,
                deadline: dayjs(measure.deadline),
                doneOn: measure.doneOn ? dayjs(measure.doneOn) : null,
              }
            : { status: 'planned', cost: 0 }
        }
        onFinish={(v) => void save.submit(v)}
      >
        <Form.Item name="description" label={t('page.description')} rules={required(t('page.description'))}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="owner" label={t('page.owner')} rules={required(t('page.owner'))}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="deadline"
              label={t('page.deadline')}
              rules={[{ required: true, message: t('page.deadline') }]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="cost" label={t('page.cost')}>
              <InputNumber<number>
                min={0}
                max={1e15}
                step={100_000}
                style={{ width: '100%' }}
                formatter={(v) => (v == null ? '' : money(Number(v)))}
                parser={(v) => Number((v ?? '').replace(/\D/g, '') || 0)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="status" label={t('page.status')}>
              <Select options={MEASURE_STATUSES.map((s) => ({ value: s, label: t(`measureStatuses.${s}`) }))} />
            </Form.Item>
          </Col>
          {status === 'done' && (
            <Col span={8}>
              <Form.Item name="doneOn" label={t('page.doneOn')}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}

function ActionPlan({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const id = data.assessment.id;
  const refresh = useRefresh(id);
  const [editing, setEditing] = useState<{ hazard: AssessmentHazard; measure: AssessmentMeasure | null } | null>(null);
  const byId = useMemo(() => new Map(data.hazards.map((h) => [h.id, h])), [data.hazards]);
  const ordered = useMemo(() => {
    const prioritized = data.priority.map((p) => byId.get(p)!);
    const rest = data.hazards.filter((h) => h.answer === 'present' && !data.priority.includes(h.id));
    return [...prioritized, ...rest];
  }, [data, byId]);
  const remove = useMutation({
    mutationFn: (measureId: string) => riskApi.removeMeasure(measureId),
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      await refresh(d);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const s = data.summary;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('page.priority')}>
        <Table<AssessmentHazard>
          size="small"
          rowKey="id"
          pagination={false}
          data-testid="risk-priority"
          dataSource={data.priority.map((p) => byId.get(p)!)}
          locale={{ emptyText: <Empty description={t('page.noPriority')} /> }}
          columns={[
            { title: t('pdf.cols.no'), width: 60, render: (_v, _h, i) => i + 1 },
            { title: t('areas.hazard.fields.name'), dataIndex: 'name' },
            { title: t('page.likelihood'), width: 100, dataIndex: 'likelihood' },
            { title: t('page.severity'), width: 100, dataIndex: 'severity' },
            { title: t('page.score'), width: 70, dataIndex: 'score' },
            { title: t('page.level'), width: 110, render: (_v, h) => <LevelTag level={h.level} /> },
            { title: t('page.measures'), width: 90, render: (_v, h) => h.measures.length },
          ]}
        />
      </Card>
      <Typography.Text type="secondary" data-testid="risk-totals">
        {t('page.totals', {
          measures: s.measures,
          done: s.measuresDone,
          overdue: s.measuresOverdue,
          cost: money(s.cost),
        })}
      </Typography.Text>
      {ordered.map((h) => (
        <Card
          key={h.id}
          size="small"
          data-testid="risk-plan-hazard"
          title={
            <Space size={8} wrap>
              {h.name}
              <LevelTag level={h.level} />
            </Space>
          }
          extra={
            data.canManageMeasures && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ hazard: h, measure: null })}
                data-testid="risk-add-measure"
              >
                {t('page.addMeasure')}
              </Button>
            )
          }
        >
          <Table<AssessmentMeasure>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={h.measures}
            locale={{ emptyText: '—' }}
            columns={[
              { title: t('page.description'), dataIndex: 'description' },
              { title: t('page.owner'), dataIndex: 'owner', width: 180 },
              { title: t('page.deadline'), width: 110, render: (_v, m) => show(m.deadline) },
              { title: t('page.cost'), width: 130, align: 'right', render: (_v, m) => money(m.cost) },
              {
                title: t('page.status'),
                width: 170,
                render: (_v, m) =>
                  m.status === 'done' ? (
                    <Tag color="green">{`${t('measureStatuses.done')} ${show(m.doneOn)}`}</Tag>
                  ) : (
                    <Tag color={m.overdue ? 'red' : 'processing'}>
                      {t(`measureStatuses.${m.overdue ? 'overdue' : 'planned'}`)}
                    </Tag>
                  ),
              },
              ...(data.canManageMeasures
                ? [
                    {
                      title: '',
                      width: 100,
                      render: (_v: unknown, m: AssessmentMeasure) => (
                        <Space size={4}>
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            aria-label={t('page.editMeasure')}
                            title={t('page.editMeasure')}
                            onClick={() => setEditing({ hazard: h, measure: m })}
                          />
                          <DeleteButton
                            label={t('page.removeMeasure')}
                            confirm={t('page.removeMeasureConfirm', { name: m.description })}
                            onDelete={() => remove.mutateAsync(m.id)}
                          />
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      ))}
      {editing && (
        <MeasureDialog
          hazard={editing.hazard}
          measure={editing.measure}
          assessmentId={id}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}

// ------------------------------------------------------------------------------------------------ report

function Report({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const s = data.summary;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'hazards', label: t('page.hazards'), children: t('page.summary', s) },
          {
            key: 'levels',
            label: t('page.level'),
            children: (
              <Space size={4} wrap>
                {[...RISK_LEVELS].reverse().map((l) => (
                  <Tag key={l} color={LEVEL_COLORS[l]}>{`${t(`levels.${l}`)}: ${s.levels[l]}`}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'measures',
            label: t('page.measures'),
            span: 2,
            children: t('page.totals', {
              measures: s.measures,
              done: s.measuresDone,
              overdue: s.measuresOverdue,
              cost: money(s.cost),
            }),
          },
        ]}
      />
      <Card size="small" title={t('page.accidents')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.accidents}
          data-testid="risk-accidents"
          locale={{ emptyText: t('page.noAccidents') }}
          columns={[
            { title: t('page.accidentCode'), dataIndex: 'code', width: 160 },
            { title: t('page.accidentDate'), width: 120, render: (_v, a) => show(a.occurredOn) },
            { title: t('page.accidentPlace'), dataIndex: 'place' },
            {
              title: t('page.accidentSeverity'),
              width: 120,
              render: (_v, a) => t(`page.accidentSeverities.${a.severity}`, { defaultValue: a.severity }),
            },
            {
              title: '',
              width: 200,
              render: (_v, a) => (a.afterCompletion ? <Tag color="red">{t('page.afterCompletion')}</Tag> : null),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

// ------------------------------------------------------------------------------------------------ page

function AssessmentView({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const a = data.assessment;
  const refresh = useRefresh(a.id);
  const [tab, setTab] = useState(() => (data.hazards.length ? 'evaluation' : 'identification'));
  const [printing, setPrinting] = useState<'report' | 'plan' | null>(null);
  const complete = useMutation({
    mutationFn: () => riskApi.complete(a.id),
    onSuccess: async (d) => {
      toast.success(t('page.completed'));
      await refresh(d);
    },
    onError: (err) => {
      const details = err instanceof ApiError ? err.details.map((d) => d.message) : [];
      toast.error(errorMessage(err), details.length ? details.join('\n') : undefined);
    },
  });
  const reassess = useMutation({
    mutationFn: () => riskApi.reassess(a.id),
    onSuccess: async ({ id }) => {
      toast.success(t('page.reassessed'));
      await refresh();
      void navigate(assessmentPath(id));
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const print = (kind: 'report' | 'plan') => {
    setPrinting(kind);
    (kind === 'report' ? riskApi.reportPdf(a.id, a.title) : riskApi.planPdf(a.id, a.title))
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setPrinting(null));
  };
  const owner = data.canManageMeasures;
  const steps = [
    {
      key: 'preparation',
      label: `1. ${t('page.steps.preparation')}`,
      children: (
        <Descriptions
          bordered
          size="small"
          column={2}
          items={[
            { key: 'business', label: t('areas.riskAssessment.fields.businessId'), children: a.businessName ?? '—' },
            { key: 'workArea', label: t('areas.riskAssessment.fields.workArea'), children: a.workArea },
            { key: 'sector', label: t('areas.riskAssessment.fields.sector'), children: t(`sectors.${a.sector}`) },
            { key: 'assessedOn', label: t('areas.riskAssessment.fields.assessedOn'), children: show(a.assessedOn) },
            { key: 'assessors', label: t('areas.riskAssessment.fields.assessors'), children: a.assessors },
            { key: 'workers', label: t('areas.riskAssessment.fields.workerCount'), children: a.workerCount ?? '—' },
            { key: 'completedOn', label: t('areas.riskAssessment.fields.completedOn'), children: show(a.completedOn) },
            { key: 'next', label: t('areas.riskAssessment.fields.nextReviewOn'), children: show(a.nextReviewOn) },
            { key: 'note', label: t('areas.riskAssessment.fields.note'), span: 2, children: a.note || '—' },
          ]}
        />
      ),
    },
    { key: 'identification', label: `2. ${t('page.steps.identification')}`, children: <Identification data={data} /> },
    {
      key: 'evaluation',
      label: `3. ${t('page.steps.evaluation')}`,
      children: <HazardTable data={data} mode="evaluation" />,
    },
    { key: 'actionPlan', label: `4. ${t('page.steps.actionPlan')}`, children: <ActionPlan data={data} /> },
    { key: 'report', label: `5. ${t('page.steps.report')}`, children: <Report data={data} /> },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1200 }}>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span>{a.title}</span>
            <Tag color={a.status === 'completed' ? 'success' : 'processing'} data-testid="risk-status">
              {t(`statuses.${a.status}`)}
            </Tag>
            {data.reviewReasons.length > 0 && (
              <Tag color="red" data-testid="risk-due">
                {t('page.due')}
              </Tag>
            )}
          </Flex>
        }
      >
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Flex gap={8} wrap>
            <Button onClick={() => void navigate(RISK_ASSESSMENT_PATHS.list)}>{t('catalog:actions.back')}</Button>
            {data.canEdit && (
              <Button
                icon={<EditOutlined />}
                onClick={() => void navigate(RISK_ASSESSMENT_PATHS.edit.replace(':id', encodeURIComponent(a.id)))}
              >
                {t('page.edit')}
              </Button>
            )}
            {(['report', 'plan'] as const).map((kind) => (
              <Button
                key={kind}
                icon={<FilePdfOutlined />}
                loading={printing === kind}
                onClick={() => print(kind)}
                data-testid={`risk-${kind}-pdf`}
              >
                {t(kind === 'report' ? 'page.reportPdf' : 'page.planPdf')}
              </Button>
            ))}
            {data.canEdit && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={complete.isPending}
                data-testid="risk-complete"
                onClick={() =>
                  modal.confirm({
                    title: t('page.complete'),
                    content: t('page.completeConfirm'),
                    okText: t('page.complete'),
                    onOk: () => complete.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('page.complete')}
              </Button>
            )}
            {owner && a.status === 'completed' && (
              <Button
                icon={<RedoOutlined />}
                loading={reassess.isPending}
                data-testid="risk-reassess"
                onClick={() =>
                  modal.confirm({
                    title: t('page.reassess'),
                    content: t('page.reassessConfirm'),
                    okText: t('page.reassess'),
                    onOk: () => reassess.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('page.reassess')}
              </Button>
            )}
          </Flex>
          {!owner && <Alert type="info" showIcon message={t('page.readOnly')} />}
          {data.reviewReasons.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="risk-due-reasons"
              message={`${t('page.due')}: ${data.reviewReasons
                .map((r) => t(`page.dueReasons.${r}`, { date: show(a.nextReviewOn) }))
                .join('; ')}`}
            />
          )}
          {a.status === 'completed' && (
            <Typography.Text type="secondary">
              {t('page.completedNote', { date: show(a.completedOn), next: show(a.nextReviewOn) })}
            </Typography.Text>
          )}
          <Tabs activeKey={tab} onChange={setTab} items={steps} />
        </Space>
      </Card>
    </Space>
  );
}

/** `/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro/chi-tiet/{id}`: an assessment through OiRA's steps. */
export default function AssessmentPage() {
  const { t } = useTranslation('riskAssessment');
  const { id } = useParams();
  const navigate = useNavigate();
  const details = useQuery({
    queryKey: riskKeys.details(id!),
    queryFn: ({ signal }) => riskApi.details(id!, signal),
    enabled: Boolean(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  if (details.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (details.isError || !details.data)
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          message={
            details.error instanceof ApiError && details.error.status === 404
              ? t('catalog:messages.notFound')
              : errorMessage(details.error)
          }
          action={
            <Button onClick={() => void navigate(RISK_ASSESSMENT_PATHS.list)}>{t('catalog:actions.back')}</Button>
          }
        />
      </Card>
    );
  return <AssessmentView key={details.data.assessment.id} data={details.data} />;
}
