/**
 * The catalogue engine: one declaration per area (packages/domain/src/catalog/areas) → tables, routes at the
 * spec's spellings, Excel template/export/import, trash bin, trees. Other modules use the operations layer.
 */
export { default as catalogRoutes } from './routes.ts';
export { importRunRoutes } from './import-runs.ts';
export { catalogOperations, type CatalogOperations } from './operations.ts';
export { catalogRegistry } from './registry.ts';
// Hooks are declared by the modules' definitions; only installModules() registers them.
export { catalogueHook, type CatalogHooks, type CatalogueHookEntry, type CatalogRecord } from './hooks.ts';
export type { OpContext } from './context.ts';

// The catalogue engine's own routes and start-up rows, listed among the modules (it is not one of them).
import { defineModule } from '../modules/define.ts';
import catalogRoutes from './routes.ts';
import { importRunRoutes } from './import-runs.ts';
import { catalogDemoStep, catalogReferenceStep } from './seed.ts';

export const catalogModule = defineModule({
  name: 'catalog',
  plugin: catalogRoutes,
  seeds: [catalogReferenceStep, catalogDemoStep],
});
/** Import runs' routes, registered last (after every module's catalogue hooks are known). */
export const catalogImportRunsModule = defineModule({ name: 'catalog-import-runs', plugin: importRunRoutes });
