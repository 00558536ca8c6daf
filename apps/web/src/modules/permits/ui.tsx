import { useTranslation } from 'react-i18next';
import type { PermitKind, PermitStatus } from '@portal/domain/permits/state';
import { PERMIT_PATHS } from '@portal/domain/permits/features';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { stateTag } from '../../platform/record/index.ts';

/** Small pieces every permits page shares: status colours, dates as the spec shows them, links. */

const STATUS_COLORS: Record<PermitStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  returned: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
};

export const StatusTag = stateTag<PermitStatus>({
  ns: 'permits',
  text: (s) => `statuses.${s}`,
  colors: STATUS_COLORS,
  testId: 'permit-status',
});

/** Spec §9: DD/MM/YYYY and HH:mm. */
export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const showTime = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');
export const showPeriod = (from: string | null, to: string | null) =>
  from && to ? `${showDate(from)} – ${showDate(to)}` : '—';

/** Where a request opens: the confirmation pages for confirmations, the permit pages otherwise. */
export function requestPath(kind: PermitKind, id: string): string {
  const pattern = kind === 'confirm' ? PERMIT_PATHS.editConfirm : PERMIT_PATHS.edit;
  return pattern.replace(':id', encodeURIComponent(id));
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A country's name from the workers' list when it is loaded, else its code. */
export function useCountryName(): (code: string | null) => string {
  const { t } = useTranslation();
  return (code) => (code ? t(`workers:countries.${code}`, { defaultValue: code }) : '—');
}
