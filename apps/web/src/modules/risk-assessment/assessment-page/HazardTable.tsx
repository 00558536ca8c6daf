import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { HAZARD_ANSWERS, riskScore } from '@portal/domain/risk-assessment/rules';
import { toast } from '../../../app/toast.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { useConfirm } from '../../../platform/dialogs/index.tsx';
import { showServerErrors } from '../../../platform/form/index.ts';
import { riskApi, type AssessmentDetails, type AssessmentHazard } from '../api.ts';
import { LevelTag, RATINGS, useRefresh } from './shared.tsx';

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
  const save = useMutation({
    mutationFn: (v: EvaluateValues) =>
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
      confirmLoading={save.isPending}
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
        onFinish={(v) => save.mutate(v)}
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

/** The hazards of the assessment: identified (step 2) or evaluated (step 3). */
export function HazardTable({ data, mode }: { data: AssessmentDetails; mode: 'identification' | 'evaluation' }) {
  const { t } = useTranslation('riskAssessment');
  const confirm = useConfirm();
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
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('page.remove')}
                        title={t('page.remove')}
                        onClick={() =>
                          void confirm({
                            danger: true,
                            title: t('page.remove'),
                            content: t('page.removeConfirm', { name: h.name }),
                            onOk: () => remove.mutateAsync(h.id).catch(() => undefined),
                          })
                        }
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
