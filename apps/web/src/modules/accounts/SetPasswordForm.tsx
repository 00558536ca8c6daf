import { Button, Form, Input } from 'antd';
import { passwordRules } from './password-rules.ts';
import { useAccountsText } from './common.tsx';

/** New password twice, with the policy shown (reset and invitation links, change of password). */
export function SetPasswordForm({
  busy,
  submitLabel,
  onSubmit,
}: {
  busy: boolean;
  submitLabel: string;
  onSubmit: (password: string) => void;
}) {
  const { t } = useAccountsText();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={(v: { password: string }) => onSubmit(v.password)}
      disabled={busy}
    >
      <Form.Item name="password" label={t('password.new')} extra={t('password.hint')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" autoFocus size="large" data-testid="new-password" />
      </Form.Item>
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
