import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { errorText, useAccountsText } from './common.tsx';

/** `/quen-mat-khau`: mails a single-use reset link; the answer is the same whether or not the address is known. */
export default function ForgotPasswordPage() {
  const { t } = useAccountsText();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch<{ message: string }>('/api/Account/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSent(res.message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('forgot.title')} lead={t('forgot.lead')}>
      {sent && (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={sent}
          data-testid="forgot-sent"
        />
      )}
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
      {!sent && (
        <Form layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={busy}>
          <Form.Item
            name="email"
            label={t('forgot.email')}
            rules={[{ required: true, type: 'email', message: t('validation.email') }]}
          >
            <Input type="email" autoComplete="email" autoFocus size="large" data-testid="forgot-email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.login}>{t('forgot.backToLogin')}</Link>
      </div>
    </AuthFrame>
  );
}
