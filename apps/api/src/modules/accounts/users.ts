import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { expandPermissions, parsePermission } from '@portal/domain/permissions';
import { translate, type Language } from '@portal/domain/i18n';
import { ACTIVATION_TYPES, ACCOUNT_PAGES } from '@portal/domain/accounts';
import { catalogOperations, catalogueHook, type CatalogueHookEntry, type OpContext } from '../../catalog/index.ts';
import { afterCommit, contextOf } from '../../catalog/context.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Principal } from '../../platform/access/index.ts';
import { canWriteIn } from '../../platform/access/scope.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { issueAccountToken, TOKEN_TTL_SECONDS } from './account-tokens.ts';
import { isLastActiveAdmin, passwordFieldErrors, userScope } from './account-helpers.ts';
import { accountError } from './errors.ts';
import { composeMail, pageLink } from './mails.ts';
import { revokeUserSessions } from './sessions.ts';
import { permissionList, type AccountStatus } from './tables.ts';
import { avatarUrl } from './user-data.ts';
import { usersWithUnit } from '../../platform/auth/principal.ts';

/**
 * Users (OfficalProfile) are a catalogue area (packages/domain/src/catalog/areas/user.ts): the engine serves the
 * list, detail, create, edit, delete, trash bin, combobox, template, export and import through one operations
 * layer. What is particular to accounts runs there as this module's hooks, for REST calls and import rows alike:
 *
 * - assignment rule: a user type may be given only by someone who holds every permission it grants (so nobody
 *   creates an account stronger than their own), to a user of a unit within their scope and of the kind the type
 *   is meant for; nobody edits, deletes, restores or purges an account stronger than their own;
 * - a new account with an initial password is active at once (changed at first sign-in); without one it waits
 *   for the user to accept the invitation mailed to them;
 * - a deleted account's sessions end; the last active administrator cannot be deleted nor demoted; nobody
 *   deletes themselves;
 * - deleting for good removes what belongs to the account (sessions, tokens, recovery codes, group memberships,
 *   by their foreign keys); the access history keeps the name it recorded.
 */

const listColumns = [
  'u.id',
  'u.user_name',
  'u.full_name',
  'u.email',
  'u.phone',
  'u.job_title',
  'u.avatar_file_id',
  'u.status',
  'u.locked_until',
  'u.last_login_at',
  'u.created_at',
  'u.totp_enabled',
  'u.unit_id',
  'un.name as unit_name',
  'un.code as unit_code',
  'un.kind as unit_kind',
  'u.user_type_id',
  't.name as user_type_name',
  't.code as user_type_code',
] as const;

type ListRow = {
  id: string;
  user_name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  avatar_file_id: string | null;
  status: AccountStatus;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  totp_enabled: boolean;
  unit_id: string;
  unit_name: string;
  unit_code: string | null;
  unit_kind: string;
  user_type_id: string;
  user_type_name: string;
  user_type_code: string;
};

export function toListItem(r: ListRow) {
  return {
    id: r.id,
    userName: r.user_name,
    fullName: r.full_name,
    email: r.email,
    phone: r.phone,
    jobTitle: r.job_title,
    avatar: avatarUrl(r.avatar_file_id),
    status: r.status,
    temporarilyLocked: !!r.locked_until && r.locked_until > new Date(),
    lastLoginAt: r.last_login_at,
    createdAt: r.created_at,
    twoFactorEnabled: r.totp_enabled,
    unitId: r.unit_id,
    unitName: r.unit_name,
    unitCode: r.unit_code,
    unitKind: r.unit_kind,
    userTypeId: r.user_type_id,
    userTypeName: r.user_type_name,
    userTypeCode: r.user_type_code,
  };
}
export type UserListItem = ReturnType<typeof toListItem>;

