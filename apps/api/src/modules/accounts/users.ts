import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { expandPermissions, parsePermission } from '@portal/domain/permissions';
import { translate, type Language } from '@portal/domain/i18n';
import { ACTIVATION_TYPES, ACCOUNT_PAGES } from '@portal/domain/accounts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { canWriteIn } from '../../platform/access/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { hashPassword, passwordProblems } from '../../platform/auth/passwords.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { issueAccountToken, TOKEN_TTL_SECONDS } from './account-tokens.ts';
import { assertPasswordPolicy, assertUniqueAccount, isLastActiveAdmin, userScope } from './account-helpers.ts';
import { accountError } from './errors.ts';
import { composeMail, pageLink } from './mails.ts';
import { isDescending, sortKeys, type PagingQuery } from './schemas.ts';
import { revokeUserSessions } from './sessions.ts';
import { permissionList, type AccountStatus } from './tables.ts';
import { avatarUrl } from './user-data.ts';

/**
 * Users (OfficalProfile): one operations layer for the REST calls, the import and the export, so all of them
 * apply the same scope (users of units within the caller's data scope), validation and assignment rules.
 *
 * Assignment rule: a user type may be given only by someone who holds every permission it grants (so nobody
 * creates an account stronger than their own), to a user of a unit within their scope and of the kind the
 * type is meant for.
 */

export interface UserFilters {
  keyWord?: string | undefined;
  unitId?: string | undefined;
  userTypeId?: string | undefined;
  status?: AccountStatus | undefined;
  unitKind?: string | undefined;
  /** The deleted users instead of the live ones (to restore them). */
  deleted?: boolean | undefined;
}

const SORTS = {
  userName: 'u.user_name',
  fullName: 'u.full_name',
  email: 'u.email',
  unitName: 'un.name',
  userTypeName: 't.name',
  status: 'u.status',
  lastLoginAt: 'u.last_login_at',
  createdAt: 'u.created_at',
} as const;
const TEXT_SORTS = new Set<string>(['u.user_name', 'u.full_name', 'u.email', 'un.name', 't.name']);
export type UserSort = keyof typeof SORTS;
export const USER_SORTS = Object.keys(SORTS) as UserSort[];

function baseQuery(db: Db, principal: Principal | null, filters: UserFilters) {
  let q = db
    .selectFrom('app_user as u')
    .innerJoin('unit as un', 'un.id', 'u.unit_id')
    .innerJoin('user_type as t', 't.id', 'u.user_type_id')
    .where('u.deleted_at', filters.deleted ? 'is not' : 'is', null);
  const scope = userScope(principal);
  if (scope) q = q.where(scope);
  if (filters.keyWord)
    q = q.where(matchesKeyword(['u.full_name', 'u.user_name', 'u.email', 'u.phone'], filters.keyWord));
  if (filters.unitId) q = q.where('u.unit_id', '=', filters.unitId);
  if (filters.userTypeId) q = q.where('u.user_type_id', '=', filters.userTypeId);
  if (filters.status) q = q.where('u.status', '=', filters.status);
  if (filters.unitKind) q = q.where('un.kind', '=', filters.unitKind as never);
  return q;
}

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

export async function listUsers(
  db: Db,
  principal: Principal | null,
  query: PagingQuery & UserFilters & { sortBy?: UserSort | undefined },
): Promise<{ pageLists: UserListItem[]; totalRecord: number }> {
  const base = baseQuery(db, principal, query);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = SORTS[query.sortBy ?? 'createdAt'];
  const desc = query.sortBy ? isDescending(query.sortOrder) : true;
  const rows = await base
    .select([...listColumns])
    .$call((qb) => {
      let ordered = qb;
      for (const key of sortKeys(sort, TEXT_SORTS.has(sort)))
        ordered = ordered.orderBy(key, (ob) => (desc ? ob.desc() : ob.asc()).nullsLast());
      return ordered;
    })
    .orderBy('u.id')
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize)
    .execute();
  return { pageLists: (rows as ListRow[]).map(toListItem), totalRecord: Number(total.n) };
}

