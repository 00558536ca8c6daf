import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from '@portal/domain/languages';
import { messageValue } from '@portal/domain/format';
import { LANGUAGE_KEY } from './ui-store.ts';

/**
 * The interface texts, loaded by language and namespace as pages need them: the public home downloads the
 * shell's texts in the language it shows, not every domain's in both. Each route entry may name the namespaces
 * it needs (default: all); the route guard waits for them before the page renders, so no untranslated key ever
 * flashes. Switching language loads the same namespaces in the other language first, then switches.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../../packages/domain/src/locales/*/*.json', {
  import: 'default',
});
const loaders = new Map<string, () => Promise<Record<string, unknown>>>();
for (const [file, load] of Object.entries(files)) {
  const match = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (match) loaders.set(`${match[1]}/${match[2]}`, load);
}
/** Every namespace of the locale files. */
export const NAMESPACES: readonly string[] = [...new Set([...loaders.keys()].map((k) => k.split('/')[1]!))].sort();
/** What every page shows: the shell (menu, header, footer, error pages), common words and error messages. */
export const CORE_NAMESPACES = ['common', 'errors', 'shell'] as const;

/** Texts derived from others once a language is complete (catalogue page titles made from an area's noun). */
type Deriver = (language: Language) => void;
const derivers: Deriver[] = [];
const loaded = new Map<Language, Set<string>>(LANGUAGES.map((l) => [l, new Set<string>()]));
const pending = new Map<string, Promise<void>>();

const complete = (language: Language) => loaded.get(language)!.size === NAMESPACES.length;

function loadOne(language: Language, ns: string): Promise<void> {
  const key = `${language}/${ns}`;
  let p = pending.get(key);
  if (!p) {
    const load = loaders.get(key);
    p = (load ? load() : Promise.resolve({})).then((texts) => {
      i18n.addResourceBundle(language, ns, texts, true, false);
      loaded.get(language)!.add(ns);
      if (complete(language)) for (const derive of derivers) derive(language);
    });
    pending.set(key, p);
  }
  return p;
}

/** Languages whose texts a page shows: the current one and the fallback. */
const shown = (language: Language): Language[] =>
  language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];

/**
 * Loads the namespaces (default: all) for the current language; undefined when they are already in, so a
 * route guard stays synchronous on every visit but the first.
 */
export function ensureNamespaces(namespaces: readonly string[] = NAMESPACES): Promise<void> | undefined {
  const missing = shown(currentLanguage()).flatMap((l) =>
    namespaces.filter((ns) => !loaded.get(l)!.has(ns)).map((ns) => loadOne(l, ns)),
  );
  return missing.length ? Promise.all(missing).then(() => undefined) : undefined;
}

/** Loads namespaces in every language (an import reads a sheet's headers in either). */
export async function ensureAllLanguages(namespaces: readonly string[] = NAMESPACES): Promise<void> {
  await Promise.all(LANGUAGES.flatMap((l) => namespaces.map((ns) => loadOne(l, ns))));
}

/** Adds texts derived for each language: now for the complete ones, later for each one that completes. */
export function deriveTexts(derive: Deriver): void {
  derivers.push(derive);
  for (const language of LANGUAGES) if (complete(language)) derive(language);
}

function storedLanguage(): Language {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const initial = storedLanguage();
dayjs.locale(initial === 'vi' ? 'vi' : 'en');

// Every interpolated value passes through the portal's message formatting (a calendar date as 20/11/2026).
const portalFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Typed as answering text; i18next turns another value into text itself, and keeps a missing one missing.
  format: (value: unknown) => messageValue(value) as string,
};

void i18n
  .use(initReactI18next)
  .use(portalFormatter)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: [...CORE_NAMESPACES],
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    // Texts arrive before a page renders (route guard), never while it does.
    react: { useSuspense: false },
  });

/** Resolves when the shell's texts are in: main.tsx renders nothing before. */
export const languageReady: Promise<void> = ensureNamespaces(CORE_NAMESPACES) ?? Promise.resolve();

/** Switches the interface language; Ant Design follows through the provider, dayjs here. Persists. */
export async function setLanguage(language: Language): Promise<void> {
  const inUse = [...loaded.get(currentLanguage())!];
  await Promise.all(shown(language).flatMap((l) => inUse.map((ns) => loadOne(l, ns))));
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The switch still applies to this tab.
  }
  dayjs.locale(language === 'vi' ? 'vi' : 'en');
  document.documentElement.setAttribute('lang', language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language ?? initial);
}

export { i18n };
