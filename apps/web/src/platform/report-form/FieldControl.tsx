import { DatePicker, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { formatNumber } from '@portal/domain/format';
import type { Language } from '@portal/domain/languages';
import { checkValue } from '@portal/domain/report-forms/engine';
import type { FieldDefinition, Scalar } from '@portal/domain/report-forms/schema';
import { numberFieldInput } from '../form/numbers.ts';

/**
 * One field of a report form as an input, controlled by its Form.Item (value/onChange). Numbers use the portal's
 * number input (grouped digits, no silent clamping: the bounds are the rules' job, below).
 */
export function FieldControl({
  field,
  value,
  onChange,
  disabled,
  lang,
  id,
  label,
}: {
  field: FieldDefinition;
  value?: Scalar;
  onChange?: (value: Scalar) => void;
  disabled?: boolean;
  lang: Language;
  id?: string;
  /** The accessible name when the field shows without its label (a table cell). */
  label?: string;
}) {
  const { t } = useTranslation('reportForms');
  const common = { id, disabled, 'aria-label': label };
  switch (field.kind) {
    case 'integer':
    case 'decimal':
      return (
        <InputNumber<number>
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange?.(typeof v === 'number' ? v : null)}
          {...(numberFieldInput({}, lang) as object)}
          suffix={field.unit?.[lang]}
          style={{ width: '100%' }}
        />
      );
    case 'computed':
      return <ComputedValue value={typeof value === 'number' ? value : null} lang={lang} />;
    case 'text':
      return (
        <Input
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={field.maxLength ?? 500}
        />
      );
    case 'longText':
      return (
        <Input.TextArea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={field.maxLength ?? 4000}
          autoSize={{ minRows: 2, maxRows: 8 }}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          format="DD/MM/YYYY"
          value={typeof value === 'string' && value ? dayjs(value, 'YYYY-MM-DD') : null}
          onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      // Yes / no as two choices, so "not answered" stays distinct from "no".
      return (
        <Radio.Group
          {...common}
          value={typeof value === 'boolean' ? value : undefined}
          onChange={(e) => onChange?.(e.target.value as boolean)}
          options={[
            { value: true, label: t('form.yes') },
            { value: false, label: t('form.no') },
          ]}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          allowClear={!field.required}
          value={typeof value === 'string' ? value : undefined}
          onChange={(v: string | undefined) => onChange?.(v ?? null)}
          options={field.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
          style={{ width: '100%' }}
        />
      );
  }
}

/** A computed figure: shown, never typed. */
export function ComputedValue({ value, lang }: { value: number | null | undefined; lang: Language }) {
  return (
    <span data-computed style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatNumber(value ?? null, lang, { maxDecimals: 6 })}
    </span>
  );
}

/**
 * The field's rules: the engine's own check of the value (the same the server runs) and, when the form is being
 * filed (not saved as a draft), whether it is required.
 */
export function fieldRules(field: FieldDefinition, t: TFunction, requireFilled: boolean): FormRule[] {
  const rules: FormRule[] = [
    {
      validator: (_, value: unknown) => {
        const r = checkValue(field, value);
        return r.error ? Promise.reject(new Error(t(r.error.key, r.error.vars ?? {}))) : Promise.resolve();
      },
    },
  ];
  if (requireFilled && field.required && field.kind !== 'computed')
    rules.unshift({
      validator: (_, value: unknown) =>
        value === undefined || value === null || (typeof value === 'string' && !value.trim())
          ? Promise.reject(new Error(t('catalog:validation.required')))
          : Promise.resolve(),
    });
  return rules;
}
