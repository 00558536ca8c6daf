// Light modules only (no validation library): the route table imports this at start-up.
import type { CatalogDeclaration } from '@portal/domain/catalog/types';
import { resolveCatalog, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/resolve';
import { assertValidCatalogs } from '@portal/domain/catalog/validate';
import { resources } from '@portal/domain/i18n';

/**
 * The browser's copy of the catalogue registry: every declaration file of packages/domain/src/catalog/areas,
 * picked up by the bundler (a new file is a new area, nothing to list). Declarations are plain data; checked
 * here as on the server, so a broken one fails loudly in development.
 */
const modules = import.meta.glob<{ default: CatalogDeclaration }>(
  '../../../../packages/domain/src/catalog/areas/*.ts',
  { eager: true },
);

function hasTranslation(language: 'vi' | 'en', key: string): boolean {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = (resources[language] as Record<string, unknown>)[ns];
  for (const part of rest.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.length > 0;
}

const declarations = Object.keys(modules)
  .sort()
  .map((path) => modules[path]!.default);
assertValidCatalogs(declarations, hasTranslation);

export const catalogs: readonly ResolvedCatalog[] = declarations.map(resolveCatalog);
const byKey = new Map(catalogs.map((c) => [c.key, c]));

export function catalogByKey(key: string): ResolvedCatalog {
  const c = byKey.get(key);
  if (!c) throw new Error(`Unknown catalogue "${key}"`);
  return c;
}

/** A page set by its id (`position`, `educationDepartment.district`). */
export function pageById(id: string): { catalog: ResolvedCatalog; page: ResolvedPage } {
  const catalog = catalogByKey(id.split('.')[0]!);
  const page = catalog.pages.find((p) => p.id === id);
  if (!page) throw new Error(`Unknown catalogue page "${id}"`);
  return { catalog, page };
}
