import type { ColumnType } from 'kysely';

/** Shared column helpers for table types (each domain's tables.ts uses them; db/schema.ts composes the tables). */
export type Generated<T> = ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T = unknown> = ColumnType<T, string, string>;
