import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import type { Db } from '../../db/database.ts';
import type { Principal } from '../../platform/access/index.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { assessPassword, personalInputs } from '@portal/domain/password-strength';
import { languageOf } from '../../platform/errors/handler.ts';
import { accountError } from './errors.ts';
import { usersWithUnit } from '../../platform/auth/principal.ts';

/** Checks shared by the account routes: password policy, uniqueness, users within the caller's scope. */

/** Whose password it is: what it must not be built on. */
export interface PasswordOwner {
  userName?: string | null;
  fullName?: string | null;
  email?: string | null;
}

/** The password policy's problems as field errors in `lang` (empty when the password may be used). */
export function passwordFieldErrors(
  lang: Language,
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Array<{ field: string; code: string; message: string }> {
  const { problems } = assessPassword(password, personalInputs(owner.userName, owner.fullName, owner.email));
  return problems.map((p) => ({ field, code: p, message: translate(lang, `accounts:password.${p}`) }));
}

/** Refuse a short, common or guessable password with one translated detail per problem (field: the form field). */
export function assertPasswordPolicy(
  request: FastifyRequest,
  password: string,
  owner: PasswordOwner,
  field = 'password',
): void {
  const details = passwordFieldErrors(languageOf(request), password, owner, field);
  if (details.length) throw accountError(400, 'WEAK_PASSWORD', { details });
}

/**
 * Work a call does after it has answered, so that its answer comes after the same work whatever the work finds
 * (an account or none, a mail to write or none): the timing tells nothing. Failures are logged; closing the app
 * waits for what is under way. Call while registering routes; the returned function schedules.
 */
export function afterAnswerQueue(app: FastifyInstance): (work: () => Promise<void>) => void {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (work) => {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, 'work after the answer failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
}

/** 409 when the user name or email is taken by another user (deleted users included: names stay unique). */
export async function assertUniqueAccount(
  db: Db,
  values: { userName?: string | null; email?: string | null },
  excludeId?: string,
  lang: Language = 'vi',
): Promise<void> {
  if (values.userName) {
    let q = db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(user_name)`, '=', values.userName.toLowerCase());
    if (excludeId) q = q.where('id', '<>', excludeId);
    if (await q.executeTakeFirst())
      throw accountError(409, 'USER_NAME_TAKEN', {
        details: [{ field: 'userName', code: 'taken', message: translate(lang, 'accounts:import.userNameTaken') }],
      });
  }
  if (values.email) {
    let q = db
      .selectFrom('app_user')
      .select('id')
      .where(sql`lower(email)`, '=', values.email.toLowerCase());
    if (excludeId) q = q.where('id', '<>', excludeId);
    if (await q.executeTakeFirst())
      throw accountError(409, 'EMAIL_TAKEN', {
        details: [{ field: 'email', code: 'taken', message: translate(lang, 'accounts:import.emailTaken') }],
      });
  }
}

/** Users the principal may see: those of units within the principal's data scope. */
export function userScope(principal: Principal | null) {
  return scopeCondition(principal, { unitColumn: 'u.unit_id' });
}

export interface ScopedUser {
  id: string;
  user_name: string;
  full_name: string;
  email: string | null;
  status: 'inactive' | 'active' | 'disabled' | 'locked';
  unit_id: string;
  unit_kind: string;
  business_id: string | null;
  role: 'admin' | 'client';
}

/** A live user within the principal's scope, or 404 (out-of-scope users are not revealed). */
export async function findScopedUser(
  app: FastifyInstance,
  principal: Principal | null,
  userId: string,
): Promise<ScopedUser> {
  const scope = userScope(principal);
  let q = usersWithUnit(app.db)
    .select([
      'u.id',
      'u.user_name',
      'u.full_name',
      'u.email',
      'u.status',
      'u.unit_id',
      'un.kind as unit_kind',
      'un.business_id',
      't.role',
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null);
  if (scope) q = q.where(scope);
  const row = await q.executeTakeFirst();
  if (!row) throw accountError(404, 'USER_NOT_FOUND');
  return row as ScopedUser;
}

/** Would this change leave no active administrator? */
export async function isLastActiveAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_type as t', 't.id', 'u.user_type_id')
    .select('u.id')
    .where('t.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .limit(2)
    .execute();
  return rows.length === 1 && rows[0]!.id === userId;
}
