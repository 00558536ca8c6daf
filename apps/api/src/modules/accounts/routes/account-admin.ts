import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@portal/domain/i18n';
import { recordAudit } from '../../../platform/audit/index.ts';
import { generatePassword, hashPassword } from '../../../platform/auth/passwords.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import {
  assertPasswordPolicy,
  findScopedUser,
  isLastActiveAdmin,
  userScope,
  type ScopedUser,
} from '../account-helpers.ts';
import { accountError } from '../errors.ts';
import { composeMail, pageLink } from '../mails.ts';
import { idParams, idsBody, uuid } from '../schemas.ts';
import { revokeUserSessions } from '../sessions.ts';
import { LOGIN_PATH } from './registration.ts';
import type { AccountStatus } from '../tables.ts';

/**
 * Administration of other users' accounts: activate, disable, lock, unlock, set or reissue a password, and
 * activate employer accounts in bulk. Only users within the administrator's data scope, never one's own
 * account, and never the last active administrator.
 */
type Transition = 'activate' | 'disable' | 'lock' | 'unlock';

const TRANSITIONS: Record<Transition, { from: AccountStatus[]; to: AccountStatus; endsSessions: boolean }> = {
  activate: { from: ['inactive', 'disabled'], to: 'active', endsSessions: false },
  disable: { from: ['inactive', 'active', 'locked'], to: 'disabled', endsSessions: true },
  lock: { from: ['active'], to: 'locked', endsSessions: true },
  // Unlock also lifts a temporary lockout after failed sign-ins, whatever the status.
  unlock: { from: ['locked', 'active'], to: 'active', endsSessions: false },
};

const statusResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  status: z.enum(['inactive', 'active', 'disabled', 'locked']),
});

