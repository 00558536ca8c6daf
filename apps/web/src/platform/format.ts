import i18n from 'i18next';
import { formatNumber } from '@portal/domain/format';
import { toLanguage } from '@portal/domain/languages';

/**
 * Numbers as the interface language reads them ("4.200.000" in Vietnamese, "4,200,000" in English), for code
 * that renders outside a translation call (table cells, statistics, input formatters). Pages re-render on a
 * language switch, so reading the language at call time is enough.
 */
export function displayNumber(
  value: number | null | undefined,
  options?: { grouping?: boolean; maxDecimals?: number },
) {
  return formatNumber(value, toLanguage(i18n.language), options);
}

/** A count: a missing one is 0, never a dash, and always whole. */
export const displayCount = (value: number | null | undefined): string => displayNumber(Math.round(value ?? 0));

/** An amount in đồng, rounded to the đồng. */
export const displayMoney = (value: number | null | undefined): string =>
  value == null ? '-' : `${displayNumber(Math.round(value))} đ`;
