import vi from './locales/vi/index.ts';
import en from './locales/en/index.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages.ts';

/**
 * Every user-facing string, by language and namespace. One namespace per domain: add a line per namespace to
 * each language's index (vi first, then en). Server messages (errors, mails, spreadsheet headers) and the web
 * share these files; the web app loads one language's bundle at a time.
 */
export const resources = { vi, en } as const;

export type Namespace = keyof (typeof resources)['vi'];

/** Server-side translation: `translate('vi', 'errors:NOT_FOUND')`, with {{name}} interpolation. */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, k] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const table = (resources[lang] as Record<string, Record<string, unknown>>)[ns];
  const fallback = (resources[DEFAULT_LANGUAGE] as Record<string, Record<string, unknown>>)[ns];
  const raw = lookup(table, k) ?? lookup(fallback, k) ?? key;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

function lookup(table: Record<string, unknown> | undefined, dotted: string): string | undefined {
  let node: unknown = table;
  for (const part of dotted.split('.')) {
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}
