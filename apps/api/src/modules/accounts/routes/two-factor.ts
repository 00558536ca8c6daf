import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit/index.ts';
import { verifyPassword } from '../../../platform/auth/passwords.ts';
import { accountError } from '../errors.ts';
import {
  checkTotp,
  enrolment,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  remainingRecoveryCodes,
  sealSecret,
  unsealSecret,
  useRecoveryCode,
} from '../two-factor.ts';

/**
 * Two-factor sign-in with an authenticator app, managed by the user for their own account (/xac-thuc-2-lop):
 * set up (password required: a stolen session cannot enrol its own device), confirm with a first code (which
 * turns it on and shows recovery codes once), regenerate recovery codes, turn off (password and a code).
 */
const status = z.object({ enabled: z.boolean(), pending: z.boolean(), recoveryCodesLeft: z.number() });
const code = z.string().trim().min(6).max(20);

const twoFactor: FastifyPluginAsyncZod = async (app) => {
  const limit = { max: 20, timeWindow: '15 minutes' };

  async function me(userId: string) {
    return app.db
      .selectFrom('app_user')
      .select([
        'id',
        'user_name',
        'email',
        'password_hash',
        'totp_enabled',
        'totp_secret',
        'totp_pending_secret',
        'totp_last_step',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /** A current TOTP code (never replayed) or an unused recovery code of the user. */
  async function secondFactorOk(user: Awaited<ReturnType<typeof me>>, given: string): Promise<boolean> {
    const secret = unsealSecret(app.config.jwtSecret, user.totp_secret);
    if (secret && /^\d[\d\s]*$/.test(given)) {
      const step = await checkTotp(secret, given, user.totp_last_step);
      if (step === null) return false;
      const claimed = await app.db
        .updateTable('app_user')
        .set({ totp_last_step: step })
        .where('id', '=', user.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      return !!claimed;
    }
    return looksLikeRecoveryCode(given) && useRecoveryCode(app.db, user.id, given);
  }

  app.get(
    '/api/Account/two-factor',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['accounts'], summary: 'Two-factor status of the signed-in user', response: { 200: status } },
    },
    async (request) => {
      const user = await me(request.principal!.userId);
      return {
        enabled: user.totp_enabled,
        pending: !user.totp_enabled && !!user.totp_pending_secret,
        recoveryCodesLeft: user.totp_enabled ? await remainingRecoveryCodes(app.db, user.id) : 0,
      };
    },
  );

  app.post(
    '/api/Account/two-factor/setup',
    {
      config: { permission: 'authenticated', rateLimit: limit },
      schema: {
        tags: ['accounts'],
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        body: z.object({ password: z.string().min(1).max(200) }),
        response: { 200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }) },
      },
    },
    async (request) => {
      const user = await me(request.principal!.userId);
      if (user.totp_enabled) throw accountError(409, 'TWO_FACTOR_ALREADY_ENABLED');
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw accountError(400, 'WRONG_PASSWORD', { details: [{ field: 'password', message: 'wrong' }] });
      }
      const secret = newTotpSecret();
      await app.db
        .updateTable('app_user')
        .set({ totp_pending_secret: sealSecret(app.config.jwtSecret, secret) })
        .where('id', '=', user.id)
        .execute();
      return enrolment(secret, user.email ?? user.user_name);
    },
  );

  app.post(
    '/api/Account/two-factor/enable',
    {
      config: { permission: 'authenticated', rateLimit: limit },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the app with its first code: two-factor sign-in is on; recovery codes are shown once',
        body: z.object({ code }),
        response: { 200: z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const user = await me(request.principal!.userId);
      if (user.totp_enabled) throw accountError(409, 'TWO_FACTOR_ALREADY_ENABLED');
      const secret = unsealSecret(app.config.jwtSecret, user.totp_pending_secret);
      if (!secret) throw accountError(409, 'TWO_FACTOR_NOT_STARTED');
      const step = await checkTotp(secret, request.body.code, null);
      if (step === null)
        throw accountError(400, 'INVALID_TWO_FACTOR_CODE', { details: [{ field: 'code', message: 'invalid' }] });
      const recoveryCodes = await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({
            totp_enabled: true,
            totp_secret: user.totp_pending_secret,
            totp_pending_secret: null,
            totp_last_step: step,
            updated_at: new Date(),
          })
          .where('id', '=', user.id)
          .execute();
        const codes = await newRecoveryCodes(trx, user.id);
        await recordAudit(trx, request, { action: 'two_factor_enabled', subject: 'Account', recordId: user.id });
        return codes;
      });
      return { enabled: true as const, recoveryCodes };
    },
  );

  app.post(
    '/api/Account/two-factor/recovery-codes',
    {
      config: { permission: 'authenticated', rateLimit: limit },
      schema: {
        tags: ['accounts'],
        summary: 'Replace the recovery codes (a current code is required); the new ones are shown once',
        body: z.object({ code }),
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const user = await me(request.principal!.userId);
      if (!user.totp_enabled) throw accountError(409, 'TWO_FACTOR_NOT_ENABLED');
      if (!(await secondFactorOk(user, request.body.code))) {
        throw accountError(400, 'INVALID_TWO_FACTOR_CODE', { details: [{ field: 'code', message: 'invalid' }] });
      }
      const recoveryCodes = await app.db.transaction().execute(async (trx) => {
        const codes = await newRecoveryCodes(trx, user.id);
        await recordAudit(trx, request, { action: 'two_factor_recovery_codes', subject: 'Account', recordId: user.id });
        return codes;
      });
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/Account/two-factor/disable',
    {
      config: { permission: 'authenticated', rateLimit: limit },
      schema: {
        tags: ['accounts'],
        summary: 'Turn two-factor sign-in off (password and a current or recovery code)',
        body: z.object({ password: z.string().min(1).max(200), code }),
        response: { 200: z.object({ enabled: z.literal(false) }) },
      },
    },
    async (request) => {
      const user = await me(request.principal!.userId);
      if (!user.totp_enabled) throw accountError(409, 'TWO_FACTOR_NOT_ENABLED');
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw accountError(400, 'WRONG_PASSWORD', { details: [{ field: 'password', message: 'wrong' }] });
      }
      if (!(await secondFactorOk(user, request.body.code))) {
        throw accountError(400, 'INVALID_TWO_FACTOR_CODE', { details: [{ field: 'code', message: 'invalid' }] });
      }
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
          .where('id', '=', user.id)
          .execute();
        await trx.deleteFrom('recovery_code').where('user_id', '=', user.id).execute();
        await recordAudit(trx, request, { action: 'two_factor_disabled', subject: 'Account', recordId: user.id });
      });
      return { enabled: false as const };
    },
  );
};

export default twoFactor;