const accountAdmin: FastifyPluginAsyncZod = async (app) => {
  async function transition(request: FastifyRequest, target: ScopedUser, kind: Transition): Promise<AccountStatus> {
    const principal = request.principal!;
    if (target.id === principal.userId) throw accountError(403, 'CANNOT_CHANGE_OWN_ACCOUNT');
    const rule = TRANSITIONS[kind];
    if (!rule.from.includes(target.status))
      throw accountError(409, 'INVALID_STATUS_CHANGE', { details: [{ field: 'status', message: target.status }] });
    if (target.role === 'admin' && rule.to !== 'active' && (await isLastActiveAdmin(app.db, target.id))) {
      throw accountError(409, 'LAST_ADMINISTRATOR');
    }
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set({
          status: rule.to,
          updated_at: new Date(),
          ...(kind === 'unlock' ? { failed_login_count: 0, locked_until: null } : {}),
        })
        .where('id', '=', target.id)
        .execute();
      if (kind === 'activate' && target.business_id) {
        await trx
          .updateTable('business')
          .set({ status: 'active', updated_at: new Date() })
          .where('id', '=', target.business_id)
          .where('status', '=', 'pending')
          .execute();
      }
      if (rule.endsSessions) await revokeUserSessions(trx, target.id, `account_${rule.to}`);
      await recordAudit(trx, request, {
        action: `account_${kind}`,
        subject: 'Account',
        recordId: target.id,
        details: { from: target.status, to: rule.to },
      });
    });
    return rule.to;
  }

  const paths: Array<[string, Transition, string]> = [
    ['/api/Account/active-account/:id', 'activate', 'Activate an account'],
    ['/api/Account/disable-account/:id', 'disable', 'Disable an account (its sessions end)'],
    ['/api/Account/lock-account/:id', 'lock', 'Lock an account (its sessions end)'],
    ['/api/Account/unlock-account/:id', 'unlock', 'Unlock an account, also after repeated failed sign-ins'],
  ];
  for (const [url, kind, summary] of paths) {
    app.post(
      url,
      {
        config: { permission: 'Account.update' },
        schema: { tags: ['accounts'], summary, params: idParams, response: { 200: statusResponse } },
      },
      async (request) => {
        const target = await findScopedUser(app, request.principal, request.params.id);
        const status = await transition(request, target, kind);
        return {
          ok: true as const,
          status,
          message: translate(languageOf(request), 'accounts:messages.statusChanged'),
        };
      },
    );
  }

  app.post(
    '/api/Account/active-bussiness-accounts',
    {
      config: { permission: 'Account.update' },
      schema: {
        tags: ['accounts'],
        summary: 'Activate inactive employer accounts in bulk (body: list of user ids)',
        body: idsBody,
        response: {
          200: z.object({
            activated: z.array(z.string()),
            skipped: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const activated: string[] = [];
      const skipped: Array<{ id: string; code: string; message: string }> = [];
      const skip = (id: string, code: string) =>
        skipped.push({ id, code, message: translate(lang, `accounts:errors.${code}`) });
      const scope = userScope(request.principal);
      let q = app.db
        .selectFrom('app_user as u')
        .innerJoin('unit as un', 'un.id', 'u.unit_id')
        .select(['u.id', 'u.status', 'un.kind', 'un.business_id'])
        .where('u.id', 'in', request.body)
        .where('u.deleted_at', 'is', null);
      if (scope) q = q.where(scope);
      const found = new Map((await q.execute()).map((r) => [r.id, r]));
      await app.db.transaction().execute(async (trx) => {
        for (const id of request.body) {
          const row = found.get(id);
          if (!row) skip(id, 'USER_NOT_FOUND');
          else if (row.kind !== 'employer') skip(id, 'NOT_EMPLOYER_ACCOUNT');
          else if (row.status !== 'inactive') skip(id, 'INVALID_STATUS_CHANGE');
          else {
            await trx
              .updateTable('app_user')
              .set({ status: 'active', updated_at: new Date() })
              .where('id', '=', id)
              .execute();
            if (row.business_id) {
              await trx
                .updateTable('business')
                .set({ status: 'active', updated_at: new Date() })
                .where('id', '=', row.business_id)
                .where('status', '=', 'pending')
                .execute();
            }
            await recordAudit(trx, request, {
              action: 'account_activate',
              subject: 'Account',
              recordId: id,
              details: { bulk: true },
            });
            activated.push(id);
          }
        }
      });
      return { activated, skipped };
    },
  );

  app.post(
    '/api/Account/change-password-user',
    {
      config: { permission: 'Account.password' },
      schema: {
        tags: ['accounts'],
        summary: "Set another user's password (the user must change it at next sign-in; sessions end)",
        body: z.object({ userId: uuid, newPassword: z.string().min(1).max(200) }),
        response: { 200: z.object({ ok: z.literal(true), message: z.string() }) },
      },
    },
    async (request) => {
      const target = await findScopedUser(app, request.principal, request.body.userId);
      if (target.id === request.principal!.userId) throw accountError(403, 'CANNOT_CHANGE_OWN_ACCOUNT');
      assertPasswordPolicy(
        request,
        request.body.newPassword,
        { userName: target.user_name, fullName: target.full_name, email: target.email },
        'newPassword',
      );
      const hash = await hashPassword(request.body.newPassword);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            password_hash: hash,
            password_changed_at: new Date(),
            must_change_password: true,
            failed_login_count: 0,
            locked_until: null,
            updated_at: new Date(),
          })
          .where('id', '=', target.id)
          .execute();
        await revokeUserSessions(trx, target.id, 'password_set_by_administrator');
        await recordAudit(trx, request, { action: 'password_set', subject: 'Account', recordId: target.id });
      });
      return { ok: true as const, message: translate(languageOf(request), 'accounts:messages.passwordChanged') };
    },
  );

  app.post(
    '/api/Account/reset-two-factor/:id',
    {
      config: { permission: 'Account.password' },
      schema: {
        tags: ['accounts'],
        summary: "Turn off a user's two-factor sign-in (lost device and recovery codes); their sessions end",
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true), message: z.string() }) },
      },
    },
    async (request) => {
      const target = await findScopedUser(app, request.principal, request.params.id);
      if (target.id === request.principal!.userId) throw accountError(403, 'CANNOT_CHANGE_OWN_ACCOUNT');
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            totp_enabled: false,
            totp_secret: null,
            totp_pending_secret: null,
            totp_last_step: null,
            updated_at: new Date(),
          })
          .where('id', '=', target.id)
          .execute();
        await trx.deleteFrom('recovery_code').where('user_id', '=', target.id).execute();
        await revokeUserSessions(trx, target.id, 'two_factor_reset');
        await recordAudit(trx, request, { action: 'two_factor_reset', subject: 'Account', recordId: target.id });
      });
      return { ok: true as const, message: translate(languageOf(request), 'accounts:messages.twoFactorReset') };
    },
  );

  app.post(
    '/api/Account/reissue-password',
    {
      config: { permission: 'Account.password' },
      schema: {
        tags: ['accounts'],
        summary: 'Issue a new temporary password, mailed to the user and shown once to the administrator',
        body: z.object({ userId: uuid }),
        response: {
          200: z.object({ ok: z.literal(true), message: z.string(), password: z.string(), mailed: z.boolean() }),
        },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const target = await findScopedUser(app, request.principal, request.body.userId);
      if (target.id === request.principal!.userId) throw accountError(403, 'CANNOT_CHANGE_OWN_ACCOUNT');
      const password = generatePassword(12);
      const hash = await hashPassword(password);
      const mailId = await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            password_hash: hash,
            password_changed_at: new Date(),
            must_change_password: true,
            failed_login_count: 0,
            locked_until: null,
            updated_at: new Date(),
          })
          .where('id', '=', target.id)
          .execute();
        await revokeUserSessions(trx, target.id, 'password_reissued');
        await recordAudit(trx, request, {
          action: 'password_reissued',
          subject: 'Account',
          recordId: target.id,
          details: { mailed: !!target.email },
        });
        if (!target.email) return null;
        return app.mailer.enqueue(
          trx,
          composeMail(
            lang,
            'passwordReissued',
            target.email,
            { fullName: target.full_name, userName: target.user_name, password },
            pageLink(app.config.publicUrl, LOGIN_PATH, {}),
          ),
        );
      });
      if (mailId) await app.mailer.dispatch([mailId]);
      return {
        ok: true as const,
        password,
        mailed: !!mailId,
        message: translate(lang, 'accounts:messages.passwordReissued'),
      };
    },
  );
};

export default accountAdmin;
