import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Result, Skeleton } from 'antd';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import { errorText, useAccountsText } from './common.tsx';

/** Checks a mailed link before its form is shown. */
export function useLinkCheck(token: string | null, purpose: 'invitation' | 'password_reset') {
  return useQuery({
    queryKey: ['accounts', 'check-link', purpose, token],
    enabled: !!token,
    queryFn: ({ signal }) =>
      apiFetch<{ valid: boolean; userName: string | null }>('/api/Account/check-link', {
        signal,
        query: { token: token!, purpose },
      }),
    retry: false,
    staleTime: Infinity,
  });
}

/** `/reset-password?token=…`: choose a new password with the mailed single-use link. */
export default function ResetPasswordPage() {
  const { t } = useAccountsText();
  const [params] = useSearchParams();
  const token = params.get('token');
  const check = useLinkCheck(token, 'password_reset');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch<{ message: string }>('/api/Account/reset-password', {
        method: 'POST',
        body: { token, password },
      });
      setDone(res.message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthFrame title={t('reset.title')}>
        <Result status="success" title={done} extra={<Link to={ACCOUNT_PAGES.login}>{t('reset.toLogin')}</Link>} />
      </AuthFrame>
    );
  }
  if (!token || check.data?.valid === false || check.isError) {
    return (
      <AuthFrame title={t('reset.title')}>
        <Result
          status="warning"
          title={t('errors.INVALID_LINK')}
          extra={<Link to={ACCOUNT_PAGES.forgotPassword}>{t('reset.again')}</Link>}
        />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title={t('reset.title')}
      lead={check.data?.userName ? t('reset.lead', { userName: check.data.userName }) : undefined}
    >
      {check.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
          <SetPasswordForm
            busy={busy}
            submitLabel={t('reset.submit')}
            onSubmit={(p) => void submit(p)}
            userName={check.data?.userName}
          />
        </>
      )}
    </AuthFrame>
  );
}
