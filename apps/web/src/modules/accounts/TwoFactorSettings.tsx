import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Steps, Tag, Typography } from 'antd';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { reloadUserData } from '../../platform/auth/index.ts';
import { applyServerErrors, useAccountsText } from './common.tsx';

interface Status {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useAccountsText();
  const download = () => {
    const blob = new Blob([`${t('twoFactor.recoveryFileTitle')}\n\n${codes.join('\n')}\n`], {
      type: 'text/plain;charset=utf-8',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'ma-khoi-phuc.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryWarning')} />
      <div className="acc-recovery acc-code" data-testid="recovery-codes">
        {codes.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <Space>
        <Button
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success(t('twoFactor.copied')))
          }
        >
          {t('twoFactor.copy')}
        </Button>
        <Button onClick={download}>{t('twoFactor.download')}</Button>
      </Space>
    </Space>
  );
}

/** Turning two-factor sign-in on: password → QR code → first code → recovery codes. */
function EnableWizard({ onClose }: { onClose: () => void }) {
  const { t } = useAccountsText();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; qrCode: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async (v: { password: string }) => {
    setBusy(true);
    try {
      setSetup(await apiFetch('/api/Account/two-factor/setup', { method: 'POST', body: { password: v.password } }));
      setStep(1);
    } catch (err) {
      applyServerErrors(form, err, ['password']);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (v: { code: string }) => {
    setBusy(true);
    try {
      const res = await apiFetch<{ recoveryCodes: string[] }>('/api/Account/two-factor/enable', {
        method: 'POST',
        body: { code: v.code },
      });
      setCodes(res.recoveryCodes);
      setStep(2);
      void reloadUserData();
    } catch (err) {
      applyServerErrors(form, err, ['code']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('twoFactor.enableTitle')}
      onCancel={onClose}
      maskClosable={false}
      width={640}
      footer={
        step === 2 ? (
          <Button type="primary" onClick={onClose} data-testid="two-factor-finish">
            {t('twoFactor.finish')}
          </Button>
        ) : null
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('twoFactor.stepPassword') },
          { title: t('twoFactor.stepScan') },
          { title: t('twoFactor.stepCodes') },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={(v) => void (step === 0 ? start(v) : confirm(v))}
      >
        {step === 0 && (
          <>
            <Form.Item
              name="password"
              label={t('password.current')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Input.Password autoComplete="current-password" autoFocus data-testid="two-factor-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="two-factor-continue">
              {t('twoFactor.continue')}
            </Button>
          </>
        )}
        {step === 1 && setup && (
          <>
            <div className="acc-qr">
              <img src={setup.qrCode} width={200} height={200} alt={t('twoFactor.qrAlt')} />
              <div style={{ flex: '1 1 260px' }}>
                <p>{t('twoFactor.scan')}</p>
                <Typography.Text type="secondary">{t('twoFactor.manual')}</Typography.Text>
                <Typography.Paragraph copyable className="acc-code" data-testid="two-factor-secret">
                  {setup.secret}
                </Typography.Paragraph>
              </div>
            </div>
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
                maxLength={6}
                autoFocus
                data-testid="two-factor-confirm-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="two-factor-enable">
              {t('twoFactor.enable')}
            </Button>
          </>
        )}
      </Form>
      {step === 2 && codes && <RecoveryCodes codes={codes} />}
    </Modal>
  );
}

/** Password and a code (disable), or a code (new recovery codes). */
function CodeDialog({ kind, onClose }: { kind: 'disable' | 'codes'; onClose: () => void }) {
  const { t } = useAccountsText();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const submit = async (v: { password?: string; code: string }) => {
    setBusy(true);
    try {
      if (kind === 'disable') {
        await apiFetch('/api/Account/two-factor/disable', {
          method: 'POST',
          body: { password: v.password, code: v.code.trim() },
        });
        toast.success(t('twoFactor.disabled'));
        void reloadUserData();
        onClose();
      } else {
        setCodes(
          (
            await apiFetch<{ recoveryCodes: string[] }>('/api/Account/two-factor/recovery-codes', {
              method: 'POST',
              body: { code: v.code.trim() },
            })
          ).recoveryCodes,
        );
      }
    } catch (err) {
      applyServerErrors(form, err, ['password', 'code']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={kind === 'disable' ? t('twoFactor.disableTitle') : t('twoFactor.codesTitle')}
      onCancel={onClose}
      footer={null}
      maskClosable={false}
    >
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <Button type="primary" style={{ marginTop: 16 }} onClick={onClose}>
            {t('twoFactor.finish')}
          </Button>
        </>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(v) => void submit(v)}>
          {kind === 'disable' && (
            <Form.Item
              name="password"
              label={t('password.current')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
          )}
          <Form.Item
            name="code"
            label={t('twoFactor.codeOrRecovery')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input className="acc-code" autoComplete="one-time-code" autoFocus={kind === 'codes'} />
          </Form.Item>
          <Button type="primary" danger={kind === 'disable'} htmlType="submit" loading={busy}>
            {kind === 'disable' ? t('twoFactor.disable') : t('twoFactor.newCodes')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

/** Two-factor sign-in of the signed-in user (account page, security tab). */
export function TwoFactorSettings() {
  const { t } = useAccountsText();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['accounts', 'two-factor'],
    queryFn: ({ signal }) => apiFetch<Status>('/api/Account/two-factor', { signal }),
  });
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'codes' | null>(null);
  const close = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: ['accounts', 'two-factor'] });
  };
  const s = status.data;
  return (
    <Card title={t('twoFactor.settingsTitle')} loading={status.isLoading}>
      <p>{t('twoFactor.explain')}</p>
      {s && (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('twoFactor.state')}>
            {s.enabled ? (
              <Tag color="green" data-testid="two-factor-on">
                {t('twoFactor.on')}
              </Tag>
            ) : (
              <Tag data-testid="two-factor-off">{t('twoFactor.off')}</Tag>
            )}
          </Descriptions.Item>
          {s.enabled && <Descriptions.Item label={t('twoFactor.codesLeft')}>{s.recoveryCodesLeft}</Descriptions.Item>}
        </Descriptions>
      )}
      {s && !s.enabled && (
        <Button type="primary" onClick={() => setDialog('enable')} data-testid="two-factor-start">
          {t('twoFactor.turnOn')}
        </Button>
      )}
      {s?.enabled && (
        <Space wrap>
          <Button onClick={() => setDialog('codes')}>{t('twoFactor.newCodes')}</Button>
          <Button danger onClick={() => setDialog('disable')}>
            {t('twoFactor.disable')}
          </Button>
        </Space>
      )}
      {dialog === 'enable' && <EnableWizard onClose={close} />}
      {(dialog === 'disable' || dialog === 'codes') && (
        <CodeDialog kind={dialog === 'disable' ? 'disable' : 'codes'} onClose={close} />
      )}
    </Card>
  );
}
