import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/domain/accounts';
// Types only: the module itself is imported on demand (loadPasswordStrength).
import type * as PasswordStrengthModule from '@portal/domain/password-strength';

type T = TFunction<'accounts'>;
export type PasswordStrength = typeof PasswordStrengthModule;

let loading: Promise<PasswordStrength> | undefined;

/**
 * The password check the API runs, with its dictionaries (megabytes): fetched the first time a new-password field
 * is shown, never with the sign-in page or the entry.
 */
export function loadPasswordStrength(): Promise<PasswordStrength> {
  loading ??= import('@portal/domain/password-strength').catch((err: unknown) => {
    loading = undefined; // A failed download is tried again by the next field.
    throw err;
  });
  return loading;
}

/**
 * The password policy in the form (the API checks it again): length, then common, personal or guessable by the
 * shared strength estimate. `personal`: the user's own words (user name, full name, email) at check time.
 */
export function passwordRules(
  t: T,
  personal: () => Array<string | null | undefined> = () => [],
  required = true,
): Rule[] {
  return [
    ...(required ? [{ required: true, message: t('validation.required') }] : []),
    {
      validator: async (_, value: string | undefined) => {
        if (!value) return;
        let strength: PasswordStrength;
        try {
          strength = await loadPasswordStrength();
        } catch {
          // Without the dictionaries the length is still checked here; the API checks everything.
          if (value.length < PASSWORD_MIN_LENGTH) throw new Error(t('password.tooShort'));
          if (value.length > PASSWORD_MAX_LENGTH) throw new Error(t('password.tooLong'));
          return;
        }
        const [problem] = strength.assessPassword(value, strength.personalInputs(...personal())).problems;
        if (problem) throw new Error(t(`password.${problem}`));
      },
    },
  ];
}
