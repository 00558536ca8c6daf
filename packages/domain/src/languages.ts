/** The interface languages, without their texts (see i18n.ts for those). */

/** Supported languages: Vietnamese first (default), English second. */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

export function toLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}
