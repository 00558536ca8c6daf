import type { ColumnType } from 'kysely';
import type { Generated } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';
import type { ArchiveExportStatus, ArchiveSource } from '@portal/domain/archive/index';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A calendar date: read as text ('YYYY-MM-DD') by the queries that cast it, written as text. */
type CalendarDate = ColumnType<string, string, string>;

/**
 * The archive's tables (migrations 0038 and 0042). A type, not an interface: withTables wants an
 * index-compatible record. Kept out of the shared schema: only this module reads them.
 */
export type ArchiveTables = {
  archive_record: {
    id: Generated<string>;
    index_file_id: string | null;
    source: ArchiveSource;
    record_id: string;
    title: string;
    number: string | null;
    business_id: string | null;
    ward_code: string | null;
    closed_on: CalendarDate;
    /** Null: kept permanently. */
    retention_years: number | null;
    dispose_on: Nullable<CalendarDate>;
    filed_at: Generated<Date>;
    filed_by: string | null;
    disposed_at: Nullable<Date>;
    disposed_by: Nullable<string>;
    disposed_by_name: Nullable<string>;
    disposal_reason: Nullable<string>;
  };
  archive_export: {
    id: Generated<string>;
    user_id: string;
    lang: string;
    /** What was asked, in words (index file and year, or a count of selected records). */
    label: string;
    record_ids: string[];
    status: Generated<ArchiveExportStatus>;
    total: number;
    done: Generated<number>;
    file_name: Nullable<string>;
    byte_size: Nullable<string>;
    sha256: Nullable<string>;
    error_code: Nullable<string>;
    error: Nullable<string>;
    lease_owner: Nullable<string>;
    lease_until: Nullable<Date>;
    requested_at: Generated<Date>;
    started_at: Nullable<Date>;
    finished_at: Nullable<Date>;
  };
};

/** The app's database seen with this module's tables. */
export const archiveDb = (db: Db) => db.withTables<ArchiveTables>();
export type ArchiveDb = ReturnType<typeof archiveDb>;
