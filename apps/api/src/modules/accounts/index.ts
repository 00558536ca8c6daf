import type { FastifyPluginAsync } from 'fastify';
import { MAIL_OUTBOX_PATH } from '@portal/domain/accounts';
import { defineModule } from '../define.ts';
import accessHistory from './routes/access-history.ts';
import accountAdmin from './routes/account-admin.ts';
import authRoutes from './routes/auth.ts';
import mailOutbox from './routes/mail-outbox.ts';
import registration from './routes/registration.ts';
import twoFactor from './routes/two-factor.ts';
import units from './routes/units.ts';
import userTypes from './routes/user-types.ts';
import users from './routes/users.ts';
// The user area's hooks (assignment rule, invitation, sessions, last administrator).
import { userHooks } from './users.ts';
import { accountSeedSteps } from './seed.ts';
import { trashSources } from './trash.ts';

// What other modules use: account fields and creation, the default user types, the demo accounts and units,
// mail links and avatars.
export { email, phone, userName } from './schemas.ts';
export { DEFAULT_USER_TYPE_CODES, DEMO_ACCOUNTS, DEMO_BUSINESSES, DEMO_UNITS, userTypeId } from './seed.ts';
export { createUserAccount, listUsers } from './users.ts';
export { pageLink } from './mails.ts';
export { avatarUrl } from './user-data.ts';
export { permissionList } from './tables.ts';

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
  await app.register(users);
  await app.register(units);
  await app.register(userTypes);
  await app.register(accessHistory);
};

export default defineModule({
  name: 'accounts',
  plugin: accounts,
  catalogueHooks: userHooks,
  trash: trashSources,
  // The system's outgoing mail, beside the other user administration pages of the left menu.
  menu: [['users', { path: MAIL_OUTBOX_PATH, permission: 'MailOutbox.read', order: 2000 }]],
  seeds: accountSeedSteps,
});
