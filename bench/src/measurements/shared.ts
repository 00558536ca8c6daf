import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../apps/api/src/db/database.ts';
import type { Principal } from '../../../apps/api/src/platform/access/index.ts';
import { hashPassword } from '../../../apps/api/src/platform/auth/passwords.ts';
import type { BenchContext, ResultRow } from '../harness.ts';

/** Helpers the domain measurements share: generated ids, bulk-load indexes, signed-in users, failures as rows. */

/** A version-4-shaped uuid derived from a bench number (the API accepts only well-formed ids). */
export const benchUuid = (kind: string, id: RawBuilder<unknown>) =>
  sql`(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from (select md5(${'bench-' + kind + '-'} || ${id}) as h) x)`;

export async function dropLoadIndexes(db: Db, table: string): Promise<void> {
  const indexes = await sql<{ name: string }>`select i.indexname as name from pg_indexes i
      where i.tablename = ${table} and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(
    db,
  );
  for (const { name } of indexes.rows) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}

export interface Session {
  headers: Record<string, string>;
  principal: Principal;
}

const sessions = new Map<string, Session>();

/** A user of the department or of an employer holding `permissions`, signed in through the real login call. */
export async function signIn(
  ctx: BenchContext,
  as: 'department' | 'employer',
  permissions: readonly string[],
  businessId?: string,
  /** A new sign-in even when one is kept (a long measurement outlives an access token's quarter of an hour). */
  fresh = false,
): Promise<Session> {
  const key = `${ctx.apiBaseUrl} ${as} ${businessId ?? ''} ${permissions.join(',')}`;
  const known = sessions.get(key);
  if (known && !fresh) return known;
  const db = ctx.database.db;
  const suffix = randomBytes(4).toString('hex');
  const who = { userName: `bench_${suffix}`, password: `Bench#${randomBytes(6).toString('hex')}` };
  let unitId: string;
  if (as === 'department') {
    unitId = (
      await sql<{ id: string }>`select id from unit where kind = 'department' order by created_at limit 1`.execute(db)
    ).rows[0]!.id;
  } else {
    const found = await sql<{ id: string }>`select id from unit where business_id = ${businessId}`.execute(db);
    unitId =
      found.rows[0]?.id ??
      (
        await sql<{ id: string }>`insert into unit (kind, name, business_id)
          select 'employer', name, id from business where id = ${businessId} returning id`.execute(db)
      ).rows[0]!.id;
  }
  const type = await sql<{ id: string }>`insert into user_type (code, name, role, permissions)
      values (${`BENCH_E_${suffix}`}, ${`Bench ${suffix}`}, 'client', ${JSON.stringify(permissions)}::jsonb) returning id`.execute(
    db,
  );
  const user = await sql<{
    id: string;
  }>`insert into app_user (user_name, full_name, unit_id, user_type_id, status, password_hash, password_changed_at)
      values (${who.userName}, 'Bench', ${unitId}, ${type.rows[0]!.id}, 'active', ${await hashPassword(who.password)}, now())
      returning id`.execute(db);
  const res = await fetch(`${ctx.apiBaseUrl}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const headers = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
  // What the list's scope is built from (the token's principal): the bare side compiles the same statements.
  const principal = {
    userId: user.rows[0]!.id,
    userName: who.userName,
    role: 'client',
    userTypeId: type.rows[0]!.id,
    unit: { id: unitId, kind: as, ...(businessId ? { businessId } : {}) },
  } as unknown as Principal;
  const session = { headers, principal };
  sessions.set(key, session);
  return session;
}

/** One comparison's failure is its own row: the others still run and print. */
export async function guarded(ctx: BenchContext, name: string, run: () => Promise<ResultRow[]>): Promise<ResultRow[]> {
  try {
    return await run();
  } catch (err) {
    ctx.log(`  ${name} failed: ${(err as Error).stack ?? String(err)}`);
    return [{ measurement: name, database: ctx.kind, status: 'error', detail: { error: (err as Error).message } }];
  }
}
