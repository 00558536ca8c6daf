import { createMongoAbility } from '@casl/ability';
import type pg from 'pg';
import { abilityRules } from '@portal/domain/permissions';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Principal, PrincipalResolver, UnitKind } from '../access/index.ts';
import { permissionList } from '../../modules/accounts/tables.ts';
import { bearerToken, verifyAccessToken } from './tokens.ts';
import { isUuid } from '@portal/domain/ids';

/** Users with their unit (`un`) and user type (`t`): how the principal, the profile and the account pages read one. */
export function usersWithUnit(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('unit as un', 'un.id', 'u.unit_id')
    .innerJoin('user_type as t', 't.id', 'u.user_type_id');
}

function principalQuery(db: Db, userId: string, sessionId: string | undefined, now: Date) {
  let query = usersWithUnit(db)
    .select([
      'u.id',
      'u.user_name',
      'u.user_type_id',
      'un.id as unit_id',
      'un.kind as unit_kind',
      'un.business_id',
      'un.local_unit_code',
      't.role',
      't.permissions',
    ])
    .where('u.id', '=', userId)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null);
  if (sessionId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('auth_session as s')
          .select('s.id')
          .where('s.id', '=', sessionId)
          .whereRef('s.user_id', '=', 'u.id')
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now),
      ),
    );
  }
  return query;
}

type PrincipalRow = Awaited<ReturnType<ReturnType<typeof principalQuery>['executeTakeFirstOrThrow']>>;

/**
 * Abilities by role and stored permission list. Building one (expanding the feature tree, compiling CASL's rule
 * index) cost ≈ 0.5 ms of CPU per request for the department's 369 permissions, on every request; a user type's
 * list rarely changes and CASL abilities are not mutated here, so requests share one. The key is the list as
 * read this time, so a changed user type takes effect at once. Bounded: the oldest entry goes first.
 */
const abilities = new Map<string, Principal['ability']>();
const ABILITY_CACHE_SIZE = 200;

function abilityFor(role: 'admin' | 'client', permissions: unknown): Principal['ability'] {
  const key = `${role} ${JSON.stringify(permissions)}`;
  let ability = abilities.get(key);
  if (!ability) {
    ability = createMongoAbility(abilityRules(role, permissionList(permissions)));
    if (abilities.size >= ABILITY_CACHE_SIZE) abilities.delete(abilities.keys().next().value!);
    abilities.set(key, ability);
  }
  return ability;
}

/**
 * The statement every request runs, compiled once per shape (with or without a session) with stand-ins for the
 * user, the session and the time, which each call swaps for its own values.
 */
const USER = 'principal:user';
const SESSION = 'principal:session';
const NOW = new Date(0);
const compiled = new Map<boolean, { name: string; text: string; parameters: readonly unknown[] }>();

function principalStatement(db: Db, userId: string, sessionId: string | undefined, now: Date) {
  const withSession = sessionId !== undefined;
  let statement = compiled.get(withSession);
  if (!statement) {
    const { sql, parameters } = principalQuery(db, USER, withSession ? SESSION : undefined, NOW).compile();
    statement = { name: withSession ? 'portal.principal.session' : 'portal.principal', text: sql, parameters };
    compiled.set(withSession, statement);
  }
  const values = statement.parameters.map((p) =>
    p === USER ? userId : p === SESSION ? sessionId : p === NOW ? now : p,
  );
  return { name: statement.name, text: statement.text, values };
}

/**
 * The signed-in user behind an access token, read fresh from the database on every request: a disabled or
 * locked account, a signed-out session or a changed user type takes effect at once, not at token expiry.
 * With the pool, the statement is a named one: planned once per connection instead of on every request.
 */
export async function loadPrincipal(
  db: Db,
  userId: string,
  sessionId?: string,
  pool?: Pick<pg.Pool, 'query'>,
): Promise<Principal | null> {
  if (!isUuid(userId) || (sessionId !== undefined && !isUuid(sessionId))) return null;
  const now = new Date();
  const row = pool
    ? (await pool.query<PrincipalRow>(principalStatement(db, userId, sessionId, now))).rows[0]
    : await principalQuery(db, userId, sessionId, now).executeTakeFirst();
  if (!row) return null;
  const role = row.role === 'admin' ? 'admin' : 'client';
  return {
    userId: row.id,
    userName: row.user_name,
    role,
    userTypeId: row.user_type_id,
    unit: {
      id: row.unit_id,
      kind: row.unit_kind as UnitKind,
      businessId: row.business_id,
      localUnitCode: row.local_unit_code,
    },
    ability: abilityFor(role, row.permissions),
    ...(sessionId ? { sessionId } : {}),
  };
}

/** Bearer access token → Principal. Any problem with the token makes the caller anonymous. */
export function createPrincipalResolver(jwtSecret: string, db: Db, pool?: Pick<pg.Pool, 'query'>): PrincipalResolver {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const claims = await verifyAccessToken(jwtSecret, token);
    if (!claims) return null;
    return loadPrincipal(db, claims.sub, claims.sid, pool);
  };
}
