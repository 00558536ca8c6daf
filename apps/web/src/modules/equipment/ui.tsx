import { Tag } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeclarationStatus } from '@portal/domain/equipment/state';
import type { DueState } from '@portal/domain/equipment/rules';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { stateTag } from '../../platform/record/index.ts';

/** Small pieces the equipment pages share: status colours, the late mark, the due badge, dates, links. */

const STATUS_COLORS: Record<DeclarationStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  confirmed: 'success',
  refused: 'error',
};

export const DeclarationStatusTag = stateTag<DeclarationStatus>({
  ns: 'equipment',
  text: (s) => `pages.statuses.${s}`,
  colors: STATUS_COLORS,
  testId: 'declaration-status',
});

/** Declared after the legal window (Decree 44/2016 Art 16). */
export function LateTag({ late }: { late: boolean }) {
  const { t } = useTranslation('equipment');
  if (!late) return null;
  return (
    <Tag color="warning" icon={<ClockCircleOutlined />} data-testid="declaration-late">
      {t('pages.late')}
    </Tag>
  );
}

/** Green "valid" or red "overdue": what a QR scan must tell at a glance (icon and words, not colour only). */
export function DueBadge({ state }: { state: DueState }) {
  const { t } = useTranslation('equipment');
  if (state === 'none') return <Tag>{t('pages.due.none')}</Tag>;
  const overdue = state === 'overdue';
  return (
    <Tag
      color={overdue ? 'error' : 'success'}
      icon={overdue ? <CloseCircleFilled /> : <CheckCircleFilled />}
      style={{ fontSize: 15, padding: '4px 10px' }}
      data-testid="due-badge"
    >
      {t(overdue ? 'pages.due.overdue' : state === 'dueSoon' ? 'pages.due.dueSoon' : 'pages.due.valid')}
    </Tag>
  );
}

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const showTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');

export const declarationPath = (id: string) => EQUIPMENT_PATHS.declarationEdit.replace(':id', encodeURIComponent(id));
export const machinePath = (id: string) => EQUIPMENT_PATHS.machine.replace(':id', encodeURIComponent(id));
export const publicMachinePath = (code: string) =>
  EQUIPMENT_PATHS.publicMachine.replace(':code', encodeURIComponent(code));

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
