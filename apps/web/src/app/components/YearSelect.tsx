import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from 'antd/es/select';
import { defaultYear, yearOptions } from '@portal/domain/format';

type Props = Omit<SelectProps<number>, 'options' | 'mode'>;

/**
 * The spec's year picker: the current year and the nine before it, newest first; the current year when no value
 * is given (uncontrolled) — pass `value`/`onChange` to control it, as in a Form.Item.
 */
export function YearSelect(props: Props) {
  const { t } = useTranslation('shell');
  const options = useMemo(() => yearOptions().map((y) => ({ value: y, label: String(y) })), []);
  return (
    <Select<number>
      aria-label={t('yearSelect')}
      defaultValue={'value' in props ? undefined : defaultYear()}
      style={{ minWidth: 110 }}
      {...props}
      options={options}
    />
  );
}
