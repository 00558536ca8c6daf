import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { translate } from '@portal/domain/i18n';
import { recordAudit } from '../../../platform/audit/index.ts';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { consumeAccountToken, issueAccountToken, peekAccountToken, TOKEN_TTL_SECONDS } from '../account-tokens.ts';
import { afterAnswerQueue, assertPasswordPolicy, assertUniqueAccount } from '../account-helpers.ts';
import { accountError } from '../errors.ts';
import { isWardOfPortal } from '../local-units.ts';
import { composeMail, pageLink } from '../mails.ts';
import { email, phone, userName } from '../schemas.ts';
import { DEFAULT_USER_TYPE_CODES, userTypeId } from '../seed.ts';
import { revokeUserSessions } from '../sessions.ts';

/**
 * Self-service account flows: an employer registers itself and its first account (inactive until the mailed
 * link is followed), activation and invitation links, forgotten password, and changing one's own password.
 * Links are single-use and expire. Calls that take an email answer the same, after the same work, whether or not
 * it is known (ASVS V2.5, V3): the lookup and the mail happen after the answer, and registering with an address
 * that already has an account answers as a registration does while its owner is told by mail.
 */
export const ACTIVATION_PATH = '/kich-hoat-tai-khoan';
export const RESET_PATH = '/reset-password';
export const LOGIN_PATH = '/dang-nhap';
/** `/kich-hoat-tai-khoan/{type}`: which flow a mailed link belongs to. */
export const ACTIVATION_TYPES = { registration: 'dang-ky', invitation: 'loi-moi' } as const;

const message = z.object({ ok: z.literal(true), message: z.string() });
const taxCode = z
  .string()
  .trim()
  .regex(/^\d{10}(-\d{3})?$/);

const registerBody = z.object({
  taxCode,
  businessName: z.string().trim().min(2).max(300),
  businessPhone: phone.optional(),
  address: z.string().trim().min(2).max(500),
  wardCode: z
    .string()
    .trim()
    .regex(/^(2025|legacy):\d{2,5}$/),
  userName,
  fullName: z.string().trim().min(2).max(150),
  email,
  phone: phone.optional(),
  password: z.string().min(1).max(200),
});

