import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, SwapOutlined } from '@ant-design/icons';
import type { RequestStatus, VerifyStatus } from '@portal/domain/training/certificates';
import { formatDate } from '@portal/domain/format';
import { ReasonDialog as SharedReasonDialog } from '../../../platform/dialogs/index.tsx';
import { stateTag } from '../../../platform/record/index.ts';

/** Small pieces the credential pages share: dates, status tags, the reason dialog. */

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');

const REQUEST_COLORS: Record<RequestStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  issued: 'success',
  refused: 'error',
};

export const RequestStatusTag = stateTag<RequestStatus>({
  ns: 'training',
  text: (s) => `requests.statuses.${s}`,
  colors: REQUEST_COLORS,
  testId: 'request-status',
});

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

/**
 * The reason dialog with the credential pages' words (refusal, revocation): the portal's one ReasonDialog,
 * `onOk` running the action.
 */
export function ReasonDialog({
  onOk,
  ...props
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
  return <SharedReasonDialog {...props} danger cancelText={t('certificates.actions.back')} onSubmit={onOk} />;
}
