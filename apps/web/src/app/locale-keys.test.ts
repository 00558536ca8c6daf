import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every literal key the web code passes to t('…') exists in both languages' locale files, so no page shows a raw
 * key ("actions.save"). A key names its namespace ('common:actions.save') or is looked up in the namespaces the
 * file asks useTranslation for (any namespace when the file takes its `t` from a helper). Keys built at run time
 * (template strings) are left to the pages' own tests.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '..');
const locales = path.resolve(here, '../../../../packages/domain/src/locales');
const LANGUAGES = ['vi', 'en'] as const;

type Tree = Record<string, unknown>;
const texts = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(
      readdirSync(path.join(locales, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(locales, lang, f), 'utf8')) as Tree]),
    ),
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, Tree>>;

function has(tree: Tree | undefined, dotted: string): boolean {
  const find = (key: string) => {
    let node: unknown = tree;
    for (const part of key.split('.')) {
      if (!node || typeof node !== 'object') return false;
      node = (node as Tree)[part];
    }
    return node !== undefined;
  };
  // i18next's plural forms: key_one, key_other.
  return find(dotted) || find(`${dotted}_other`) || find(`${dotted}_one`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const NAMESPACE_CALL = /useTranslation\(\s*(\[[^\]]*\]|'[^']+')(?:\s*,\s*\{\s*keyPrefix:\s*'([^']+)'\s*\})?/g;
const KEY_CALL = /\bt\(\s*'([^'$\s]+)'/g;

describe('locale keys of the web code', () => {
  it('every literal t() key exists in vi and en', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      const code = readFileSync(file, 'utf8');
      // Where a file's plain keys are looked up: each namespace it asks for, under the key prefix it gives.
      const scopes = [...code.matchAll(NAMESPACE_CALL)].flatMap((m) =>
        [...m[1]!.matchAll(/'([^']+)'/g)].map((n) => ({ ns: n[1]!, prefix: m[2] ? `${m[2]}.` : '' })),
      );
      for (const [, key] of code.matchAll(KEY_CALL)) {
        if (!key || !/^[\w:.-]+$/.test(key) || !key.includes('.')) continue;
        for (const lang of LANGUAGES) {
          const [ns, rest] = key.includes(':') ? key.split(':', 2) : [null, key];
          const found = ns
            ? has(texts[lang][ns], rest!)
            : (scopes.length ? scopes : Object.keys(texts[lang]).map((n) => ({ ns: n, prefix: '' }))).some(
                ({ ns: n, prefix }) => has(texts[lang][n], `${prefix}${rest!}`) || has(texts[lang][n], rest!),
              );
          if (!found) missing.push(`${path.relative(webSrc, file)}: ${lang} ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