/** One live user in the principal's scope with their unit and type (account information), or 404. */
export async function getUser(db: Db, principal: Principal | null, id: string) {
  const scope = userScope(principal);
  const row = await usersWithUnit(db)
    .where('u.deleted_at', 'is', null)
    .where(scope ?? (sql<SqlBool>`true` as Expression<SqlBool>))
    .select([
      ...listColumns,
      'u.gender',
      'u.birthday',
      'u.address',
      'un.business_id',
      'un.local_unit_code',
      'u.must_change_password',
      't.role',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw accountError(404, 'USER_NOT_FOUND');
  return {
    ...toListItem(row as ListRow),
    gender: row.gender,
    birthday: row.birthday,
    address: row.address,
    businessId: row.business_id,
    localUnitCode: row.local_unit_code,
    mustChangePassword: row.must_change_password,
    role: row.role,
  };
}
export type UserDetail = Awaited<ReturnType<typeof getUser>>;

/** Does the principal hold every permission of the type (and may it give the type's role)? */
export function canAssignType(principal: Principal, type: { role: string; permissions: unknown }): boolean {
  if (principal.role === 'admin') return true;
  if (type.role === 'admin') return false;
  return expandPermissions(permissionList(type.permissions)).every((p) => {
    const { subject, action } = parsePermission(p)!;
    return principal.ability.can(action, subject);
  });
}

/** A refusal about one field, worded for the form and the import row alike. */
function fieldError(lang: Language, status: number, code: string, field: string, messageKey: string): never {
  throw accountError(status, code, { details: [{ field, code, message: translate(lang, messageKey) }] });
}

/**
 * The type and unit a user is being given, checked against the assignment rule; field-level 4xx otherwise. A type
 * or unit that does not exist is left to the engine's reference check (null), which names every such field.
 */
export async function checkAssignment(
  db: Db,
  principal: Principal,
  userTypeId: string,
  unitId: string,
  lang: Language = 'vi',
) {
  const type = await db
    .selectFrom('user_type')
    .select(['id', 'role', 'unit_kind', 'permissions'])
    .where('id', '=', userTypeId)
    .executeTakeFirst();
  const unit = await db
    .selectFrom('unit')
    .select(['id', 'kind'])
    .where('id', '=', unitId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!type || !unit) return null;
  if (!(await canWriteIn(db, principal, { unitId }))) {
    fieldError(lang, 403, 'OUT_OF_SCOPE', 'unitId', 'accounts:import.outOfScope');
  }
  if (type.unit_kind && type.unit_kind !== unit.kind) {
    fieldError(lang, 400, 'USER_TYPE_UNIT_MISMATCH', 'userTypeId', 'accounts:import.typeUnitMismatch');
  }
  if (!canAssignType(principal, type)) {
    fieldError(lang, 403, 'USER_TYPE_NOT_ASSIGNABLE', 'userTypeId', 'accounts:import.typeNotAssignable');
  }
  return { type, unit };
}

/** Mail an invitation link (choose a password, activate); returns the mail id. */
async function inviteMail(
  app: FastifyInstance,
  db: Kysely<DB> | Transaction<DB>,
  lang: Language,
  user: { id: string; userName: string; fullName: string; email: string },
) {
  const token = await issueAccountToken(db, user.id, 'invitation');
  return app.mailer.enqueue(
    db,
    composeMail(
      lang,
      'invitation',
      user.email,
      { fullName: user.fullName, userName: user.userName, days: TOKEN_TTL_SECONDS.invitation / 86400 },
      pageLink(app.config.publicUrl, `${ACCOUNT_PAGES.activation}/${ACTIVATION_TYPES.invitation}`, { token }),
    ),
  );
}

/** The accounts of these ids with their type (the assignment rule's other side). */
async function accountsOf(db: Db, ids: string[]) {
  return ids.length
    ? db
        .selectFrom('app_user as u')
        .innerJoin('user_type as t', 't.id', 'u.user_type_id')
        .select(['u.id', 'u.user_name', 'u.unit_id', 'u.user_type_id', 'u.status', 't.role', 't.permissions'])
        .where('u.id', 'in', ids)
        .execute()
    : [];
}

/** Nobody acts on an account stronger than their own. */
function assertNotStronger(ctx: OpContext, accounts: { role: string; permissions: unknown }[]): void {
  if (ctx.system || !ctx.principal) return;
  for (const a of accounts) {
    if (!canAssignType(ctx.principal, a))
      fieldError(ctx.lang, 403, 'USER_TYPE_NOT_ASSIGNABLE', 'userTypeId', 'accounts:import.typeNotAssignable');
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

// ---------------------------------------------------------------------------------------------------------------
// For other modules (an employer's accounts): the user area's operations, with the caller's checks.

const users = () => catalogOperations('user');

/** Users matching the filters in the principal's scope, a page of them (the user area's list). */
export async function listUsers(
  db: Db,
  principal: Principal | null,
  query: { pageNumber: number; pageSize: number; keyWord?: string | undefined; unitId?: string; sortBy?: 'createdAt' },
) {
  const { pageNumber, pageSize, keyWord, unitId } = query;
  return users().list(
    { db, principal, lang: 'vi', request: null },
    { pageNumber, pageSize, keyWord, values: { unitId }, sortField: 'createdAt', sortOrder: 'desc' },
  );
}

/** Create a user through the user area (assignment rule, password or invitation); returns its id. */
export async function createUserAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  input: Record<string, unknown>,
): Promise<string> {
  return (await users().create(contextOf(request, app.db), input)).id;
}

const userRules = catalogueHook('user', {
  async beforeChange({ ctx, operation, data, original }) {
    const db = ctx.db as Db;
    const [current] = operation === 'update' ? await accountsOf(db, [original!.id]) : [];
    // The user name is the sign-in name: it stays what it was.
    const values: Record<string, unknown> = current ? { ...data, userName: current.user_name } : { ...data };
    if (!ctx.system && ctx.principal) {
      if (current) assertNotStronger(ctx, [current]);
      const given = await checkAssignment(
        db,
        ctx.principal,
        String(values.userTypeId),
        String(values.unitId),
        ctx.lang,
      );
      if (
        current?.role === 'admin' &&
        given &&
        given.type.role !== 'admin' &&
        (await isLastActiveAdmin(db, current.id))
      )
        throw accountError(409, 'LAST_ADMINISTRATOR');
    }
    const password = text(values.password);
    if (password) {
      const details = passwordFieldErrors(ctx.lang, password, {
        userName: text(values.userName),
        fullName: text(values.fullName),
        email: text(values.email),
      });
      if (details.length) throw accountError(400, 'WEAK_PASSWORD', { details });
    } else if (!current && !text(values.email)) {
      fieldError(ctx.lang, 400, 'EMAIL_REQUIRED', 'email', 'accounts:import.passwordOrEmail');
    }
    if (!current) values.status = password ? 'active' : 'inactive';
    return values;
  },

  async afterChange({ ctx, operation, record, data }) {
    const password = text(data.password);
    if (password) {
      // Given by someone else: the user changes it at first sign-in.
      await ctx.db
        .updateTable('app_user')
        .set({
          password_hash: await hashPassword(password),
          password_changed_at: new Date(),
          must_change_password: true,
        })
        .where('id', '=', record.id)
        .execute();
    } else if (operation === 'create' && text(record.email)) {
      const app = ctx.request?.server;
      if (!app) return;
      const mailId = await inviteMail(app, ctx.db, ctx.lang, {
        id: record.id,
        userName: String(record.userName),
        fullName: String(record.fullName),
        email: String(record.email),
      });
      await afterCommit(ctx, () => app.mailer.dispatch([mailId]));
    }
  },

  async beforeDelete({ ctx, ids }) {
    const db = ctx.db as Db;
    if (ctx.principal && ids.includes(ctx.principal.userId)) throw accountError(403, 'CANNOT_DELETE_SELF');
    const found = await accountsOf(db, ids);
    assertNotStronger(ctx, found);
    const admins = found.filter((r) => r.role === 'admin' && r.status === 'active').map((r) => r.id);
    if (admins.length) {
      const remaining = await db
        .selectFrom('app_user as u')
        .innerJoin('user_type as t', 't.id', 'u.user_type_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('t.role', '=', 'admin')
        .where('u.status', '=', 'active')
        .where('u.deleted_at', 'is', null)
        .where('u.id', 'not in', admins)
        .executeTakeFirstOrThrow();
      if (Number(remaining.n) === 0) throw accountError(409, 'LAST_ADMINISTRATOR');
    }
    // A deleted account is signed out everywhere at once.
    for (const id of ids) await revokeUserSessions(db, id, 'account_deleted');
  },

  async beforeRestore({ ctx, ids }) {
    assertNotStronger(ctx, await accountsOf(ctx.db as Db, ids));
  },

  async beforePurge({ ctx, ids }) {
    const db = ctx.db as Db;
    assertNotStronger(ctx, await accountsOf(db, ids));
    // What belongs to the account goes with it (also by the foreign keys' cascade; said here so it is explicit):
    // sessions and their refresh tokens, mailed links, recovery codes, group memberships. The access history has
    // no key to the account and keeps the user name it recorded.
    await db.deleteFrom('auth_session').where('user_id', 'in', ids).execute();
    await db.deleteFrom('account_token').where('user_id', 'in', ids).execute();
    await db.deleteFrom('recovery_code').where('user_id', 'in', ids).execute();
    await sql`delete from group_user_member where user_id = any(${ids}::uuid[])`.execute(db);
  },

  async afterRead({ ctx, records }) {
    // What the account pages show besides the profile: avatar, sign-in state, the unit's kind and owners, role.
    const rows = await usersWithUnit(ctx.db)
      .select([
        'u.id',
        'u.avatar_file_id',
        'u.locked_until',
        'u.last_login_at',
        'u.totp_enabled',
        'u.must_change_password',
        'un.kind as unit_kind',
        'un.business_id',
        'un.local_unit_code',
        't.role',
      ])
      .where(
        'u.id',
        'in',
        records.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = new Date();
    for (const record of records) {
      const r = byId.get(record.id);
      if (!r) continue;
      Object.assign(record, {
        avatar: avatarUrl(r.avatar_file_id),
        temporarilyLocked: !!r.locked_until && r.locked_until > now,
        lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
        twoFactorEnabled: r.totp_enabled,
        mustChangePassword: r.must_change_password,
        unitKind: r.unit_kind,
        businessId: r.business_id,
        localUnitCode: r.local_unit_code,
        role: r.role,
      });
    }
  },
});

/** The user area's rules, declared by the accounts module (index.ts). */
export const userHooks: CatalogueHookEntry[] = [userRules];
