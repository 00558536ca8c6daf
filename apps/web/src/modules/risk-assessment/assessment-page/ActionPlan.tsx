import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MEASURE_STATUSES } from '@portal/domain/risk-assessment/rules';
import { toast } from '../../../app/toast.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { useConfirm } from '../../../platform/dialogs/index.tsx';
import { showServerErrors } from '../../../platform/form/index.ts';
import { riskApi, type AssessmentDetails, type AssessmentHazard, type AssessmentMeasure } from '../api.ts';
import { LevelTag, money, show, useRefresh } from './shared.tsx';

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
  const save = useMutation({
    mutationFn: (v: MeasureValues) => {
      const body = {
        description: v.description.trim(),
        owner: v.owner.trim(),
        deadline: v.deadline.format('YYYY-MM-DD'),
        cost: v.cost ?? 0,
        status: v.status,
        doneOn: v.status === 'done' && v.doneOn ? v.doneOn.format('YYYY-MM-DD') : null,
      };
      return measure ? riskApi.updateMeasure(measure.id, body) : riskApi.addMeasure(hazard.id, body);
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
      confirmLoading={save.isPending}
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
        onFinish={(v) => save.mutate(v)}
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

/** Step 4: the measures of each present hazard, the priorities first. */
export function ActionPlan({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const confirm = useConfirm();
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
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('page.removeMeasure')}
                            title={t('page.removeMeasure')}
                            onClick={() =>
                              void confirm({
                                danger: true,
                                title: t('page.removeMeasure'),
                                content: t('page.removeMeasureConfirm', { name: m.description }),
                                onOk: () => remove.mutateAsync(m.id).catch(() => undefined),
                              })
                            }
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
