import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input } from 'antd';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { reloadUserData, pathAfterSignIn, useUserData } from '../../platform/auth/index.ts';
import { applyServerErrors, useAccountsText } from './common.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import './accounts.css';

/** `/doi-mat-khau`: change one's own password (other sessions end). Required after a reissued password. */
export default function ChangePasswordPage() {
  const { t } = useAccountsText();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const user = useUserData();

  const submit = async (v: { oldPassword: string; newPassword: string }) => {
    setBusy(true);
    try {
      const res = await apiFetch<{ message: string }>('/api/Account/change-password', {
        method: 'POST',
        body: { oldPassword: v.oldPassword, newPassword: v.newPassword },
      });
      toast.success(res.message);
      form.resetFields();
      const data = await reloadUserData();
      if (params.get('required') && data) await navigate(pathAfterSignIn(data), { replace: true });
    } catch (err) {
      applyServerErrors(form, err, ['oldPassword', 'newPassword']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="acc-page" style={{ maxWidth: 560 }}>
      {params.get('required') && <Alert type="warning" showIcon title={t('password.requiredChange')} />}
      <Card>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy}>
          <Form.Item
            name="oldPassword"
            label={t('password.current')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password autoComplete="current-password" autoFocus data-testid="old-password" />
          </Form.Item>
          <NewPasswordField
            name="newPassword"
            label={t('password.new')}
            testId="new-password"
            personal={[user?.userName, user?.fullName, user?.email]}
          />
          <Form.Item
            name="confirm"
            label={t('password.confirm')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.confirm'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="confirm-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="change-password-submit">
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
