import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit/index.ts';
import { verifyPassword } from '../../../platform/auth/passwords.ts';
import { attemptChallenge, issueAccountToken } from '../account-tokens.ts';
import { accountError } from '../errors.ts';
import { tokenPair, userData } from '../schemas.ts';
import { refreshSession, revokeSession, sessionOfRefreshToken, startSession } from '../sessions.ts';
import { loginGate } from '../throttle.ts';
import { makeChallenge, spendChallenge } from '../../../platform/challenge/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { translate } from '@portal/domain/i18n';
import { checkTotp, looksLikeRecoveryCode, unsealSecret, useRecoveryCode } from '../two-factor.ts';
import { loadUserData } from '../user-data.ts';

/**
 * Sign-in, two-factor step, token refresh, sign-out and the signed-in user's data.
 *
 * Abuse protection on sign-in: at most 60 requests a minute per address (rate limit), and the throttle of
 * throttle.ts (growing delays per name and address, ceilings per address and per name), counted from the access
 * history in the database so every instance sees it. No account is ever locked by failures: anyone could lock
 * anyone's, and a lock tells a known name from an unknown one. A wrong password and an unknown user answer the
 * same, after the same work.
 */

const loginBody = z.object({
  userName: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  /** The solved step-up challenge, when the address has made many failed sign-ins (LOGIN_CHALLENGE_REQUIRED). */
  challenge: z.object({ token: z.string().min(1).max(300), nonce: z.string().min(1).max(100) }).optional(),
});
const challengeAnswer = z.object({ token: z.string(), difficulty: z.number().int(), expiresAt: z.string() });

