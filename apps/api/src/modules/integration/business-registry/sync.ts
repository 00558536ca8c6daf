import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { RegistryBusiness, SyncRun } from '@portal/domain/integration/business-registry';
import type { Db } from '../../../db/database.ts';
import type { Jobs } from '../../../platform/jobs/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { IntegrationTables } from '../tables.ts';
import { RegistryUnavailable, type RegistryClient } from './client.ts';

export const SYNC_QUEUE = 'business-registry-sync';
/** A run gives up after this many consecutive registry failures (each retried after a delay). */
export const MAX_ATTEMPTS = 6;

type RunRow = Selectable<IntegrationTables['business_sync_run']>;

export interface SyncContext {
  db: Db;
  jobs: Jobs;
  client: () => RegistryClient;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long a worker owns a run without renewing; a crashed worker's run is resumed after it. */
  leaseSeconds: number;
  /** Set when the process is shutting down: the run stops between pages and resumes on the next start. */
  stopping: () => boolean;
}

const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;

function registryToColumns(b: RegistryBusiness) {
  const primary = b.industries.find((i) => i.primary) ?? b.industries[0];
  return {
    name: b.name,
    english_name: b.englishName,
    short_name: b.shortName,
    legal_form: b.legalForm,
    registered_on: b.registeredOn,
    representative_name: b.representative.fullName,
    representative_title: b.representative.title,
    industry_code: primary?.code ?? null,
    industry_name: primary?.name ?? null,
    employee_count: b.employees,
    registry_status: b.status,
    phone: b.phone,
    email: b.email,
    address: b.address.street,
    ward_code: b.address.wardCode ? `2025:${b.address.wardCode}` : null,
  };
}

/** Insert or update employers by tax code (never a duplicate); returns how many were new. */
async function upsertBusinesses(
  db: Db | Transaction<DB>,
  items: RegistryBusiness[],
): Promise<{ created: number; updated: number }> {
  if (items.length === 0) return { created: 0, updated: 0 };
  // Wards the portal does not know (a registry ahead of the reference data) are kept as unknown, not refused.
  const known = new Set(
    (
      await db
        .selectFrom('admin_unit')
        .select('id')
        .where('id', 'in', [...new Set(items.map((i) => `2025:${i.address.wardCode}`))])
        .execute()
    ).map((r) => r.id),
  );
  const rows = items.map((b) => {
    const cols = registryToColumns(b);
    return {
      code: b.taxCode,
      ...cols,
      ward_code: cols.ward_code && known.has(cols.ward_code) ? cols.ward_code : null,
      source: 'registry',
      registry_synced_at: sql<Date>`now()`,
    };
  });
  const result = await db
    .insertInto('business')
    .values(rows)
    // Live employers only (the tax code is unique among them; a trashed one stays in the trash bin).
    .onConflict((oc) =>
      oc
        .expression(sql`lower(code)`)
        .where('deleted_at', 'is', null)
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          english_name: eb.ref('excluded.english_name'),
          short_name: eb.ref('excluded.short_name'),
          legal_form: eb.ref('excluded.legal_form'),
          registered_on: eb.ref('excluded.registered_on'),
          representative_name: eb.ref('excluded.representative_name'),
          representative_title: eb.ref('excluded.representative_title'),
          industry_code: eb.ref('excluded.industry_code'),
          industry_name: eb.ref('excluded.industry_name'),
          employee_count: eb.ref('excluded.employee_count'),
          registry_status: eb.ref('excluded.registry_status'),
          // Contact details an employer keeps in the portal win over the registry's when present.
          phone: sql`coalesce(business.phone, excluded.phone)`,
          email: sql`coalesce(business.email, excluded.email)`,
          address: eb.ref('excluded.address'),
          ward_code: sql`coalesce(excluded.ward_code, business.ward_code)`,
          registry_synced_at: eb.ref('excluded.registry_synced_at'),
          updated_at: sql`now()`,
        })),
    )
    // xmax = 0 only for freshly inserted rows: tells created from updated without a second query.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  const created = result.filter((r) => r.inserted).length;
  return { created, updated: result.length - created };
}

export function toSyncRun(row: RunRow, errors: Array<{ tax_code: string | null; message: string }>): SyncRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    created: row.created,
    updated: row.updated,
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    requestedAt: row.requested_at.toISOString(),
    error: row.error,
    errors: errors.map((e) => ({ taxCode: e.tax_code, message: e.message })),
  };
}

export async function latestRun(db: Db): Promise<SyncRun | null> {
  const row = await db
    .selectFrom('business_sync_run')
    .selectAll()
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const errors = await db
    .selectFrom('business_sync_error')
    .select(['tax_code', 'message'])
    .where('run_id', '=', row.id)
    .orderBy('id')
    .limit(100)
    .execute();
  return toSyncRun(row, errors);
}

