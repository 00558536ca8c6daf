/**
 * Identity and access constants shared by the API and the web: unit kinds, account states, the pages mailed
 * links open.
 */

export const UNIT_KINDS = ['department', 'district', 'employer', 'service_centre', 'training_body'] as const;
export type UnitKindName = (typeof UNIT_KINDS)[number];

export const ACCOUNT_STATUSES = ['inactive', 'active', 'disabled', 'locked'] as const;
export type AccountStatusName = (typeof ACCOUNT_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;

/** Web pages that mailed links open (spec routes). */
export const ACCOUNT_PAGES = {
  login: '/dang-nhap',
  register: '/dang-ki',
  twoFactor: '/xac-thuc-2-lop',
  forgotPassword: '/quen-mat-khau',
  resetPassword: '/reset-password',
  activation: '/kich-hoat-tai-khoan',
} as const;

/** `/kich-hoat-tai-khoan/{type}`: the flow a mailed activation link belongs to. */
export const ACTIVATION_TYPES = { registration: 'dang-ky', invitation: 'loi-moi' } as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[keyof typeof ACTIVATION_TYPES];

/**
 * Password policy (OWASP ASVS 4.0.3 V2.1): 12–128 characters, any characters, no composition rules; refused when
 * a strength estimate finds it common or guessable (password-strength.ts, shared by the API and the forms).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score (0–4) a new password needs: 3 ≈ more than 10⁸ guesses, out of reach online and slow offline. */
export const PASSWORD_MIN_SCORE = 3;

/** User names: 3–50 characters, letters, digits and . _ @ - ; starting with a letter or digit. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/;

/** Tax code of an employer: 10 digits, or 10 digits, dash, 3 digits for a branch. */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

/** Actions recorded in the access history, with their label keys (accounts:history.actions.<action>). */
export const HISTORY_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'import',
  'export',
  'register',
  'activate',
  'password_changed',
  'password_reset',
  'password_reset_requested',
  'password_set',
  'password_reissued',
  'account_activate',
  'account_disable',
  'account_lock',
  'account_unlock',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'two_factor_recovery_codes',
  'refresh_token_reuse',
] as const;

/** Web pages of the identity module that other modules link to. */
export const WORKSPACE_PATH = '/trang-lam-viec';
export const MAIL_OUTBOX_PATH = '/nguoi-dung/thu-di-he-thong';
