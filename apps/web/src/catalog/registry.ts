// Light modules only (no validation library): the route table imports this at start-up.
import type { CatalogDeclaration } from '@portal/domain/catalog/types';
import { resolveCatalog, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/resolve';
import { assertValidCatalogs } from '@portal/domain/catalog/validate';

/**
 * The browser's copy of the catalogue registry: every declaration file of packages/domain/src/catalog/areas,
 * picked up by the bundler (a new file is a new area, nothing to list). Declarations are plain data.
 */
const modules = import.meta.glob<{ default: CatalogDeclaration }>(
  '../../../../packages/domain/src/catalog/areas/*.ts',
  { eager: true },
);

const declarations = Object.keys(modules)
  .sort()
  .map((path) => modules[path]!.default);
// The server checks the same files, texts included, at start-up; the browser repeats the shape check while
// developing only, so production does not download the checker.
if (import.meta.env.DEV) assertValidCatalogs(declarations, () => true);

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