/** Queue a run. Only one unfinished run may exist: a second request is a 409. */
export async function requestRun(
  ctx: Pick<SyncContext, 'db' | 'jobs'>,
  input: { kind: 'full' | 'list'; taxCodes?: string[]; requestedBy: string | null; pageSize?: number },
): Promise<SyncRun> {
  let row: RunRow;
  try {
    row = await ctx.db
      .insertInto('business_sync_run')
      .values({
        kind: input.kind,
        tax_codes: input.taxCodes ?? null,
        total: input.kind === 'list' ? (input.taxCodes?.length ?? 0) : null,
        requested_by: input.requestedBy,
        ...(input.pageSize ? { page_size: input.pageSize } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError(409, 'SYNC_ALREADY_RUNNING');
    throw err;
  }
  await ctx.jobs.send(SYNC_QUEUE, { runId: row.id }, { singletonKey: row.id });
  return toSyncRun(row, []);
}

async function claim(ctx: SyncContext, runId: string): Promise<RunRow | undefined> {
  return ctx.db
    .updateTable('business_sync_run')
    .set({
      status: 'running',
      lease_owner: workerId,
      lease_until: sql<Date>`now() + make_interval(secs => ${ctx.leaseSeconds})`,
      started_at: sql<Date>`coalesce(started_at, now())`,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.or([
        eb('lease_until', 'is', null),
        eb('lease_until', '<', sql<Date>`now()`),
        eb('lease_owner', '=', workerId),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

async function release(ctx: SyncContext, runId: string): Promise<void> {
  await ctx.db
    .updateTable('business_sync_run')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', runId)
    .where('lease_owner', '=', workerId)
    .execute();
}

async function finish(
  ctx: SyncContext,
  runId: string,
  status: 'completed' | 'failed',
  error: string | null,
): Promise<void> {
  await ctx.db
    .updateTable('business_sync_run')
    .set({ status, error, finished_at: sql<Date>`now()`, lease_owner: null, lease_until: null })
    .where('id', '=', runId)
    .execute();
}

/**
 * Process a run page by page. Each page's upserts and the progress that counts them commit in one
 * transaction, so a run stopped anywhere (shutdown, crash, registry outage) resumes at the first page not
 * yet counted, and re-processing a page can only update, never duplicate.
 */
export async function processRun(ctx: SyncContext, runId: string): Promise<void> {
  const claimed = await claim(ctx, runId);
  if (!claimed) return; // finished, or another live worker owns it
  let run: RunRow = claimed;
  const client = ctx.client();
  try {
    for (;;) {
      if (ctx.stopping()) {
        await release(ctx, runId);
        return;
      }
      let items: RegistryBusiness[];
      let invalid: Array<{ taxCode: string | null; message: string }> = [];
      let total: number | null = run.total;
      let missing: string[] = [];
      if (run.kind === 'full') {
        const page = await client.page(run.next_page, run.page_size);
        items = page.items;
        invalid = page.invalid;
        total = page.total;
      } else {
        const codes = (run.tax_codes ?? []).slice((run.next_page - 1) * run.page_size, run.next_page * run.page_size);
        const found = await Promise.all(codes.map((c) => client.one(c)));
        items = found.filter((b): b is RegistryBusiness => b !== null);
        missing = codes.filter((_, i) => found[i] === null);
      }
      const processed = items.length + invalid.length + missing.length;
      const last = processed === 0 || (total !== null && (run.next_page - 1) * run.page_size + processed >= total);
      const current = run;
      run = await ctx.db.transaction().execute(async (trx): Promise<RunRow> => {
        const counts = await upsertBusinesses(trx, items);
        const errors = [
          ...invalid.map((i) => ({ run_id: runId, tax_code: i.taxCode, message: i.message })),
          ...missing.map((code) => ({ run_id: runId, tax_code: code, message: 'NOT_IN_REGISTRY' })),
        ];
        if (errors.length) await trx.insertInto('business_sync_error').values(errors).execute();
        return trx
          .updateTable('business_sync_run')
          .set({
            next_page: sql<number>`next_page + 1`,
            total,
            done: sql<number>`done + ${items.length}`,
            failed: sql<number>`failed + ${errors.length}`,
            created: sql<number>`created + ${counts.created}`,
            updated: sql<number>`updated + ${counts.updated}`,
            attempts: 0,
            lease_until: sql<Date>`now() + make_interval(secs => ${ctx.leaseSeconds})`,
          })
          .where('id', '=', runId)
          .where('next_page', '=', current.next_page) // a page is counted once, whatever happens
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (last) {
        await finish(ctx, runId, 'completed', null);
        ctx.log.info({ runId, done: run.done, failed: run.failed }, 'business registry sync completed');
        return;
      }
    }
  } catch (err) {
    if (err instanceof RegistryUnavailable) {
      const attempts = run.attempts;
      if (attempts >= MAX_ATTEMPTS) {
        await finish(ctx, runId, 'failed', err.message);
        return;
      }
      await release(ctx, runId);
      throw err; // the queue retries after its delay
    }
    await finish(ctx, runId, 'failed', (err as Error).message.slice(0, 1000));
    throw err;
  }
}

/** After a restart: queue again every unfinished run (now, or when a crashed worker's lease runs out). */
export async function resumeUnfinished(ctx: SyncContext): Promise<void> {
  const runs = await ctx.db
    .selectFrom('business_sync_run')
    .select(['id', 'lease_until'])
    .where('status', 'in', ['queued', 'running'])
    .execute();
  for (const run of runs) {
    const startAfter = run.lease_until && run.lease_until > new Date() ? run.lease_until : undefined;
    await ctx.jobs.send(SYNC_QUEUE, { runId: run.id }, startAfter ? { startAfter } : {});
    ctx.log.info({ runId: run.id }, 'business registry sync resumed');
  }
}