/** Every user matching the filters, in pages of 500 (export). */
export async function* allUsers(
  db: Db,
  principal: Principal | null,
  filters: UserFilters,
): AsyncGenerator<UserListItem> {
  let after = '';
  for (;;) {
    const rows = (await baseQuery(db, principal, filters)
      .select([...listColumns])
      .where('u.user_name', '>', after)
      .orderBy('u.user_name')
      .limit(500)
      .execute()) as ListRow[];
    for (const r of rows) yield toListItem(r);
    if (rows.length < 500) return;
    after = rows[rows.length - 1]!.user_name;
  }
}

export async function getUser(db: Db, principal: Principal | null, id: string) {
  const row = await baseQuery(db, principal, {})
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

/** The type and unit a user is being given, checked against the assignment rule; field-level 4xx otherwise. */
export async function checkAssignment(db: Db, principal: Principal, userTypeId: string, unitId: string) {
  const type = await db
    .selectFrom('user_type')
    .select(['id', 'role', 'unit_kind', 'permissions'])
    .where('id', '=', userTypeId)
    .executeTakeFirst();
  if (!type)
    throw accountError(400, 'USER_TYPE_NOT_FOUND', { details: [{ field: 'userTypeId', message: 'not found' }] });
  const unit = await db
    .selectFrom('unit')
    .select(['id', 'kind'])
    .where('id', '=', unitId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!unit) throw accountError(400, 'UNIT_NOT_FOUND', { details: [{ field: 'unitId', message: 'not found' }] });
  if (!(await canWriteIn(db, principal, { unitId }))) {
    throw accountError(403, 'OUT_OF_SCOPE', { details: [{ field: 'unitId', message: 'scope' }] });
  }
  if (type.unit_kind && type.unit_kind !== unit.kind) {
    throw accountError(400, 'USER_TYPE_UNIT_MISMATCH', { details: [{ field: 'userTypeId', message: 'unit kind' }] });
  }
  if (!canAssignType(principal, type)) {
    throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE', { details: [{ field: 'userTypeId', message: 'permissions' }] });
  }
  return { type, unit };
}

export interface UserInput {
  fullName: string;
  email: string | null;
  phone: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: string | null;
  address: string | null;
  jobTitle: string | null;
  unitId: string;
  userTypeId: string;
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

/**
 * Create a user. With a password the account is active at once; without one it is inactive and the user is
 * mailed an invitation to choose a password.
 */
export async function createUserAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  input: UserInput & { userName: string; password: string | null },
): Promise<string> {
  const principal = request.principal!;
  await checkAssignment(app.db, principal, input.userTypeId, input.unitId);
  await assertUniqueAccount(app.db, { userName: input.userName, email: input.email });
  if (input.password) assertPasswordPolicy(request, input.password, input.userName);
  else if (!input.email)
    throw accountError(400, 'EMAIL_REQUIRED', { details: [{ field: 'email', message: 'required' }] });
  const hash = input.password ? await hashPassword(input.password) : null;
  const lang = languageOf(request);
  const { id, mailId } = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('app_user')
      .values({
        user_name: input.userName,
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        gender: input.gender,
        birthday: input.birthday,
        address: input.address,
        job_title: input.jobTitle,
        unit_id: input.unitId,
        user_type_id: input.userTypeId,
        status: hash ? 'active' : 'inactive',
        password_hash: hash,
        password_changed_at: hash ? new Date() : null,
        must_change_password: !!hash,
        created_by: principal.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, request, {
      action: 'create',
      subject: 'User',
      recordId: row.id,
      details: { userName: input.userName },
    });
    const mail = hash
      ? null
      : await inviteMail(app, trx, lang, {
          id: row.id,
          userName: input.userName,
          fullName: input.fullName,
          email: input.email!,
        });
    return { id: row.id, mailId: mail };
  });
  if (mailId) await app.mailer.dispatch([mailId]);
  return id;
}

