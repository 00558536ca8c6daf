import type { Db } from '../../../apps/api/src/db/database.ts';

/**
 * Bench-only tables in schema `bench`, standing in for the employer and worker tables a later issue adds.
 * Columns are the ones a real list shows and filters on, so query plans and row widths are realistic.
 */
export type BenchTables = {
  'bench.employer': {
    id: number;
    tax_code: string;
    name: string;
    ward_code: string;
    address: string;
    employee_count: number;
    created_at: Date;
  };
  'bench.worker': {
    id: number;
    employer_id: number;
    full_name: string;
    cccd: string;
    /** 'YYYY-MM-DD' (the platform parses dates as text) */
    birth_date: string;
    sex: 'male' | 'female';
    occupation_code: string;
    created_at: Date;
  };
  'bench.meta': {
    key: string;
    value: unknown;
  };
};

export function benchDb(db: Db) {
  return db.withTables<BenchTables>();
}
