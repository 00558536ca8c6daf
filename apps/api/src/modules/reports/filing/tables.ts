import type { Generated, Json } from '../../../db/columns.ts';
import type { SubmissionStatus } from '@portal/domain/reports/workflow';

type Nullable<T> = T | null;

/**
 * The filing's tables (migration 0038): a submission per (type, period, reporter) with its current values, each
 * filed version, each move, and the reviewer's comments on fields. `report_expected` and `report_type` are the
 * reports core's; only the columns read here are listed.
 */
export type FilingTables = {
  report_submission: {
    id: Generated<string>;
    expected_id: Nullable<string>;
    report_type_id: string;
    period_key: string;
    reporter_kind: string;
    reporter_key: string;
    business_id: Nullable<string>;
    ward_code: Nullable<string>;
    status: Generated<SubmissionStatus>;
    form_code: string;
    form_version: number;
    values: Json;
    register_values: Nullable<Json>;
    number: Nullable<string>;
    first_submitted_at: Nullable<Date>;
    first_submitted_on: Nullable<string>;
    submitted_at: Nullable<Date>;
    accepted_at: Nullable<Date>;
    locked: Generated<boolean>;
    version: Generated<number>;
    created_by: Nullable<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    deleted_at: Nullable<Date>;
  };
  report_submission_version: {
    id: Generated<string>;
    submission_id: string;
    seq: number;
    form_version: number;
    values: Json;
    submitted_at: Generated<Date>;
    submitted_by: Nullable<string>;
  };
  report_field_comment: {
    id: Generated<string>;
    submission_id: string;
    version_seq: number;
    field_path: string;
    comment: string;
    actor_id: Nullable<string>;
    actor_name: Nullable<string>;
    at: Generated<Date>;
  };
};
