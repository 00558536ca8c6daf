import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INSPECTION_PATHS } from '@portal/domain/inspections/features';
import { INSPECTION_KINDS, INSPECTION_TOPICS } from '@portal/domain/inspections/state';
import { toLanguage } from '@portal/domain/languages';
import { toast } from '../../../app/toast.ts';
import { EMPLOYER_AREA, ReferenceSelect } from '../../../catalog/fields.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { groupedNumberInput, showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { inspectionApi, inspectionKeys, type InspectionDetail } from '../api.ts';
import { inspectionPath } from '../ui.tsx';
import { History, InspectionHead } from './InspectionHead.tsx';
import { InspectionActions } from './InspectionActions.tsx';
import { DATE, toBody, toForm, type FormValues } from './values.ts';

/** The department's form: a new inspection, or one not concluded yet, with its actions beside the save. */
export function InspectionForm({ inspection }: { inspection?: InspectionDetail }) {
  const { t, i18n } = useTranslation('inspections');
  const lang = toLanguage(i18n.language);
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

  const save = useSubmit({
    send: (values: FormValues, idempotencyKey: string) =>
      inspection
        ? inspectionApi.update(inspection.id, { ...toBody(values), version: inspection.version })
        : inspectionApi.create(toBody(values), idempotencyKey),
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
      onFinish={(v) => void save.submit(v)}
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
                        <InputNumber min={0} step={500_000} style={{ width: '100%' }} {...groupedNumberInput(lang)} />
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
          <Button type="primary" htmlType="submit" loading={save.busy} data-testid="save-inspection">
            {t('pages.save')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
