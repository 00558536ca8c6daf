import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { useAccess } from '../../app/access.ts';
import { ApiError } from '../../app/api-client.ts';
import { pathAfterSignIn, signInWithCode } from '../../platform/auth/index.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { errorText, useAccountsText } from './common.tsx';
import { CHALLENGE_KEY } from './sign-in.ts';

/** The pending second step, kept for this tab only (survives a reload, not the browser). */
const CHALLENGE_TTL_MS = 5 * 60_000;

function pendingChallenge(): { token: string; redirect: string | null } | null {
  try {
    const raw = sessionStorage.getItem(CHALLENGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { token?: unknown; redirect?: unknown; at?: unknown };
    if (typeof value.token !== 'string' || typeof value.at !== 'number' || Date.now() - value.at > CHALLENGE_TTL_MS)
      return null;
    return { token: value.token, redirect: typeof value.redirect === 'string' ? value.redirect : null };
  } catch {
    return null;
  }
}

/**
 * `/xac-thuc-2-lop`: the second sign-in step — a code from the authenticator app or a recovery code.
 * Signed-in users manage their two-factor sign-in on their account page; without a pending step this page
 * sends them there (or to sign-in).
 */
export default function TwoFactorPage() {
  const { t } = useAccountsText();
  const navigate = useNavigate();
  const access = useAccess();
  const [challenge] = useState(pendingChallenge);
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);

  if (!challenge) {
    if (access.loggedIn && access.user)
      return <Navigate to={`/thong-tin-tai-khoan/${access.user.userId}?tab=bao-mat`} replace />;
    return <Navigate to={ACCOUNT_PAGES.login} replace />;
  }

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const data = await signInWithCode(challenge.token, code.trim());
      sessionStorage.removeItem(CHALLENGE_KEY);
      await navigate(
        data.mustChangePassword ? '/doi-mat-khau?required=1' : (challenge.redirect ?? pathAfterSignIn(data)),
        { replace: true },
      );
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  };

  const expired = error instanceof ApiError && error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED';
  return (
    <AuthFrame
      title={t('twoFactor.title')}
      lead={mode === 'app' ? t('twoFactor.leadApp') : t('twoFactor.leadRecovery')}
    >
      <Segmented
        block
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={(v) => setMode(v as 'app' | 'recovery')}
        options={[
          { value: 'app', label: t('twoFactor.modeApp') },
          { value: 'recovery', label: t('twoFactor.modeRecovery') },
        ]}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={errorText(error)}
          description={expired ? <Link to={ACCOUNT_PAGES.login}>{t('twoFactor.backToLogin')}</Link> : undefined}
        />
      )}
      <Form
        key={mode}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        disabled={busy || expired}
      >
        {mode === 'app' ? (
          <Form.Item
            name="code"
            label={t('twoFactor.code')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('twoFactor.codeFormat') }]}
            normalize={(v: string) => v.replace(/\D/g, '').slice(0, 6)}
          >
            <Input
              className="acc-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              size="large"
              maxLength={6}
              data-testid="two-factor-code"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="code"
            label={t('twoFactor.recoveryCode')}
            rules={[
              { required: true, pattern: /^[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5}$/, message: t('twoFactor.recoveryFormat') },
            ]}
          >
            <Input
              className="acc-code"
              autoComplete="off"
              autoFocus
              size="large"
              placeholder="xxxxx-xxxxx"
              data-testid="two-factor-recovery"
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="two-factor-submit">
          {t('twoFactor.submit')}
        </Button>
      </Form>
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.login} onClick={() => sessionStorage.removeItem(CHALLENGE_KEY)}>
          {t('twoFactor.backToLogin')}
        </Link>
      </div>
    </AuthFrame>
  );
}
