import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@portal/domain/format';
import { inspectionPath } from '@portal/domain/inspections/features';
import type { InspectionStatus, RequirementStatus } from '@portal/domain/inspections/state';
import { ApiError } from '../../app/api-client.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { displayNumber } from '../../platform/format.ts';
import { stateTag } from '../../platform/record/index.ts';

/** Pieces the inspection pages share. */

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export { inspectionPath };

const STATUS_COLOURS: Record<InspectionStatus, string> = {
  planned: 'default',
  inProgress: 'processing',
  concluded: 'warning',
  closed: 'success',
  cancelled: 'error',
};

export const StatusTag = stateTag<InspectionStatus>({
  ns: 'inspections',
  text: (s) => `statuses.${s}`,
  colors: STATUS_COLOURS,
  dataState: true,
});

const REQUIREMENT_COLOURS: Record<RequirementStatus, string> = {
  open: 'default',
  answered: 'processing',
  accepted: 'success',
  returned: 'error',
};

export function RequirementTag({ status, overdue }: { status: RequirementStatus; overdue?: boolean }) {
  const { t } = useTranslation('inspections');
  return (
    <>
      <Tag color={REQUIREMENT_COLOURS[status]} data-status={status}>
        {t(`requirementStatuses.${status}`)}
      </Tag>
      {overdue && <Tag color="red">{t('pages.overdue')}</Tag>}
    </>
  );
}

/** The department's side keeps the inspections (its officers, inspectors and administrators). */
export function useIsDepartment(): boolean {
  const user = useUserData();
  return !!user && (user.role === 'admin' || user.unit.kind === 'department');
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const money = (value: number | null | undefined) => (value == null ? '—' : displayNumber(value));

export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;
