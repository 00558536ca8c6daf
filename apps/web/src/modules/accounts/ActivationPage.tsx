import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Result, Skeleton, Spin } from 'antd';
import { ACCOUNT_PAGES, ACTIVATION_TYPES } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import { useLinkCheck } from './ResetPasswordPage.tsx';
import { errorText, useAccountsText } from './common.tsx';

/** A link's activation runs once even when React mounts the page twice (development) or the user reloads it. */
const activations = new Map<string, Promise<{ ok: true; message: string; userName: string }>>();

function activate(token: string) {
  let pending = activations.get(token);
  if (!pending) {
    pending = apiFetch<{ ok: true; message: string; userName: string }>('/api/Account/activate', {
      method: 'POST',
      body: { token },
    });
    activations.set(token, pending);
  }
  return pending;
}

function ResendActivation() {
  const { t } = useAccountsText();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    try {
      setSent(
        (
          await apiFetch<{ message: string }>('/api/Account/resend-activation', {
            method: 'POST',
            body: { email: email.trim() },
          })
        ).message,
      );
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (sent) return <Alert type="success" showIcon role="status" title={sent} />;
  return (
    <Form layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={busy}>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
      <Form.Item
        name="email"
        label={t('activation.email')}
        rules={[{ required: true, type: 'email', message: t('validation.email') }]}
      >
        <Input type="email" autoComplete="email" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('activation.resend')}
      </Button>
    </Form>
  );
}

function RegistrationActivation({ token }: { token: string }) {
  const { t } = useAccountsText();
  const [state, setState] = useState<
    { status: 'working' } | { status: 'done'; message: string } | { status: 'failed'; message: string }
  >({ status: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    activate(token).then(
      (res) => setState({ status: 'done', message: res.message }),
      (err: unknown) => setState({ status: 'failed', message: errorText(err) }),
    );
  }, [token]);
  if (state.status === 'working') {
    return (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin size="large" />
        <p>{t('activation.working')}</p>
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <Result
        status="success"
        title={state.message}
        extra={
          <Link to={ACCOUNT_PAGES.login}>
            <Button type="primary">{t('activation.toLogin')}</Button>
          </Link>
        }
        data-testid="activation-done"
      />
    );
  }
  return (
    <>
      <Result status="warning" title={state.message} subTitle={t('activation.failedHint')} />
      <ResendActivation />
    </>
  );
}

function InvitationActivation({ token }: { token: string }) {
  const { t } = useAccountsText();
  const check = useLinkCheck(token, 'invitation');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      setDone(
        (
          await apiFetch<{ message: string }>('/api/Account/accept-invitation', {
            method: 'POST',
            body: { token, password },
          })
        ).message,
      );
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <Result status="success" title={done} extra={<Link to={ACCOUNT_PAGES.login}>{t('activation.toLogin')}</Link>} />
    );
  if (check.isLoading) return <Skeleton active />;
  if (!check.data?.valid)
    return <Result status="warning" title={t('errors.INVALID_LINK')} subTitle={t('activation.invitationExpired')} />;
  return (
    <>
      <p>{t('activation.invitationLead', { userName: check.data.userName ?? '' })}</p>
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={error} />}
      <SetPasswordForm
        busy={busy}
        submitLabel={t('activation.invitationSubmit')}
        onSubmit={(p) => void submit(p)}
        userName={check.data.userName}
      />
    </>
  );
}

/**
 * `/kich-hoat-tai-khoan` and `/kich-hoat-tai-khoan/{type}` (dang-ky: a registration's link; loi-moi: an account
 * created by an administrator, where the user chooses a password). Without a link: send the mail again.
 */
export default function ActivationPage() {
  const { t } = useAccountsText();
  const { type } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  let body;
  if (token && type === ACTIVATION_TYPES.invitation) body = <InvitationActivation token={token} />;
  else if (token) body = <RegistrationActivation token={token} />;
  else body = <ResendActivation />;
  return (
    <AuthFrame title={t('activation.title')} lead={token ? undefined : t('activation.lead')}>
      {body}
      <div className="acc-auth-links">
        <Link to={ACCOUNT_PAGES.login}>{t('activation.backToLogin')}</Link>
      </div>
    </AuthFrame>
  );
}