export async function updateUserAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  input: UserInput,
): Promise<void> {
  const principal = request.principal!;
  const current = await getUser(app.db, principal, id);
  const currentType = await app.db
    .selectFrom('user_type')
    .select(['role', 'permissions'])
    .where('id', '=', current.userTypeId)
    .executeTakeFirstOrThrow();
  // Nobody edits an account stronger than their own.
  if (!canAssignType(principal, currentType)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
  const { type } = await checkAssignment(app.db, principal, input.userTypeId, input.unitId);
  if (currentType.role === 'admin' && type.role !== 'admin' && (await isLastActiveAdmin(app.db, id))) {
    throw accountError(409, 'LAST_ADMINISTRATOR');
  }
  await assertUniqueAccount(app.db, { email: input.email }, id);
  const typeChanged = input.userTypeId !== current.userTypeId || input.unitId !== current.unitId;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        gender: input.gender,
        birthday: input.birthday,
        address: input.address,
        job_title: input.jobTitle,
        unit_id: input.unitId,
        user_type_id: input.userTypeId,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, request, {
      action: 'update',
      subject: 'User',
      recordId: id,
      details: typeChanged ? { userTypeId: input.userTypeId, unitId: input.unitId } : null,
    });
  });
}

/** Soft delete (the record stays for the access history and can be restored); sessions end. */
export async function deleteUserAccounts(
  app: FastifyInstance,
  request: FastifyRequest,
  ids: string[],
): Promise<number> {
  const principal = request.principal!;
  if (ids.includes(principal.userId)) throw accountError(403, 'CANNOT_DELETE_SELF');
  const found = await baseQuery(app.db, principal, {})
    .select(['u.id', 't.role', 't.permissions', 'u.status'])
    .where('u.id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw accountError(404, 'USER_NOT_FOUND');
  for (const row of found) {
    if (!canAssignType(principal, row)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
  }
  const admins = found.filter((r) => r.role === 'admin' && r.status === 'active').map((r) => r.id);
  if (admins.length) {
    const remaining = await app.db
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
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({ deleted_at: new Date(), deleted_by: principal.userId })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) {
      await revokeUserSessions(trx, id, 'account_deleted');
      await recordAudit(trx, request, { action: 'delete', subject: 'User', recordId: id });
    }
  });
  return ids.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Import: rows parsed from the template in the browser, keyed by the sheet's column keys.

export interface ImportRow {
  userName?: unknown;
  fullName?: unknown;
  email?: unknown;
  phone?: unknown;
  jobTitle?: unknown;
  unitCode?: unknown;
  userTypeCode?: unknown;
  password?: unknown;
  [key: string]: unknown;
}

export interface ImportResultRow extends Record<string, unknown> {
  isSuccess: boolean;
  errors: Array<{ field: string; message: string }>;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).normalize('NFC').trim());
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+() .-]{6,20}$/;

/**
 * Validate every row; unless `dryRun`, store the valid ones in one transaction. A row whose user name exists
 * (within the caller's scope) updates that user, so sending the same file twice creates nothing new.
 */
