import type { OpContext } from './context.ts';

export type CatalogRecord = Record<string, unknown> & { id: string };

/**
 * Server-side extras of an area (Payload-style collection hooks). They run inside the operation's transaction
 * for REST calls, import rows and seeds alike. Registered by a domain module at load:
 * `registerCatalogHooks('position', { beforeDelete: ... })`.
 */
export interface CatalogHooks {
  /** May change the validated data (return it) or refuse by throwing an AppError. */
  beforeChange?: (args: {
    ctx: OpContext;
    operation: 'create' | 'update';
    data: Record<string, unknown>;
    original: CatalogRecord | null;
  }) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  afterChange?: (args: {
    ctx: OpContext;
    operation: 'create' | 'update';
    record: CatalogRecord;
  }) => Promise<void> | void;
  /** Refuse a delete (records used elsewhere) by throwing; `ids` includes the subtree of a tree node. */
  beforeDelete?: (args: { ctx: OpContext; ids: string[] }) => Promise<void> | void;
}

const registered = new Map<string, CatalogHooks[]>();

export function registerCatalogHooks(catalogKey: string, hooks: CatalogHooks): void {
  registered.set(catalogKey, [...(registered.get(catalogKey) ?? []), hooks]);
}

export function hooksOf(catalogKey: string): readonly CatalogHooks[] {
  return registered.get(catalogKey) ?? [];
}
