import type { FastifyPluginAsync } from 'fastify';
import accountAdmin from './routes/account-admin.ts';
import authRoutes from './routes/auth.ts';
import mailOutbox from './routes/mail-outbox.ts';
import registration from './routes/registration.ts';
import twoFactor from './routes/two-factor.ts';

/**
 * Identity and access: sign-in and sessions, registration and activation, password recovery, two-factor
 * sign-in, account administration, users, units, user types with their permission tree, access history and
 * the mail outbox.
 */
const accounts: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(registration);
  await app.register(twoFactor);
  await app.register(accountAdmin);
  await app.register(mailOutbox);
};

export default accounts;
