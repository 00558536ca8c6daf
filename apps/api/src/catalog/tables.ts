import type { ColumnType } from 'kysely';
import type { Generated } from '../db/columns.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The catalogue engine's own tables (migrations 0019, 0020); the areas' tables are declared apart. */
export interface CatalogTables {
  catalog_import_run: {
    id: Generated<string>;
    user_id: string;
    area: string;
    status: Generated<'queued' | 'running' | 'done' | 'failed'>;
    lang: string;
    presets: ColumnType<Record<string, string>, string | undefined, string>;
    /** Pieces of rows stored for the run (catalog_import_run_piece); null while they are being stored. */
    pieces: Nullable<number>;
    total: number;
    done: Generated<number>;
    created: Nullable<number>;
    updated: Nullable<number>;
    error_code: Nullable<string>;
    error: Nullable<string>;
    lease_owner: Nullable<string>;
    lease_until: Nullable<Date>;
    requested_at: Generated<Date>;
    started_at: Nullable<Date>;
    finished_at: Nullable<Date>;
  };
  /** A run's rows (until it ends) and its verdicts (once done), a few thousand per piece, in order. */
  catalog_import_run_piece: {
    run_id: string;
    kind: 'rows' | 'result';
    piece: number;
    /** A JSON array, written as text (built in turns), read back as text too. */
    body: ColumnType<string, string, string>;
  };
}
