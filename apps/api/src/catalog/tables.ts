import type { ColumnType } from 'kysely';
import type { Generated } from '../db/schema.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** JSON written as text (built in turns for large lists), read back parsed. */
type NullableJsonText<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** The catalogue engine's own tables (migration 0019_catalog_import_runs); the areas' tables are declared apart. */
export interface CatalogTables {
  catalog_import_run: {
    id: Generated<string>;
    user_id: string;
    area: string;
    status: Generated<'queued' | 'running' | 'done' | 'failed'>;
    lang: string;
    presets: ColumnType<Record<string, string>, string | undefined, string>;
    /** `{ rows: [...] }` until the run ends. */
    rows: NullableJsonText<{ rows: Record<string, unknown>[] }>;
    total: number;
    done: Generated<number>;
    created: Nullable<number>;
    updated: Nullable<number>;
    /** `{ data: [...] }`: every row's verdict, as the synchronous import answers. */
    result: NullableJsonText<{ data: unknown[] }>;
    error_code: Nullable<string>;
    error: Nullable<string>;
    lease_owner: Nullable<string>;
    lease_until: Nullable<Date>;
    requested_at: Generated<Date>;
    started_at: Nullable<Date>;
    finished_at: Nullable<Date>;
  };
}
