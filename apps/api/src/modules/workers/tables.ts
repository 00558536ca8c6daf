import type { ColumnType } from 'kysely';
import type { TrainingResult } from '@portal/domain/workers/records';
import type { Generated } from '../../db/columns.ts';

/** Tables of migration 0009_workers (the Worker and Training areas' own tables come from their declarations). */

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** numeric comes back from the driver as text. */
type Numeric = ColumnType<string, number | string, number | string>;
/** date columns travel as 'YYYY-MM-DD' text. */
type DateText = ColumnType<string, string, string>;

export interface WorkerTables {
  worker_progress: {
    id: Generated<string>;
    worker_id: string;
    from_date: DateText;
    to_date: Nullable<string>;
    workplace: Nullable<string>;
    position: Nullable<string>;
    description: Nullable<string>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
  };
  worker_overtime: {
    id: Generated<string>;
    worker_id: string;
    work_date: DateText;
    hours: Numeric;
    reason: Nullable<string>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
  };
  training_worker: {
    id: Generated<string>;
    training_id: string;
    worker_id: string;
    result: Nullable<TrainingResult>;
    certificate_number: Nullable<string>;
    certificate_date: Nullable<string>;
    note: Nullable<string>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
  };
}