const signedIn = tokenPair.extend({ userData });
const twoFactorStep = z.object({ twoFactorRequired: z.literal(true), twoFactorToken: z.string() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  function tooManyAttempts(request: FastifyRequest, reply: FastifyReply, seconds: number) {
    reply.header('retry-after', String(seconds));
    const lang = languageOf(request);
    const wait =
      seconds < 120
        ? translate(lang, 'accounts:wait.seconds', { count: Math.max(2, seconds) })
        : translate(lang, 'accounts:wait.minutes', { count: Math.ceil(seconds / 60) });
    return accountError(429, 'TOO_MANY_LOGIN_ATTEMPTS', { vars: { wait } });
  }

  /** A failed attempt, written to the access history (which the throttle counts); the account is not touched. */
  async function failed(
    request: FastifyRequest,
    attempted: string,
    user: { id: string; user_name: string } | undefined,
    reason: string,
  ): Promise<void> {
    await recordAudit(app.db, request, {
      action: 'login_failed',
      subject: 'Account',
      recordId: user?.id ?? null,
      userId: user?.id ?? null,
      userName: user?.user_name ?? attempted.slice(0, 200),
      details: { reason },
    });
  }

  async function completeSignIn(request: FastifyRequest, userId: string, method: string) {
    const tokens = await app.db.transaction().execute(async (trx) => {
      const issued = await startSession(app, trx, userId, request);
      const user = await trx
        .updateTable('app_user')
        .set({ last_login_at: new Date() })
        .where('id', '=', userId)
        .returning(['id', 'user_name'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, request, {
        action: 'login',
        subject: 'Account',
        recordId: userId,
        userId,
        userName: user.user_name,
        details: { method, sessionId: issued.sessionId },
      });
      return issued;
    });
    const data = await loadUserData(app.db, userId);
    if (!data) throw accountError(401, 'INVALID_CREDENTIALS');
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, userData: data };
  }

  app.get(
    '/api/Account/login-challenge',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary:
          'A signed, single-use sign-in challenge, asked for when the address has made many failed sign-ins: find a nonce such that sha256(token + nonce) starts with `difficulty` zero bits, then sign in again with both',
        security: [],
        response: { 200: challengeAnswer },
      },
    },
    async () => makeChallenge(app.config.jwtSecret, 'login', clock.now()),
  );

  app.post(
    '/api/Account/login',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with user name or email and password',
        security: [],
        body: loginBody,
        response: { 200: z.union([signedIn, twoFactorStep]) },
      },
    },
    async (request, reply) => {
      const { userName, password } = request.body;
      const user = await app.db
        .selectFrom('app_user')
        .select(['id', 'user_name', 'password_hash', 'status', 'totp_enabled'])
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', userName.toLowerCase()),
          ]),
        )
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      // A known account's failures are written under its user name, whether it was typed or its email was.
      const gate = await loginGate(app.db, request.ip, user?.user_name ?? userName);
      // While throttled the password is not even checked: guessing cannot continue.
      if (gate.retryAfter) throw tooManyAttempts(request, reply, gate.retryAfter);
      if (gate.challenge) {
        if (!request.body.challenge) throw accountError(429, 'LOGIN_CHALLENGE_REQUIRED');
        await spendChallenge(
          app.db,
          app.config.jwtSecret,
          'login',
          clock.now(),
          request.body.challenge,
          (code) => `accounts:errors.${code}`,
        );
      }

      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) {
        await failed(request, userName, user, user ? 'wrong_password' : 'unknown_user');
        throw accountError(401, 'INVALID_CREDENTIALS');
      }
      if (user.status !== 'active') {
        await recordAudit(app.db, request, {
          action: 'login_failed',
          subject: 'Account',
          recordId: user.id,
          userId: user.id,
          userName: user.user_name,
          details: { reason: `account_${user.status}` },
        });
        const code = { inactive: 'ACCOUNT_INACTIVE', disabled: 'ACCOUNT_DISABLED', locked: 'ACCOUNT_LOCKED' }[
          user.status
        ];
        throw accountError(403, code);
      }

      if (user.totp_enabled) {
        const twoFactorToken = await issueAccountToken(app.db, user.id, 'two_factor');
        return { twoFactorRequired: true as const, twoFactorToken };
      }
      return completeSignIn(request, user.id, 'password');
    },
  );

  app.post(
    '/api/Account/login-two-factor',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Second sign-in step: a code from the authenticator app or a recovery code',
        security: [],
        body: z.object({ twoFactorToken: z.string().min(10).max(200), code: z.string().trim().min(6).max(20) }),
        response: { 200: signedIn },
      },
    },
    async (request, reply) => {
      const userId = await attemptChallenge(app.db, request.body.twoFactorToken);
      if (!userId) throw accountError(401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
      const user = await app.db
        .selectFrom('app_user')
        .select(['id', 'user_name', 'status', 'totp_secret', 'totp_enabled', 'totp_last_step'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user || user.status !== 'active' || !user.totp_enabled)
        throw accountError(401, 'TWO_FACTOR_CHALLENGE_EXPIRED');
      // The password step passed its gate (and any challenge); only the delays of failed codes apply here.
      const { retryAfter } = await loginGate(app.db, request.ip, user.user_name);
      if (retryAfter) throw tooManyAttempts(request, reply, retryAfter);

      const code = request.body.code;
      let method: string | null = null;
      const secret = unsealSecret(app.config.jwtSecret, user.totp_secret);
      if (secret && /^\d[\d\s]*$/.test(code)) {
        const step = await checkTotp(secret, code, user.totp_last_step);
        if (step !== null) {
          // Only a later step may follow: the same code cannot be replayed.
          const claimed = await app.db
            .updateTable('app_user')
            .set({ totp_last_step: step })
            .where('id', '=', user.id)
            .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
            .returning('id')
            .executeTakeFirst();
          if (claimed) method = 'totp';
        }
      } else if (looksLikeRecoveryCode(code) && (await useRecoveryCode(app.db, user.id, code))) {
        method = 'recovery_code';
      }
      if (!method) {
        await failed(request, user.user_name, user, 'wrong_two_factor_code');
        throw accountError(401, 'INVALID_TWO_FACTOR_CODE');
      }
      await app.db
        .updateTable('account_token')
        .set({ used_at: new Date() })
        .where('user_id', '=', user.id)
        .where('purpose', '=', 'two_factor')
        .where('used_at', 'is', null)
        .execute();
      return completeSignIn(request, user.id, method);
    },
  );

  app.post(
    '/api/Account/refresh-token',
    {
      config: { permission: 'Auth.read', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a refresh token for a new token pair (the refresh token rotates)',
        security: [],
        body: z.object({ refreshToken: z.string().min(10).max(200), accessToken: z.string().max(4000).optional() }),
        response: { 200: tokenPair },
      },
    },
    async (request) => {
      const { tokens } = await refreshSession(
        app,
        request,
        request.body.refreshToken,
        request.body.accessToken || undefined,
      );
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  );

  app.post(
    '/api/Account/logout',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: ends the session of the access token or of the given refresh token',
        body: z.object({ refreshToken: z.string().max(200).optional() }).optional(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      let session: { sessionId: string; userId: string } | null = null;
      if (request.principal?.sessionId)
        session = { sessionId: request.principal.sessionId, userId: request.principal.userId };
      else if (request.body?.refreshToken) session = await sessionOfRefreshToken(app.db, request.body.refreshToken);
      if (session) {
        const { sessionId, userId } = session;
        await app.db.transaction().execute(async (trx) => {
          const live = await trx
            .selectFrom('auth_session as s')
            .innerJoin('app_user as u', 'u.id', 's.user_id')
            .select(['u.user_name', 's.revoked_at'])
            .where('s.id', '=', sessionId)
            .executeTakeFirst();
          if (!live || live.revoked_at) return;
          await revokeSession(trx, sessionId, 'logout');
          await recordAudit(trx, request, {
            action: 'logout',
            subject: 'Account',
            recordId: userId,
            userId,
            userName: live.user_name,
            details: { sessionId },
          });
        });
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/api/Account/info',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user (stored user data and abilities)',
        response: { 200: userData },
      },
    },
    async (request) => {
      const data = await loadUserData(app.db, request.principal!.userId);
      if (!data) throw accountError(401, 'SESSION_ENDED');
      return data;
    },
  );
};

export default authRoutes;
