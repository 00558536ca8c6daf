import { formatNumber, parseNumber } from '@portal/domain/format';
import type { Language } from '@portal/domain/languages';

/**
 * An amount's input with the thousands separator of the interface language ("4.200.000"), written and read by the
 * one number format of the portal (`formatNumber`/`parseNumber`), so what a form shows matches the lists and
 * documents. While the person types, the text stays as typed (no caret jumps); it is grouped when shown again.
 */
export function groupedNumberInput(lang: Language) {
  return {
    formatter: (value: number | string | undefined, info: { userTyping: boolean; input: string }) =>
      info.userTyping
        ? info.input
        : value === undefined || value === ''
          ? ''
          : formatNumber(Number(value), lang, { maxDecimals: 6 }),
    parser: (text: string | undefined): number | string => parseNumber(text, lang) ?? '',
  };
}

/**
 * A form's number input for a field with bounds: the bounds (and an integer's precision) are never handed to the
 * input, which would silently bring a value back into range or round it on blur (20 months becoming 12) and drop
 * an out-of-range value while it is typed. The value stays as typed and the form's rules — the same schema the
 * server checks — show the error beside it.
 */
export function numberFieldInput(f: { grouping?: false }, lang: Language) {
  return f.grouping === false ? { decimalSeparator: ',' } : groupedNumberInput(lang);
}
