import type { ColumnType } from 'kysely';

/** Shared column helpers for table types. */
export type Generated<T> = ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface PlatformTables {
  app_setting: {
    key: string;
    value: Json;
    updated_at: Timestamp;
  };
}

/**
 * The whole database: each domain declares its tables beside its code and is composed here.
 * Add `& YourDomainTables` (one import, one line) when a domain adds tables.
 */
export type DB = PlatformTables;
