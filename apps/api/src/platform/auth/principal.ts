import { createMongoAbility } from '@casl/ability';
import type pg from 'pg';
import { abilityRules } from '@portal/domain/permissions';
import type { Db } from '../../db/database.ts';
import type { Principal, PrincipalResolver, UnitKind } from '../access/index.ts';
import { permissionList } from '../../modules/accounts/tables.ts';
import { bearerToken, verifyAccessToken } from './tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user behind an access token, read fresh from the database on every request: a disabled or
 * locked account, a signed-out session or a changed user type takes effect at once, not at token expiry.
 */
export async function loadPrincipal(
  db: Db,
  userId: string,
  sessionId?: string,
  pool?: Pick<pg.Pool, 'query'>,
): Promise<Principal | null> {
  if (!UUID.test(userId) || (sessionId !== undefined && !UUID.test(sessionId))) return null;
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('unit as un', 'un.id', 'u.unit_id')
    .innerJoin('user_type as t', 't.id', 'u.user_type_id')
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
          .where('s.expires_at', '>', new Date()),
      ),
    );
  }
  // Every request runs this same statement: named, it is planned once per connection instead of each time.
  const compiled = query.compile();
  const row = pool
    ? (
        await pool.query<Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>>({
          name: sessionId === undefined ? 'portal.principal' : 'portal.principal.session',
          text: compiled.sql,
          values: [...compiled.parameters],
        })
      ).rows[0]
    : await query.executeTakeFirst();
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
    ability: createMongoAbility(abilityRules(role, permissionList(row.permissions))),
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
