import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/domain/accounts';

type T = TFunction<'accounts'>;

/** The password policy in the form (the API checks it again): length, letters and digits. */
export function passwordRules(t: T): Rule[] {
  return [
    { required: true, message: t('validation.required') },
    { min: PASSWORD_MIN_LENGTH, message: t('password.tooShort') },
    { max: PASSWORD_MAX_LENGTH, message: t('password.tooLong') },
    {
      validator: (_, value: string | undefined) =>
        !value || (/\p{L}/u.test(value) && /\p{N}/u.test(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t('password.lettersAndDigits'))),
    },
  ];
}
