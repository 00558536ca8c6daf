import { Button, Form, Input } from 'antd';
import { useAccountsText } from './common.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';

/** New password twice, with the policy and its strength shown (reset and invitation links). */
export function SetPasswordForm({
  busy,
  submitLabel,
  onSubmit,
  userName,
}: {
  busy: boolean;
  submitLabel: string;
  onSubmit: (password: string) => void;
  /** Whose password it is, when the link tells: a password built on it is refused. */
  userName?: string | null;
}) {
  const { t } = useAccountsText();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={(v: { password: string }) => onSubmit(v.password)}
      disabled={busy}
    >
      <NewPasswordField
        name="password"
        label={t('password.new')}
        testId="new-password"
        personal={[userName]}
        autoFocus
        size="large"
      />
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
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
        <Input.Password autoComplete="new-password" size="large" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="set-password-submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
