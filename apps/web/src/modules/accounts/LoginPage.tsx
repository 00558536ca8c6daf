import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { ApiError } from '../../app/api-client.ts';
import { pathAfterSignIn, signIn } from '../../platform/auth/index.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { CHALLENGE_KEY } from './TwoFactorPage.tsx';
import { errorText, safeRedirect, useAccountsText } from './common.tsx';

/** `/dang-nhap`: user name or email and password; a second step when the account has 2FA on. */
export default function LoginPage() {
  const { t } = useAccountsText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { userName: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(values.userName.trim(), values.password);
      if (result.kind === 'twoFactor') {
        sessionStorage.setItem(
          CHALLENGE_KEY,
          JSON.stringify({ token: result.twoFactorToken, redirect, at: Date.now() }),
        );
        await navigate(ACCOUNT_PAGES.twoFactor);
        return;
      }
      const data = result.userData;
      await navigate(data.mustChangePassword ? '/doi-mat-khau?required=1' : (redirect ?? pathAfterSignIn(data)), {
        replace: true,
      });
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  };

  const inactive = error instanceof ApiError && error.code === 'ACCOUNT_INACTIVE';
  return (
    <AuthFrame title={t('login.title')} lead={t('login.lead')}>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={errorText(error)}
          description={inactive ? <Link to={ACCOUNT_PAGES.activation}>{t('login.resendActivation')}</Link> : undefined}
          data-testid="login-error"
        />
      )}
      <Form layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} disabled={busy}>
        <Form.Item
          name="userName"
          label={t('login.userName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input autoComplete="username" autoFocus size="large" data-testid="login-user" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="current-password" size="large" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.forgotPassword}>{t('login.forgot')}</Link>
        <Link to={ACCOUNT_PAGES.register}>{t('login.register')}</Link>
      </div>
    </AuthFrame>
  );
}
