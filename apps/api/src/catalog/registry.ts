import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  assertValidCatalogs,
  registerCatalogFeatures,
  registerCatalogMenu,
  resolveCatalog,
  type CatalogDeclaration,
  type ResolvedCatalog,
} from '@portal/domain/catalog/index';
import { resources } from '@portal/domain/i18n';

/**
 * Every catalogue area: each file in packages/domain/src/catalog/areas default-exports one declaration, so
 * adding an area is adding a file. Checked once at load: a bad declaration stops the process at start-up.
 */
const areasDir = path.resolve(import.meta.dirname, '../../../../packages/domain/src/catalog/areas');

export function hasTranslation(language: 'vi' | 'en', key: string): boolean {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = (resources[language] as Record<string, unknown>)[ns];
  for (const part of rest.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.length > 0;
}

async function loadDeclarations(): Promise<CatalogDeclaration[]> {
  const files = readdirSync(areasDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  const modules = await Promise.all(
    files.map(async (file) => {
      const mod = (await import(pathToFileURL(path.join(areasDir, file)).href)) as { default?: CatalogDeclaration };
      if (!mod.default)
        throw new Error(`Catalogue file ${file} has no default export (export default defineCatalog(...))`);
      return mod.default;
    }),
  );
  return modules;
}

export interface CatalogRegistry {
  /** The areas (routes, pages, trash, schema). */
  all: readonly ResolvedCatalog[];
  /** Tables of other modules that areas refer to (`lookup`): found by `get`, never served. */
  lookups: readonly ResolvedCatalog[];
  byKey: ReadonlyMap<string, ResolvedCatalog>;
  byArea: ReadonlyMap<string, ResolvedCatalog>;
  get(key: string): ResolvedCatalog;
}

export function buildRegistry(declarations: readonly CatalogDeclaration[]): CatalogRegistry {
  assertValidCatalogs(declarations, hasTranslation);
  const resolved = declarations.map(resolveCatalog);
  const all = resolved.filter((c) => !c.declaration.lookup);
  const byKey = new Map(resolved.map((c) => [c.key, c]));
  const byArea = new Map(all.map((c) => [c.area, c]));
  return {
    all,
    lookups: resolved.filter((c) => c.declaration.lookup),
    byKey,
    byArea,
    get(key) {
      const c = byKey.get(key);
      if (!c) throw new Error(`Unknown catalogue "${key}"`);
      return c;
    },
  };
}

export const catalogRegistry: CatalogRegistry = buildRegistry(await loadDeclarations());

// Each area's node in the permission tree (the user-type editor grants them) and its menu entries.
registerCatalogFeatures(catalogRegistry.all);
registerCatalogMenu(catalogRegistry.all);
