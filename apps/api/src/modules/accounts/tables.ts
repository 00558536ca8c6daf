import type { ColumnType } from 'kysely';
import type { Generated } from '../../db/columns.ts';
import type { UnitKind } from '../../platform/access/index.ts';

/** Identity and access tables (migration 0003_accounts). */

export const UNIT_KINDS = ['department', 'district', 'employer', 'service_centre', 'training_body'] as const;
export const ACCOUNT_STATUSES = ['inactive', 'active', 'disabled', 'locked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const BUSINESS_STATUSES = ['pending', 'active', 'inactive'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export const TOKEN_PURPOSES = ['activation', 'invitation', 'password_reset', 'two_factor'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'outbox'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** jsonb written as JSON text; read as unknown and checked where used (see permissionList). */
type JsonValue = ColumnType<unknown, string | undefined, string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AccountTables {
  /**
   * Employers ("Bussiness" in the API). Minimal here: the employers domain extends it.
   * `code` is the tax code; `ward_code` is an admin_unit id ('2025:24781').
   */
  business: {
    id: Generated<string>;
    code: string;
    name: string;
    email: Nullable<string>;
    phone: Nullable<string>;
    address: Nullable<string>;
    ward_code: Nullable<string>;
    status: Generated<BusinessStatus>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /**
   * Organisational units every user belongs to. Employers have exactly one unit (business_id);
   * district units name their local unit (admin_unit id: a district before 1 July 2025, a commune after).
   */
  unit: {
    id: Generated<string>;
    kind: UnitKind;
    code: Nullable<string>;
    name: string;
    parent_id: Nullable<string>;
    business_id: Nullable<string>;
    local_unit_code: Nullable<string>;
    address: Nullable<string>;
    phone: Nullable<string>;
    email: Nullable<string>;
    description: Nullable<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    deleted_at: Nullable<Date>;
  };
  /** User types own the granted permissions (leaves of the permission catalogue). */
  user_type: {
    id: Generated<string>;
    code: string;
    name: string;
    description: Nullable<string>;
    role: Generated<'admin' | 'client'>;
    /** The kind of unit users of this type belong to (null: any). */
    unit_kind: Nullable<UnitKind>;
    /** Seeded default types cannot be deleted. */
    is_system: Generated<boolean>;
    /** Granted permissions ('Subject.action'), a JSON array. */
    permissions: JsonValue;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  app_user: {
    id: Generated<string>;
    user_name: string;
    email: Nullable<string>;
    full_name: string;
    phone: Nullable<string>;
    gender: Nullable<'male' | 'female' | 'other'>;
    /** 'YYYY-MM-DD' */
    birthday: Nullable<string>;
    address: Nullable<string>;
    job_title: Nullable<string>;
    /** stored_file id of the avatar (a public, non-secure file). */
    avatar_file_id: Nullable<string>;
    unit_id: string;
    user_type_id: string;
    status: Generated<AccountStatus>;
    password_hash: Nullable<string>;
    password_changed_at: Nullable<Date>;
    must_change_password: Generated<boolean>;
    failed_login_count: Generated<number>;
    /** Temporary lockout after repeated failed sign-ins. */
    locked_until: Nullable<Date>;
    last_login_at: Nullable<Date>;
    /** TOTP secret, encrypted (see platform/auth/secret-box.ts). */
    totp_secret: Nullable<string>;
    totp_enabled: Generated<boolean>;
    /** Secret being enrolled, encrypted; becomes totp_secret once a code confirms it. */
    totp_pending_secret: Nullable<string>;
    /** Last accepted TOTP time step: a code is never accepted twice. */
    totp_last_step: Nullable<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    created_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
  /** A sign-in: the refresh-token family. Revoking it ends every token of the family, access tokens included. */
  auth_session: {
    id: Generated<string>;
    user_id: string;
    created_at: Generated<Date>;
    last_used_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Nullable<Date>;
    revoked_reason: Nullable<string>;
    ip: Nullable<string>;
    user_agent: Nullable<string>;
  };
  refresh_token: {
    id: Generated<string>;
    session_id: string;
    /** sha256 of the token; the token itself is never stored. */
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    /** Set when rotated: presenting it again is reuse and revokes the family. */
    used_at: Nullable<Date>;
  };
  /** Single-use, expiring tokens sent by mail (activation, invitation, reset) or held by a 2FA challenge. */
  account_token: {
    id: Generated<string>;
    user_id: string;
    purpose: TokenPurpose;
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Nullable<Date>;
    attempts: Generated<number>;
  };
  recovery_code: {
    id: Generated<number>;
    user_id: string;
    code_hash: string;
    used_at: Nullable<Date>;
  };
  /** Every mail: queued, sent over SMTP, failed, or kept in the outbox when no SMTP server is configured. */
  outbox_mail: {
    id: Generated<string>;
    created_at: Generated<Date>;
    to_address: string;
    subject: string;
    text_body: Nullable<string>;
    html_body: Nullable<string>;
    purpose: Nullable<string>;
    status: Generated<MailStatus>;
    attempts: Generated<number>;
    last_error: Nullable<string>;
    sent_at: Nullable<Date>;
    next_attempt_at: Nullable<Date>;
  };
}

/** A user type's stored permissions as a list of strings (anything else stored there is ignored). */
export function permissionList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
