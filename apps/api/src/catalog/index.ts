/**
 * The catalogue engine: one declaration per area (packages/domain/src/catalog/areas) → tables, routes at the
 * spec's spellings, Excel template/export/import, trash bin, trees. Other modules use the operations layer.
 */
export { default as catalogRoutes } from './routes.ts';
export { importRunRoutes } from './import-runs.ts';
export { catalogOperations, type CatalogOperations } from './operations.ts';
export { catalogRegistry } from './registry.ts';
export { registerCatalogHooks, type CatalogHooks, type CatalogRecord } from './hooks.ts';
export type { OpContext } from './context.ts';
