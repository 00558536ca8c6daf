import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import type { ResolvedCatalog, Translate } from '@portal/domain/catalog/index';
import type { DB } from '../db/schema.ts';
import { permits, type Principal } from '../platform/access/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { languageOf } from '../platform/errors/handler.ts';

export type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Who is calling and where: every operation takes one. REST handlers build it from the request; the import,
 * the export, seeds and other modules build it themselves, and get the same checks.
 */
export interface OpContext {
  db: Executor;
  principal: Principal | null;
  lang: Language;
  /** For the access history (ip, user agent); null for internal calls. */
  request: FastifyRequest | null;
  /**
   * Internal callers that act for the system (seeds) skip permission and scope checks, like Payload's
   * overrideAccess. Never set from a request.
   */
  system?: boolean;
  /**
   * Run `fn` once the operation's transaction has committed (a mail to send once its row is stored). Set by
   * `inTransaction`; see `afterCommit`.
   */
  afterCommit?: (fn: () => Promise<void> | void) => void;
}

export function contextOf(request: FastifyRequest, db: Executor): OpContext {
  return { db, principal: request.principal, lang: languageOf(request), request };
}

export function translator(ctx: OpContext): Translate {
  return (key, vars) => translate(ctx.lang, key, vars);
}

/** Permission check inside the operation, so internal callers are held to the same rules as the routes. */
export function assertCan(ctx: OpContext, c: ResolvedCatalog, action: string): void {
  if (ctx.system) return;
  if (permits(ctx.principal, `${c.subject}.${action}`)) return;
  throw ctx.principal ? new AppError(403, 'FORBIDDEN') : new AppError(401, 'UNAUTHENTICATED');
}

/** Run in the caller's transaction, or open one (and run what waits for its commit once it has). */
export async function inTransaction<T>(ctx: OpContext, fn: (ctx: OpContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  const pending: (() => Promise<void> | void)[] = [];
  const result = await ctx.db
    .transaction()
    .execute((trx) => fn({ ...ctx, db: trx, afterCommit: (f) => void pending.push(f) }));
  for (const f of pending) await f();
  return result;
}

/**
 * Once the caller's work is stored: after the operation's commit, or now when there is no transaction to wait for
 * (a caller's own transaction without `afterCommit` runs it now: the work is then best effort).
 */
export function afterCommit(ctx: OpContext, fn: () => Promise<void> | void): Promise<void> | void {
  if (ctx.afterCommit) return ctx.afterCommit(fn);
  return fn();
}

export function catalogError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: { field?: string; message: string; code?: string }[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `catalog:errors.${code}`, vars, details });
}
