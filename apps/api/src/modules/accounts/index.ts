import type { FastifyPluginAsync } from 'fastify';
import { MAIL_OUTBOX_PATH } from '@portal/domain/accounts';
import { registerMenuItems } from '@portal/domain/menu';
import accessHistory from './routes/access-history.ts';
import accountAdmin from './routes/account-admin.ts';
import authRoutes from './routes/auth.ts';
import mailOutbox from './routes/mail-outbox.ts';
import registration from './routes/registration.ts';
import twoFactor from './routes/two-factor.ts';
import units from './routes/units.ts';
import userTypes from './routes/user-types.ts';
import users from './routes/users.ts';
// The user area's hooks (assignment rule, invitation, sessions, last administrator): registered at load.
import './users.ts';
// Its deleted records in the trash bin: registered at load.
import './trash.ts';

/**
 * Identity and access: sign-in and sessions, registration and activation, password recovery, two-factor
 * sign-in, account administration, users, units, user types with their permission tree, access history and
 * the mail outbox.
 */
// The system's outgoing mail, beside the other user administration pages of the left menu.
registerMenuItems('users', { path: MAIL_OUTBOX_PATH, permission: 'MailOutbox.read', order: 2000 });

const accounts: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(registration);
  await app.register(twoFactor);
  await app.register(accountAdmin);
  await app.register(mailOutbox);
  await app.register(users);
  await app.register(units);
  await app.register(userTypes);
  await app.register(accessHistory);
};

export default accounts;
