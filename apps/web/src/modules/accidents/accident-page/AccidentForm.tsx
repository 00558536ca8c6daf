import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Typography } from 'antd';
import { PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { DATE_TIME_FORMAT } from '@portal/domain/format';
import { toast } from '../../../app/toast.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../../catalog/fields.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { notInFuture, showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { useUserData } from '../../../platform/auth/index.ts';
import { accidentApi, accidentKeys, type AccidentDetail } from '../api.ts';
import { accidentPath } from '../ui.tsx';
import { classOf, FIELDS, moneyInput, newVictim, toBody, type Values } from './values.ts';
import { AccidentClass, VictimFields } from './VictimFields.tsx';

/** The declaration form: a new declaration, or an amendment (with its reason) of the current version. */
export function AccidentForm({ detail }: { detail: AccidentDetail | null }) {
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
      victims: detail?.victims.map((v) => ({ ...v })) ?? [newVictim(employer)],
    }),
    [detail, employer, user],
  );
  useEffect(() => form.resetFields(), [form, initialValues]);

  const save = useSubmit({
    send: (values: Values, idempotencyKey: string) =>
      detail
        ? accidentApi.amend(detail.id, { ...toBody(values), version: detail.version, reason: values.reason ?? '' })
        : accidentApi.create(toBody(values), idempotencyKey),
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
      onFinish={(values) => void save.submit(values)}
      disabled={save.busy}
      data-testid="accident-form"
    >
      {!employer && !detail && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('form.commune')} />}
      <Typography.Title level={5}>{t('form.general')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="occurredAt"
            label={t('fields.occurredAt')}
            rules={[{ required: true, message: t('validation.occurredAt') }, notInFuture('minute')]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_FORMAT}
              style={{ width: '100%' }}
              id="occurredAt"
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
              <Button icon={<PlusOutlined />} onClick={() => add(newVictim(employer))} data-testid="victim-add">
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
          loading={save.busy}
          data-testid="accident-save"
        >
          {detail ? t('form.amend') : t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
