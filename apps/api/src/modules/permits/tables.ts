import type { Generated } from '../../db/columns.ts';
import type { PermitKind, StoredStatus } from '@portal/domain/permits/state';
import type { ExemptionGround, Position, RenewReason, WorkForm } from '@portal/domain/permits/schemas';

/** Work permits and confirmations (migration 0010). Dates are 'YYYY-MM-DD' text (see db/database.ts). */
export interface PermitTables {
  work_permit: {
    id: Generated<string>;
    kind: PermitKind;
    status: Generated<StoredStatus>;
    business_id: string;
    worker_id: string;
    /** The permit an extension or renewal was filed from. */
    parent_id: string | null;
    passport_number: string | null;
    position: Position | null;
    job_title: string | null;
    workplace: string | null;
    work_form: WorkForm | null;
    requested_from: string | null;
    requested_to: string | null;
    renew_reason: RenewReason | null;
    exemption_ground: ExemptionGround | null;
    exemption_detail: string | null;
    note: string | null;
    number: string | null;
    number_year: number | null;
    number_sequence: number | null;
    valid_from: string | null;
    valid_to: string | null;
    return_reason: string | null;
    reject_reason: string | null;
    decision_note: string | null;
    submitted_at: Date | null;
    decided_at: Date | null;
    decided_by: string | null;
    decided_by_name: string | null;
    version: Generated<number>;
    created_at: Generated<Date>;
    created_by: string | null;
    updated_at: Generated<Date>;
    updated_by: string | null;
    deleted_at: Date | null;
    deleted_by: string | null;
  };
  /** What happened to a request, in order: the history both sides read. */
  work_permit_event: {
    id: Generated<number>;
    permit_id: string;
    at: Generated<Date>;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_id: string | null;
    actor_name: string | null;
    reason: string | null;
  };
  /** Files of a request: one per checklist slot (requirement_code), or other attachments (null). */
  work_permit_file: {
    id: Generated<string>;
    permit_id: string;
    requirement_code: string | null;
    file_id: string;
    side: 'applicant' | 'reviewer';
    uploaded_by: string | null;
    uploaded_by_name: string | null;
    uploaded_at: Generated<Date>;
  };
  /** The last number given per prefix and year (taken inside the approval's transaction: no gaps). */
  work_permit_counter: {
    prefix: string;
    year: number;
    last: number;
  };
}
