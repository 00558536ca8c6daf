import { ACCOUNT_PAGES, ACTIVATION_TYPES, MAIL_OUTBOX_PATH, WORKSPACE_PATH } from '@portal/domain/accounts';
import { type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * Pages of the identity module (spec section 2): sign-in pages in the full layout, the rest in the app layout.
 * `Profile.read` is every signed-in user's ability (their own account pages).
 */
const USERS = 'shell:menu.groups.users';
const signedIn = { action: 'read', subject: 'Profile' };
/** The sign-in pages are the public's first pages after the home: only their own texts. */
const SIGN_IN_TEXTS = ['accounts'];

export const accountRoutes: RouteEntry[] = [
  // ── Sign-in (full layout) ──────────────────────────────────────────────────────────────────────────────
  {
    path: ACCOUNT_PAGES.login,
    titleKey: 'accounts:routes.login',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    redirectIfLoggedIn: true,
    // No Ant Design: the page every user opens every day (prerendered at build time, src/prerender.tsx).
    bare: true,
    page: () => import('./LoginPage.tsx'),
  },
  {
    path: ACCOUNT_PAGES.register,
    titleKey: 'accounts:routes.register',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    redirectIfLoggedIn: true,
    page: () => import('./RegisterPage.tsx'),
  },
  {
    path: ACCOUNT_PAGES.twoFactor,
    titleKey: 'accounts:routes.twoFactor',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    page: () => import('./TwoFactorPage.tsx'),
  },
  {
    path: ACCOUNT_PAGES.forgotPassword,
    titleKey: 'accounts:routes.forgotPassword',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    redirectIfLoggedIn: true,
    page: () => import('./ForgotPasswordPage.tsx'),
  },
  {
    path: ACCOUNT_PAGES.resetPassword,
    titleKey: 'accounts:routes.resetPassword',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    page: () => import('./ResetPasswordPage.tsx'),
  },
  {
    path: ACCOUNT_PAGES.activation,
    titleKey: 'accounts:routes.activation',
    layout: 'full',
    namespaces: SIGN_IN_TEXTS,
    page: () => import('./ActivationPage.tsx'),
  },
  {
    path: `${ACCOUNT_PAGES.activation}/:type`,
    titleKey: 'accounts:routes.activation',
    layout: 'full',
    page: () => import('./ActivationPage.tsx'),
    validParams: ({ type }) => Object.values<string>(ACTIVATION_TYPES).includes(type ?? ''),
  },
  // ── One's own account (app layout, any signed-in user) ───────────────────────────────────────────────────
  {
    path: WORKSPACE_PATH,
    titleKey: 'accounts:routes.workspace',
    ability: signedIn,
    layout: 'app',
    page: () => import('./WorkspacePage.tsx'),
  },
  {
    path: '/thong-tin-tai-khoan/:id',
    titleKey: 'accounts:routes.accountInfo',
    ability: signedIn,
    layout: 'app',
    page: () => import('./AccountInfoPage.tsx'),
    ...withId,
  },
  {
    path: '/doi-mat-khau',
    titleKey: 'accounts:routes.changePassword',
    ability: signedIn,
    layout: 'app',
    page: () => import('./ChangePasswordPage.tsx'),
  },
  // ── Users and units ───────────────────────────────────────────────────────────────────────────────────
  {
    path: '/nguoi-dung/danh-sach',
    titleKey: 'accounts:routes.userList',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'User' },
    layout: 'app',
    page: () => import('./UserListPage.tsx'),
  },
  {
    path: '/nguoi-dung/tao-moi',
    titleKey: 'accounts:routes.userCreate',
    breadcrumb: [USERS, { titleKey: 'accounts:routes.userList', path: '/nguoi-dung/danh-sach' }],
    ability: { action: 'create', subject: 'User' },
    layout: 'app',
    page: () => import('./UserFormPage.tsx'),
  },
  {
    path: '/nguoi-dung/chinh-sua/:id',
    titleKey: 'accounts:routes.userEdit',
    breadcrumb: [USERS, { titleKey: 'accounts:routes.userList', path: '/nguoi-dung/danh-sach' }],
    ability: { action: 'update', subject: 'User' },
    layout: 'app',
    page: () => import('./UserFormPage.tsx'),
    ...withId,
  },
  // `/nguoi-dung/them-tu-tep` is the catalogue's import page of the user area (routes of catalog/routes.ts).
  {
    path: '/nguoi-dung/thong-tin-don-vi',
    titleKey: 'accounts:routes.unitInfo',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'Unit' },
    layout: 'app',
    page: () => import('./UnitInfoPage.tsx'),
  },
  {
    path: '/nguoi-dung/phong',
    titleKey: 'accounts:routes.units',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'Unit' },
    layout: 'app',
    page: () => import('./UnitListPage.tsx'),
  },
  {
    path: '/nguoi-dung/kieu-nguoi-dung/danh-sach',
    titleKey: 'accounts:routes.userTypes',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'UserType' },
    layout: 'app',
    page: () => import('./UserTypeListPage.tsx'),
  },
  {
    path: '/nguoi-dung/kieu-nguoi-dung/tao-moi',
    titleKey: 'accounts:routes.userTypeCreate',
    breadcrumb: [USERS, { titleKey: 'accounts:routes.userTypes', path: '/nguoi-dung/kieu-nguoi-dung/danh-sach' }],
    ability: { action: 'create', subject: 'UserType' },
    layout: 'app',
    page: () => import('./UserTypeFormPage.tsx'),
  },
  {
    path: '/nguoi-dung/kieu-nguoi-dung/chinh-sua/:id',
    titleKey: 'accounts:routes.userTypeEdit',
    breadcrumb: [USERS, { titleKey: 'accounts:routes.userTypes', path: '/nguoi-dung/kieu-nguoi-dung/danh-sach' }],
    ability: { action: 'update', subject: 'UserType' },
    layout: 'app',
    page: () => import('./UserTypeFormPage.tsx'),
    ...withId,
  },
  {
    path: '/nguoi-dung/lich-su-truy-cap/danh-sach',
    titleKey: 'accounts:routes.accessHistory',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'AccessHistory' },
    layout: 'app',
    page: () => import('./AccessHistoryPage.tsx'),
  },
  {
    path: MAIL_OUTBOX_PATH,
    titleKey: 'accounts:routes.mailOutbox',
    breadcrumb: [USERS],
    ability: { action: 'read', subject: 'MailOutbox' },
    layout: 'app',
    page: () => import('./MailOutboxPage.tsx'),
  },
];