const registration: FastifyPluginAsyncZod = async (app) => {
  const afterAnswer = afterAnswerQueue(app);
  const slowly = { max: 10, timeWindow: '15 minutes' };

  app.post(
    '/api/Account/register',
    {
      config: { permission: 'Auth.read', rateLimit: slowly },
      schema: {
        tags: ['accounts'],
        summary: 'An employer registers itself and its first account (inactive until activated by mail)',
        security: [],
        body: registerBody,
        response: { 201: message.extend({ email: z.string() }) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const lang = languageOf(request);
      assertPasswordPolicy(request, b.password, { userName: b.userName, fullName: b.fullName, email: b.email });
      if (!(await isWardOfPortal(app.db, b.wardCode))) {
        throw accountError(400, 'UNKNOWN_LOCAL_UNIT', { details: [{ field: 'wardCode', message: 'unknown' }] });
      }
      // The user name and the tax code are public through exist-user-name and exist-tax-code (spec); the email is not.
      await assertUniqueAccount(app.db, { userName: b.userName });
      const taken = await app.db
        .selectFrom('business')
        .select('id')
        .where(sql`lower(code)`, '=', b.taxCode.toLowerCase())
        .executeTakeFirst();
      if (taken) throw accountError(409, 'TAX_CODE_TAKEN', { details: [{ field: 'taxCode', message: 'taken' }] });

      const passwordHash = await hashPassword(b.password);
      const answer = {
        ok: true as const,
        email: b.email,
        message: translate(lang, 'accounts:messages.registered', { email: b.email }),
      };
      const owner = await app.db
        .selectFrom('app_user')
        .select(['id', 'user_name', 'full_name'])
        .where(sql`lower(email)`, '=', b.email.toLowerCase())
        .executeTakeFirst();
      if (owner) {
        // The address has an account: its owner learns of the attempt; the caller learns nothing more.
        const noticeId = await app.mailer.enqueue(
          app.db,
          composeMail(
            lang,
            'registrationAttempt',
            b.email,
            { fullName: owner.full_name, userName: owner.user_name },
            pageLink(app.config.publicUrl, ACCOUNT_PAGES.forgotPassword, {}),
          ),
        );
        await app.mailer.dispatch([noticeId]);
        return reply.status(201).send(answer);
      }
      const typeId = await userTypeId(app.db, DEFAULT_USER_TYPE_CODES.employer);
      const mailId = await app.db.transaction().execute(async (trx) => {
        const business = await trx
          .insertInto('business')
          .values({
            code: b.taxCode,
            name: b.businessName,
            email: b.email,
            phone: b.businessPhone ?? b.phone ?? null,
            address: b.address,
            ward_code: b.wardCode,
            status: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const unit = await trx
          .insertInto('unit')
          .values({
            kind: 'employer',
            // An employer's unit is known by its tax code (import files refer to units by code).
            code: b.taxCode,
            name: b.businessName,
            business_id: business.id,
            local_unit_code: b.wardCode,
            address: b.address,
            phone: b.businessPhone ?? null,
            email: b.email,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = await trx
          .insertInto('app_user')
          .values({
            user_name: b.userName,
            full_name: b.fullName,
            email: b.email,
            phone: b.phone ?? null,
            unit_id: unit.id,
            user_type_id: typeId,
            status: 'inactive',
            password_hash: passwordHash,
            password_changed_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await issueAccountToken(trx, user.id, 'activation');
        await recordAudit(trx, request, {
          action: 'register',
          subject: 'Account',
          recordId: user.id,
          userId: user.id,
          userName: b.userName,
          details: { businessId: business.id, taxCode: b.taxCode },
        });
        return app.mailer.enqueue(
          trx,
          composeMail(
            lang,
            'activation',
            b.email,
            {
              fullName: b.fullName,
              userName: b.userName,
              businessName: b.businessName,
              hours: TOKEN_TTL_SECONDS.activation / 3600,
            },
            pageLink(app.config.publicUrl, `${ACTIVATION_PATH}/${ACTIVATION_TYPES.registration}`, { token }),
          ),
        );
      });
      await app.mailer.dispatch([mailId]);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/Account/activate',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Activate an account with the mailed link (single use)',
        security: [],
        body: z.object({ token: z.string().min(10).max(200) }),
        response: { 200: message.extend({ userName: z.string() }) },
      },
    },
    async (request) => {
      const result = await app.db.transaction().execute(async (trx) => {
        const userId = await consumeAccountToken(trx, request.body.token, 'activation');
        if (!userId) return null;
        const user = await trx
          .updateTable('app_user')
          .set({ status: 'active', updated_at: new Date() })
          .where('id', '=', userId)
          .where('status', '=', 'inactive')
          .where('deleted_at', 'is', null)
          .returning(['id', 'user_name', 'unit_id'])
          .executeTakeFirst();
        if (!user) return null;
        // A registered employer becomes active with its first account.
        const unit = await trx
          .selectFrom('unit')
          .select('business_id')
          .where('id', '=', user.unit_id)
          .executeTakeFirst();
        if (unit?.business_id) {
          await trx
            .updateTable('business')
            .set({ status: 'active', updated_at: new Date() })
            .where('id', '=', unit.business_id)
            .where('status', '=', 'pending')
            .execute();
        }
        await recordAudit(trx, request, {
          action: 'activate',
          subject: 'Account',
          recordId: user.id,
          userId: user.id,
          userName: user.user_name,
          details: { by: 'mail_link' },
        });
        return user;
      });
      if (!result) throw accountError(400, 'INVALID_LINK');
      return {
        ok: true as const,
        userName: result.user_name,
        message: translate(languageOf(request), 'accounts:messages.activated'),
      };
    },
  );

  app.get(
    '/api/Account/check-link',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Is a mailed link still valid (before showing its form)?',
        security: [],
        querystring: z.object({
          token: z.string().min(10).max(200),
          purpose: z.enum(['invitation', 'password_reset']),
        }),
        response: { 200: z.object({ valid: z.boolean(), userName: z.string().nullable() }) },
      },
    },
    async (request) => {
      const userId = await peekAccountToken(app.db, request.query.token, request.query.purpose);
      if (!userId) return { valid: false, userName: null };
      const user = await app.db
        .selectFrom('app_user')
        .select('user_name')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return { valid: !!user, userName: user?.user_name ?? null };
    },
  );

  app.post(
    '/api/Account/accept-invitation',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a password and activate an account created by an administrator (mailed link)',
        security: [],
        body: z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(200) }),
        response: { 200: message.extend({ userName: z.string() }) },
      },
    },
    async (request) => {
      const pending = await peekAccountToken(app.db, request.body.token, 'invitation');
      if (!pending) throw accountError(400, 'INVALID_LINK');
      const owner = await app.db
        .selectFrom('app_user')
        .select(['user_name', 'full_name', 'email'])
        .where('id', '=', pending)
        .executeTakeFirstOrThrow();
      assertPasswordPolicy(request, request.body.password, {
        userName: owner.user_name,
        fullName: owner.full_name,
        email: owner.email,
      });
      const hash = await hashPassword(request.body.password);
      const user = await app.db.transaction().execute(async (trx) => {
        const userId = await consumeAccountToken(trx, request.body.token, 'invitation');
        if (!userId) return null;
        const row = await trx
          .updateTable('app_user')
          .set({
            status: 'active',
            password_hash: hash,
            password_changed_at: new Date(),
            must_change_password: false,
            updated_at: new Date(),
          })
          .where('id', '=', userId)
          .where('status', 'in', ['inactive', 'active'])
          .where('deleted_at', 'is', null)
          .returning(['id', 'user_name'])
          .executeTakeFirst();
        if (!row) return null;
        await recordAudit(trx, request, {
          action: 'activate',
          subject: 'Account',
          recordId: row.id,
          userId: row.id,
          userName: row.user_name,
          details: { by: 'invitation' },
        });
        return row;
      });
      if (!user) throw accountError(400, 'INVALID_LINK');
      return {
        ok: true as const,
        userName: user.user_name,
        message: translate(languageOf(request), 'accounts:messages.activated'),
      };
    },
  );

  app.post(
    '/api/Account/resend-activation',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Send the activation mail again (same answer whether or not the address is known)',
        security: [],
        body: z.object({ email }),
        response: { 200: message },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const email = request.body.email;
      afterAnswer(async () => {
        const user = await app.db
          .selectFrom('app_user as u')
          .innerJoin('unit as un', 'un.id', 'u.unit_id')
          .select(['u.id', 'u.user_name', 'u.full_name', 'u.email', 'un.name as unit_name'])
          .where(sql`lower(u.email)`, '=', email)
          .where('u.status', '=', 'inactive')
          .where('u.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!user?.email) return;
        const to = user.email;
        const mailId = await app.db.transaction().execute(async (trx) => {
          const token = await issueAccountToken(trx, user.id, 'activation');
          return app.mailer.enqueue(
            trx,
            composeMail(
              lang,
              'activation',
              to,
              {
                fullName: user.full_name,
                userName: user.user_name,
                businessName: user.unit_name,
                hours: TOKEN_TTL_SECONDS.activation / 3600,
              },
              pageLink(app.config.publicUrl, `${ACTIVATION_PATH}/${ACTIVATION_TYPES.registration}`, { token }),
            ),
          );
        });
        await app.mailer.dispatch([mailId]);
      });
      return { ok: true as const, message: translate(lang, 'accounts:messages.activationSent') };
    },
  );

  app.post(
    '/api/Account/forgot-password',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Mail a single-use password-reset link (same answer whether or not the address is known)',
        security: [],
        body: z.object({ email }),
        response: { 200: message },
      },
    },
    async (request) => {
      const lang = languageOf(request);
      const email = request.body.email;
      afterAnswer(async () => {
        const user = await app.db
          .selectFrom('app_user')
          .select(['id', 'user_name', 'full_name', 'email'])
          .where(sql`lower(email)`, '=', email)
          .where('status', '=', 'active')
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!user?.email) return;
        const to = user.email;
        const mailId = await app.db.transaction().execute(async (trx) => {
          const token = await issueAccountToken(trx, user.id, 'password_reset');
          await recordAudit(trx, request, {
            action: 'password_reset_requested',
            subject: 'Account',
            recordId: user.id,
            userId: user.id,
            userName: user.user_name,
          });
          return app.mailer.enqueue(
            trx,
            composeMail(
              lang,
              'passwordReset',
              to,
              { fullName: user.full_name, userName: user.user_name, minutes: TOKEN_TTL_SECONDS.password_reset / 60 },
              pageLink(app.config.publicUrl, RESET_PATH, { token }),
            ),
          );
        });
        await app.mailer.dispatch([mailId]);
      });
      return { ok: true as const, message: translate(lang, 'accounts:messages.resetSent') };
    },
  );

  app.post(
    '/api/Account/reset-password',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with the mailed link (single use; ends every session)',
        security: [],
        body: z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(200) }),
        response: { 200: message },
      },
    },
    async (request) => {
      const pending = await peekAccountToken(app.db, request.body.token, 'password_reset');
      if (!pending) throw accountError(400, 'INVALID_LINK');
      const owner = await app.db
        .selectFrom('app_user')
        .select(['user_name', 'full_name', 'email'])
        .where('id', '=', pending)
        .executeTakeFirstOrThrow();
      assertPasswordPolicy(request, request.body.password, {
        userName: owner.user_name,
        fullName: owner.full_name,
        email: owner.email,
      });
      const hash = await hashPassword(request.body.password);
      const done = await app.db.transaction().execute(async (trx) => {
        const userId = await consumeAccountToken(trx, request.body.token, 'password_reset');
        if (!userId) return false;
        const row = await trx
          .updateTable('app_user')
          .set({
            password_hash: hash,
            password_changed_at: new Date(),
            must_change_password: false,
            failed_login_count: 0,
            locked_until: null,
            updated_at: new Date(),
          })
          .where('id', '=', userId)
          .where('deleted_at', 'is', null)
          .returning(['id', 'user_name'])
          .executeTakeFirst();
        if (!row) return false;
        await revokeUserSessions(trx, row.id, 'password_reset');
        await recordAudit(trx, request, {
          action: 'password_reset',
          subject: 'Account',
          recordId: row.id,
          userId: row.id,
          userName: row.user_name,
        });
        return true;
      });
      if (!done) throw accountError(400, 'INVALID_LINK');
      return { ok: true as const, message: translate(languageOf(request), 'accounts:messages.passwordReset') };
    },
  );

  app.post(
    '/api/Account/change-password',
    {
      config: { permission: 'authenticated', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['accounts'],
        summary: 'Change one’s own password (other sessions end)',
        body: z.object({ oldPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) }),
        response: { 200: message },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const user = await app.db
        .selectFrom('app_user')
        .select(['id', 'user_name', 'full_name', 'email', 'password_hash'])
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, request.body.oldPassword))) {
        throw accountError(400, 'WRONG_PASSWORD', { details: [{ field: 'oldPassword', message: 'wrong' }] });
      }
      assertPasswordPolicy(
        request,
        request.body.newPassword,
        { userName: user.user_name, fullName: user.full_name, email: user.email },
        'newPassword',
      );
      if (request.body.newPassword === request.body.oldPassword) {
        throw accountError(400, 'PASSWORD_REUSED', { details: [{ field: 'newPassword', message: 'same' }] });
      }
      const hash = await hashPassword(request.body.newPassword);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            password_hash: hash,
            password_changed_at: new Date(),
            must_change_password: false,
            updated_at: new Date(),
          })
          .where('id', '=', user.id)
          .execute();
        await revokeUserSessions(trx, user.id, 'password_changed', principal.sessionId);
        await recordAudit(trx, request, { action: 'password_changed', subject: 'Account', recordId: user.id });
      });
      return { ok: true as const, message: translate(languageOf(request), 'accounts:messages.passwordChanged') };
    },
  );

  app.get(
    '/api/Account/exist-user-name',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Is a user name already taken (registration form)?',
        security: [],
        querystring: z.object({ userName: z.string().trim().min(1).max(100) }),
        response: { 200: z.object({ exists: z.boolean() }) },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('app_user')
        .select('id')
        .where(sql`lower(user_name)`, '=', request.query.userName.toLowerCase())
        .executeTakeFirst();
      return { exists: !!row };
    },
  );

  app.get(
    '/api/Account/exist-tax-code',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Is an employer tax code already registered (registration form)?',
        security: [],
        querystring: z.object({ taxCode }),
        response: { 200: z.object({ exists: z.boolean() }) },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('business')
        .select('id')
        .where(sql`lower(code)`, '=', request.query.taxCode.toLowerCase())
        .executeTakeFirst();
      return { exists: !!row };
    },
  );
};

export default registration;
