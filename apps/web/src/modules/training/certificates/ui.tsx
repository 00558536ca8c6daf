import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, SwapOutlined } from '@ant-design/icons';
import type { RequestStatus, VerifyStatus } from '@portal/domain/training/certificates';
import { formatDate } from '@portal/domain/format';

/** Small pieces the credential pages share: dates, status tags, the reason dialog. */

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');

const REQUEST_COLORS: Record<RequestStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  issued: 'success',
  refused: 'error',
};

export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('training');
  return (
    <Tag color={REQUEST_COLORS[status]} data-testid="request-status">
      {t(`requests.statuses.${status}`)}
    </Tag>
  );
}

const VERIFY_LOOK: Record<VerifyStatus, { color: string; icon: React.ReactNode }> = {
  valid: { color: 'success', icon: <CheckCircleFilled /> },
  expired: { color: 'warning', icon: <ExclamationCircleFilled /> },
  revoked: { color: 'error', icon: <CloseCircleFilled /> },
  replaced: { color: 'default', icon: <SwapOutlined /> },
};

/** What a QR scan must tell at a glance: icon and words, not colour only. */
export function VerifyStatusTag({ status }: { status: VerifyStatus }) {
  const { t } = useTranslation('training');
  const look = VERIFY_LOOK[status];
  return (
    <Tag color={look.color} icon={look.icon} style={{ fontSize: 15, padding: '4px 10px' }} data-testid="verify-status">
      {t(`verify.statuses.${status}`)}
    </Tag>
  );
}

/** A dialog asking for a reason (refusal, revocation); `onOk` runs the action and closes on success. */
export function ReasonDialog({
  open,
  title,
  label,
  okText,
  max,
  onOk,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  max: number;
  onOk: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('training');
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onOk(reason.trim());
      form.resetFields();
      onClose();
    } catch {
      // The action shows its own error; the dialog stays open to correct.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('certificates.actions.back')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true }, { max }]}>
          <Input.TextArea rows={3} maxLength={max} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
