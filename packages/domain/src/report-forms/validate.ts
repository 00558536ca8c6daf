import { translate, type Language } from '../i18n.ts';
import { validateValues, type ValidationResult } from './engine.ts';
import type { ReportFormDefinition } from './schema.ts';

/**
 * The server's entry: a submission checked in the request's language (`errors` are field errors whose `field`
 * is the value's path). The web form calls `validateValues` with i18next's `t` instead, so its bundle does not
 * carry every locale file.
 */
export function validateSubmission(
  def: ReportFormDefinition,
  values: unknown,
  lang: Language,
  options: { mode?: 'draft' | 'submit' } = {},
): ValidationResult {
  return validateValues(def, values, { ...options, lang, t: (key, vars) => translate(lang, key, vars) });
}
