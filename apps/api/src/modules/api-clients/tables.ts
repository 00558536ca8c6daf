import type { ColumnType } from 'kysely';
import type { Generated } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';

/** API clients of the linked accounts (migration 0034). */
// A type, not an interface: withTables needs an index-compatible shape.
export type ApiClientTables = {
  api_client: {
    account_linked_id: string;
    scopes: ColumnType<string[], string[] | undefined, string[]>;
    rate_limit_per_minute: Generated<number>;
    updated_at: Generated<Date>;
    updated_by: string | null;
  };
  api_client_secret: {
    id: Generated<string>;
    account_linked_id: string;
    secret_hash: string;
    hint: string;
    created_at: Generated<Date>;
    created_by: string | null;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_by: string | null;
  };
  api_client_usage: {
    id: Generated<string>;
    account_linked_id: string;
    at: Generated<Date>;
    method: string;
    operation: string;
    status: number;
    duration_ms: number;
  };
  /** The catalogue's table of linked accounts (declared in packages/domain, made by the catalogue's sync). */
  account_linked: {
    id: Generated<string>;
    user_name: string;
    full_name: string | null;
    active: boolean | null;
    deleted_at: Date | null;
  };
};

/** The app's database seen with this module's tables (kept out of the shared schema: only this module reads them). */
export const clientDb = (db: Db) => db.withTables<ApiClientTables>();
export type ClientDb = ReturnType<typeof clientDb>;
