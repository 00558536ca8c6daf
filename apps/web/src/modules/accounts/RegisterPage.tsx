import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Col, Divider, Form, Input, Result, Row } from 'antd';
import { ACCOUNT_PAGES, TAX_CODE_PATTERN, USER_NAME_PATTERN } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { useConfiguration } from '../../app/configuration.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { LocalUnitSelect, ProvinceSelect, applyServerErrors, useAccountsText } from './common.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';

const FIELDS = [
  'taxCode',
  'businessName',
  'businessPhone',
  'address',
  'wardCode',
  'userName',
  'fullName',
  'email',
  'phone',
  'password',
] as const;

interface Values {
  taxCode: string;
  businessName: string;
  businessPhone?: string;
  address: string;
  province?: string;
  wardCode: string;
  userName: string;
  fullName: string;
  email: string;
  phone?: string;
  password: string;
  confirm: string;
}

/**
 * `/dang-ki`: an employer registers itself and its first account. The account stays inactive until the link
 * mailed to the given address is followed.
 */
export default function RegisterPage() {
  const { t } = useAccountsText();
  const [form] = Form.useForm<Values>();
  const config = useConfiguration();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const province = Form.useWatch('province', form) ?? config?.provinceCode ?? null;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await apiFetch<{ message: string }>('/api/Account/register', {
        method: 'POST',
        body: {
          taxCode: v.taxCode.trim(),
          businessName: v.businessName,
          ...(v.businessPhone ? { businessPhone: v.businessPhone } : {}),
          address: v.address,
          wardCode: v.wardCode,
          userName: v.userName.trim(),
          fullName: v.fullName,
          email: v.email.trim(),
          ...(v.phone ? { phone: v.phone } : {}),
          password: v.password,
        },
      });
      setDone(res.message);
    } catch (err) {
      applyServerErrors(form, err, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthFrame title={t('register.title')}>
        <Result
          status="success"
          title={t('register.doneTitle')}
          subTitle={done}
          extra={<Link to={ACCOUNT_PAGES.login}>{t('register.toLogin')}</Link>}
          data-testid="register-done"
        />
      </AuthFrame>
    );
  }

  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <AuthFrame title={t('register.title')} lead={t('register.lead')} wide>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy} scrollToFirstError>
        <Divider titlePlacement="start" plain>
          {t('register.business')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="taxCode"
              label={t('register.taxCode')}
              extra={t('register.taxCodeHint')}
              rules={[required, { pattern: TAX_CODE_PATTERN, message: t('register.taxCodeFormat') }]}
            >
              <Input inputMode="numeric" maxLength={14} autoFocus data-testid="register-tax-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="businessName" label={t('register.businessName')} rules={[required, { max: 300 }]}>
              <Input data-testid="register-business-name" />
            </Form.Item>
          </Col>
          {!config?.provinceCode && (
            <Col xs={24} md={10}>
              <Form.Item name="province" label={t('register.province')} rules={[required]}>
                <ProvinceSelect onChange={() => form.setFieldValue('wardCode', undefined)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={config?.provinceCode ? 10 : 14}>
            <Form.Item name="wardCode" label={t('register.ward')} rules={[required]}>
              <LocalUnitSelect
                level="ward"
                provinceCode={province}
                placeholder={t('register.wardPlaceholder')}
                data-testid="register-ward"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={config?.provinceCode ? 14 : 24}>
            <Form.Item name="address" label={t('register.address')} rules={[required, { max: 500 }]}>
              <Input data-testid="register-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="businessPhone"
              label={t('register.businessPhone')}
              rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
            >
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('register.account')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="fullName" label={t('register.fullName')} rules={[required, { max: 150 }]}>
              <Input autoComplete="name" data-testid="register-full-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('register.email')}
              extra={t('register.emailHint')}
              rules={[required, { type: 'email', message: t('validation.email') }]}
            >
              <Input type="email" autoComplete="email" data-testid="register-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="userName"
              label={t('register.userName')}
              extra={t('register.userNameHint')}
              rules={[required, { pattern: USER_NAME_PATTERN, message: t('validation.userName') }]}
            >
              <Input autoComplete="username" data-testid="register-user-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('register.phone')}
              rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
            >
              <Input inputMode="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <NewPasswordField
              name="password"
              label={t('register.password')}
              testId="register-password"
              personalFields={['userName', 'fullName', 'email']}
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="confirm"
              label={t('register.confirm')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('validation.required') },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.confirm'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="register-confirm" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.login}>{t('register.haveAccount')}</Link>
      </div>
    </AuthFrame>
  );
}
