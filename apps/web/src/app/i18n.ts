import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { DEFAULT_LANGUAGE, LANGUAGES, resources, toLanguage, type Language } from '@portal/domain/i18n';
import { LANGUAGE_KEY } from './ui-store.ts';

function storedLanguage(): Language {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const initial = storedLanguage();
dayjs.locale(initial === 'vi' ? 'vi' : 'en');

// Synchronous init: every string is bundled, so the first render is already translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: Object.keys(resources.vi),
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Switches the interface language; Ant Design follows through the provider, dayjs here. Persists. */
export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The switch still applies to this tab.
  }
  dayjs.locale(language === 'vi' ? 'vi' : 'en');
  document.documentElement.setAttribute('lang', language);
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export { i18n };