export async function importUsers(
  app: FastifyInstance,
  request: FastifyRequest,
  rows: ImportRow[],
  dryRun: boolean,
): Promise<{ data: ImportResultRow[]; created: number; updated: number }> {
  const principal = request.principal!;
  const lang = languageOf(request);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `accounts:import.${key}`, vars);
  const db = app.db;

  const unitCodes = [...new Set(rows.map((r) => text(r.unitCode).toLowerCase()).filter(Boolean))];
  const typeCodes = [...new Set(rows.map((r) => text(r.userTypeCode).toLowerCase()).filter(Boolean))];
  const userNames = [...new Set(rows.map((r) => text(r.userName).toLowerCase()).filter(Boolean))];
  const emails = [...new Set(rows.map((r) => text(r.email).toLowerCase()).filter(Boolean))];
  const units = unitCodes.length
    ? await db
        .selectFrom('unit')
        .select(['id', 'kind', sql<string>`lower(code)`.as('key')])
        .where(sql`lower(code)`, 'in', unitCodes)
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const types = typeCodes.length
    ? await db
        .selectFrom('user_type')
        .select(['id', 'role', 'unit_kind', 'permissions', sql<string>`lower(code)`.as('key')])
        .where(sql`lower(code)`, 'in', typeCodes)
        .execute()
    : [];
  const existing = userNames.length
    ? await db
        .selectFrom('app_user')
        .select(['id', 'email', 'deleted_at', sql<string>`lower(user_name)`.as('key')])
        .where(sql`lower(user_name)`, 'in', userNames)
        .execute()
    : [];
  const emailOwners = emails.length
    ? await db
        .selectFrom('app_user')
        .select(['id', sql<string>`lower(email)`.as('key')])
        .where(sql`lower(email)`, 'in', emails)
        .execute()
    : [];
  const scope = userScope(principal);
  const visible = new Set(
    existing.length
      ? (
          await db
            .selectFrom('app_user as u')
            .select('u.id')
            .where(
              'u.id',
              'in',
              existing.map((e) => e.id),
            )
            .where(scope ?? (sql<SqlBool>`true` as Expression<SqlBool>))
            .execute()
        ).map((r) => r.id)
      : [],
  );
  const unitByCode = new Map(units.map((u) => [u.key, u]));
  const typeByCode = new Map(types.map((x) => [x.key, x]));
  const userByName = new Map(existing.map((e) => [e.key, e]));
  const emailOwner = new Map(emailOwners.map((e) => [e.key, e.id]));
  const writable = new Map<string, boolean>();

  const seenNames = new Set<string>();
  const seenEmails = new Set<string>();
  type Planned = {
    row: ImportResultRow;
    existingId: string | null;
    values: UserInput & { userName: string; password: string | null };
  };
  const planned: Planned[] = [];
  const data: ImportResultRow[] = [];

  for (const raw of rows) {
    const errors: Array<{ field: string; message: string }> = [];
    const fail = (field: string, key: string, vars: Record<string, string | number> = {}) =>
      errors.push({ field, message: t(key, vars) });
    const userName = text(raw.userName);
    const fullName = text(raw.fullName);
    const email = text(raw.email).toLowerCase() || null;
    const phone = text(raw.phone) || null;
    const jobTitle = text(raw.jobTitle) || null;
    const password = text(raw.password) || null;
    const unit = unitByCode.get(text(raw.unitCode).toLowerCase());
    const type = typeByCode.get(text(raw.userTypeCode).toLowerCase());
    const existingUser = userByName.get(userName.toLowerCase());

    if (!userName) fail('userName', 'required');
    else if (!USER_NAME.test(userName)) fail('userName', 'userNameFormat');
    else if (seenNames.has(userName.toLowerCase())) fail('userName', 'duplicateInFile');
    else if (existingUser && (existingUser.deleted_at || !visible.has(existingUser.id)))
      fail('userName', 'userNameTaken');
    if (!fullName) fail('fullName', 'required');
    else if (fullName.length > 150) fail('fullName', 'tooLong', { max: 150 });
    if (email && (!EMAIL.test(email) || email.length > 200)) fail('email', 'emailFormat');
    else if (email && seenEmails.has(email)) fail('email', 'duplicateInFile');
    else if (email && emailOwner.has(email) && emailOwner.get(email) !== existingUser?.id) fail('email', 'emailTaken');
    if (phone && !PHONE.test(phone)) fail('phone', 'phoneFormat');
    if (jobTitle && jobTitle.length > 150) fail('jobTitle', 'tooLong', { max: 150 });
    if (!text(raw.unitCode)) fail('unitCode', 'required');
    else if (!unit) fail('unitCode', 'unknownUnit');
    if (!text(raw.userTypeCode)) fail('userTypeCode', 'required');
    else if (!type) fail('userTypeCode', 'unknownUserType');
    if (unit) {
      if (!writable.has(unit.id)) writable.set(unit.id, await canWriteIn(db, principal, { unitId: unit.id }));
      if (!writable.get(unit.id)) fail('unitCode', 'outOfScope');
    }
    if (unit && type) {
      if (type.unit_kind && type.unit_kind !== unit.kind) fail('userTypeCode', 'typeUnitMismatch');
      if (!canAssignType(principal, type)) fail('userTypeCode', 'typeNotAssignable');
    }
    if (password) {
      for (const p of passwordProblems(password, userName))
        errors.push({ field: 'password', message: translate(lang, `accounts:password.${p}`) });
    } else if (!existingUser && !email) fail('email', 'passwordOrEmail');

    const result: ImportResultRow = { ...raw, isSuccess: errors.length === 0, errors };
    data.push(result);
    if (userName) seenNames.add(userName.toLowerCase());
    if (email) seenEmails.add(email);
    if (errors.length === 0) {
      planned.push({
        row: result,
        existingId: existingUser?.id ?? null,
        values: {
          userName,
          fullName,
          email,
          phone,
          jobTitle,
          gender: null,
          birthday: null,
          address: null,
          unitId: unit!.id,
          userTypeId: type!.id,
          password,
        },
      });
    }
  }

  if (dryRun || planned.length === 0) return { data, created: 0, updated: 0 };

  const hashes = new Map<Planned, string>();
  for (const p of planned) if (p.values.password) hashes.set(p, await hashPassword(p.values.password));
  let created = 0;
  let updated = 0;
  const mailIds = await app.db.transaction().execute(async (trx) => {
    const mails: string[] = [];
    for (const p of planned) {
      const v = p.values;
      const hash = hashes.get(p) ?? null;
      if (p.existingId) {
        await trx
          .updateTable('app_user')
          .set({
            full_name: v.fullName,
            email: v.email ?? sql<string | null>`email`,
            phone: v.phone ?? sql<string | null>`phone`,
            job_title: v.jobTitle ?? sql<string | null>`job_title`,
            unit_id: v.unitId,
            user_type_id: v.userTypeId,
            updated_at: new Date(),
            ...(hash ? { password_hash: hash, password_changed_at: new Date(), must_change_password: true } : {}),
          })
          .where('id', '=', p.existingId)
          .execute();
        updated++;
        continue;
      }
      const row = await trx
        .insertInto('app_user')
        .values({
          user_name: v.userName,
          full_name: v.fullName,
          email: v.email,
          phone: v.phone,
          job_title: v.jobTitle,
          unit_id: v.unitId,
          user_type_id: v.userTypeId,
          status: hash ? 'active' : 'inactive',
          password_hash: hash,
          password_changed_at: hash ? new Date() : null,
          must_change_password: !!hash,
          created_by: principal.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      created++;
      if (!hash)
        mails.push(
          await inviteMail(app, trx, lang, { id: row.id, userName: v.userName, fullName: v.fullName, email: v.email! }),
        );
    }
    await recordAudit(trx, request, {
      action: 'import',
      subject: 'User',
      details: { created, updated, rejected: data.length - planned.length },
    });
    return mails;
  });
  await app.mailer.dispatch(mailIds);
  return { data, created, updated };
}

/** Bring deleted users back (same scope and assignment rules as deleting them); they sign in again. */
export async function restoreUserAccounts(
  app: FastifyInstance,
  request: FastifyRequest,
  ids: string[],
): Promise<number> {
  const principal = request.principal!;
  const found = await baseQuery(app.db, principal, { deleted: true })
    .select(['u.id', 't.role', 't.permissions'])
    .where('u.id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw accountError(404, 'USER_NOT_FOUND');
  for (const row of found) {
    if (!canAssignType(principal, row)) throw accountError(403, 'USER_TYPE_NOT_ASSIGNABLE');
  }
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({ deleted_at: null, deleted_by: null, updated_at: new Date() })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) await recordAudit(trx, request, { action: 'restore', subject: 'User', recordId: id });
  });
  return ids.length;
}
