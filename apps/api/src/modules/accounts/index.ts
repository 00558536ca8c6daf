import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './routes/auth.ts';

/**
 * Identity and access: sign-in and sessions, registration and activation, password recovery, two-factor
 * sign-in, account administration, users, units, user types with their permission tree, access history and
 * the mail outbox.
 */
const accounts: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
};

export default accounts;
