import type { Expression, SqlBool } from 'kysely';
import { translator, type OpContext } from './context.ts';
import { AppError } from '../platform/errors/app-error.ts';

export type CatalogRecord = Record<string, unknown> & { id: string };

/**
 * Server-side extras of an area (Payload-style collection hooks). They run inside the operation's transaction
 * for REST calls, import rows and seeds alike. A domain module declares them in its definition
 * (`catalogueHooks: [catalogueHook('position', { beforeDelete: ... })]`); installModules() registers them.
 */
export interface CatalogHooks {
  /** May change the validated data (return it) or refuse by throwing an AppError. */
  beforeChange?: (args: {
    ctx: OpContext;
    operation: 'create' | 'update';
    data: Record<string, unknown>;
    original: CatalogRecord | null;
  }) => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;
  /** `data`: the validated values, write-only fields included (what the engine does not store itself). */
  afterChange?: (args: {
    ctx: OpContext;
    operation: 'create' | 'update';
    record: CatalogRecord;
    data: Record<string, unknown>;
  }) => Promise<void> | void;
  /** Refuse a delete (records used elsewhere) by throwing; `ids` includes the subtree of a tree node. */
  beforeDelete?: (args: { ctx: OpContext; ids: string[] }) => Promise<void> | void;
  /** Refuse bringing records back from the trash bin by throwing. */
  beforeRestore?: (args: { ctx: OpContext; ids: string[] }) => Promise<void> | void;
  /** After records came back from the trash bin (`ids`: with their subtrees), in the same transaction. */
  afterRestore?: (args: { ctx: OpContext; ids: string[] }) => Promise<void> | void;
  /**
   * Before records are deleted for good: remove what belongs to them, or refuse by throwing (409 when something
   * must be kept).
   */
  beforePurge?: (args: { ctx: OpContext; ids: string[] }) => Promise<void> | void;
  /**
   * Add what a record answers besides its columns (computed or kept elsewhere) to lists, details and the
   * answers of create and update; changes the records in place, a page at a time.
   */
  afterRead?: (args: { ctx: OpContext; records: CatalogRecord[] }) => Promise<void> | void;
  /**
   * Limits the area's drop-down options by its declared `optionParams` (the values a picker depends on): conditions
   * over the row alias `t`. The module answers with the same rule its checks refuse a record by, so a picker offers
   * only what a save accepts; `params` holds only the values sent.
   */
  optionConditions?: (args: {
    ctx: OpContext;
    params: Readonly<Record<string, string>>;
  }) => Promise<Expression<SqlBool>[]> | Expression<SqlBool>[];
}

/** An area's hooks as a module declares them (its definition's `catalogueHooks`). */
export type CatalogueHookEntry = readonly [catalogKey: string, hooks: CatalogHooks];

/** Declares hooks of the area `catalogKey`; nothing runs them until the module's definition is installed. */
export function catalogueHook(catalogKey: string, hooks: CatalogHooks): CatalogueHookEntry {
  return [catalogKey, hooks];
}

const registered = new Map<string, CatalogHooks[]>();

/**
 * For installModules() (and tests) only: a module declares its hooks instead, so none is registered by loading a
 * file, in an order that depends on who imported it first.
 */
export function registerCatalogHooks(catalogKey: string, hooks: CatalogHooks): void {
  registered.set(catalogKey, [...(registered.get(catalogKey) ?? []), hooks]);
}

export function hooksOf(catalogKey: string): readonly CatalogHooks[] {
  return registered.get(catalogKey) ?? [];
}

/**
 * Reference rows valid over a period (`validFrom`, `validTo`: a limit, an accreditation, a time limit the law
 * sets): the end may not come before the start (400 on `validTo`, with `messageKey`).
 */
export function validityPeriodHooks(catalogKeys: readonly string[], messageKey: string): CatalogueHookEntry[] {
  return catalogKeys.map((key) =>
    catalogueHook(key, {
      beforeChange({ ctx, data, original }) {
        const from = (data.validFrom ?? original?.validFrom) as string | null | undefined;
        const to = (data.validTo ?? original?.validTo) as string | null | undefined;
        if (from && to && to < from)
          throw new AppError(400, 'VALIDATION', {
            details: [{ field: 'validTo', code: 'range', message: translator(ctx)(messageKey) }],
          });
      },
    }),
  );
}
