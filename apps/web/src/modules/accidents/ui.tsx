import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccidentStatus, InvestigationStatus, Severity } from '@portal/domain/accidents/rules';
import { accidentLink, investigationLink } from '@portal/domain/accidents/features';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { displayNumber } from '../../platform/format.ts';
import { stateTag } from '../../platform/record/index.ts';

/** Small pieces the accident pages share: class and status colours, dates, links, money. */

const SEVERITY_COLORS: Record<Severity, string> = { light: 'default', serious: 'orange', fatal: 'red' };
const STATUS_COLORS: Record<AccidentStatus, string> = {
  declared: 'processing',
  returned: 'warning',
  investigating: 'purple',
  concluded: 'success',
};

export function SeverityTag({ severity }: { severity: Severity }) {
  const { t } = useTranslation('accidents');
  return (
    <Tag color={SEVERITY_COLORS[severity]} data-testid="accident-severity">
      {t(`severities.${severity}`)}
    </Tag>
  );
}

export const StatusTag = stateTag<AccidentStatus>({
  ns: 'accidents',
  text: (s) => `statuses.${s}`,
  colors: STATUS_COLORS,
  testId: 'accident-status',
});

export function InvestigationStatusTag({ status, overdue }: { status: InvestigationStatus; overdue: boolean }) {
  const { t } = useTranslation('accidents');
  if (overdue)
    return (
      <Tag color="error" data-testid="investigation-status">
        {t('investigations.overdue')}
      </Tag>
    );
  return (
    <Tag color={status === 'open' ? 'processing' : 'success'} data-testid="investigation-status">
      {t(`investigationStatuses.${status}`)}
    </Tag>
  );
}

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const showTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');
export const money = (value: number | null | undefined) => (value == null ? '—' : displayNumber(value));

export const accidentPath = (id: string) => accidentLink(encodeURIComponent(id));
export const investigationPath = (id: string) => investigationLink(encodeURIComponent(id));

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
