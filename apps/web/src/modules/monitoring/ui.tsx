import { Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@portal/domain/format';
import type { VerdictKind } from '@portal/domain/monitoring/factors';
import { displayCount } from '../../platform/format.ts';

/** Small pieces the monitoring pages share. */

const VERDICT_LOOK: Record<VerdictKind, { color: string; icon: React.ReactNode }> = {
  exceeds: { color: 'error', icon: <ExclamationCircleFilled /> },
  pass: { color: 'success', icon: <CheckCircleFilled /> },
  noLimit: { color: 'default', icon: <MinusCircleOutlined /> },
};

/** The server's verdict on a reading, in words and an icon (never colour only). */
export function VerdictTag({ verdict }: { verdict: VerdictKind | null }) {
  const { t } = useTranslation('monitoring');
  const v = verdict ?? 'noLimit';
  return (
    <Tag color={VERDICT_LOOK[v].color} icon={VERDICT_LOOK[v].icon} data-testid="reading-verdict">
      {t(`verdicts.${v}`)}
    </Tag>
  );
}

export const dateText = (value: unknown) => (value ? formatDate(String(value)) : '');
export const countText = (n: number | undefined | null) => displayCount(n);
