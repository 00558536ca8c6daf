import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, Result, Row, Skeleton, Tag } from 'antd';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import type { MyUnit } from './api.ts';
import { applyServerErrors, errorText, useAccountsText } from './common.tsx';
import './accounts.css';

/** `/nguoi-dung/thong-tin-don-vi`: the signed-in user's unit (and employer); contact details editable with Unit.update. */
export default function UnitInfoPage() {
  const { t } = useAccountsText();
  const access = useAccess();
  const editable = can(access, 'update', 'Unit');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['accounts', 'my-unit'],
    queryFn: ({ signal }) => apiFetch<MyUnit>('/api/Unit/my-unit', { signal }),
  });
  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [form, query.data]);

  if (query.isError) return <Result status="error" title={errorText(query.error)} />;
  const unit = query.data;
  if (!unit) return <Skeleton active />;
  const employer = unit.kind === 'employer';

  const submit = async (v: {
    name?: string;
    address?: string;
    phone?: string;
    email?: string;
    description?: string;
  }) => {
    setBusy(true);
    try {
      const saved = await apiFetch<MyUnit>('/api/Unit/my-unit', {
        method: 'PUT',
        body: {
          ...(employer ? {} : { name: v.name }),
          address: v.address || null,
          phone: v.phone || null,
          email: v.email || null,
          description: v.description || null,
        },
      });
      queryClient.setQueryData(['accounts', 'my-unit'], saved);
      toast.success(t('unitInfo.saved'));
    } catch (err) {
      applyServerErrors(form, err, ['name', 'address', 'phone', 'email', 'description']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acc-page" style={{ maxWidth: 1000 }}>
      <Card title={unit.name} extra={<Tag color="blue">{t(`unitKinds.${unit.kind}`)}</Tag>}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('units.fields.code')}>{unit.code ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('units.fields.parent')}>{unit.parentName ?? '—'}</Descriptions.Item>
          {unit.localUnitName && (
            <Descriptions.Item label={t('units.fields.localUnit')}>{unit.localUnitName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('units.fields.userCount')}>{unit.userCount}</Descriptions.Item>
          {unit.business && (
            <>
              <Descriptions.Item label={t('unitInfo.taxCode')}>{unit.business.code}</Descriptions.Item>
              <Descriptions.Item label={t('unitInfo.ward')}>{unit.business.wardName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('unitInfo.businessStatus')}>
                {t(`businessStatus.${unit.business.status}`)}
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
      </Card>
      <Card title={t('unitInfo.contact')}>
        <Form form={form} layout="vertical" disabled={!editable || busy} onFinish={(v) => void submit(v)}>
          <Row gutter={16}>
            {!employer && (
              <Col xs={24}>
                <Form.Item
                  name="name"
                  label={t('units.fields.name')}
                  rules={[{ required: true, whitespace: true, min: 2, max: 300, message: t('validation.required') }]}
                >
                  <Input />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item name="address" label={t('units.fields.address')} rules={[{ max: 500 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="phone"
                label={t('units.fields.phone')}
                rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
              >
                <Input inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="email"
                label={t('units.fields.email')}
                rules={[{ type: 'email', message: t('validation.email') }]}
              >
                <Input type="email" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="description" label={t('units.fields.description')} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
          </Row>
          {editable && (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('actions.save')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
