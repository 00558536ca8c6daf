import type { Generated } from '../../db/columns.ts';
import type { DocumentDirection, DocumentType, OvertimeStatus } from '@portal/domain/businesses/index';

type Nullable<T> = T | null;

/**
 * Tables of the employers domain. `business` merges with the accounts and integration modules' columns: these
 * are the catalogue bookkeeping (migration 0008) and the fields the `Bussiness` declaration adds.
 */
export interface BusinessTables {
  business: {
    created_by: Nullable<string>;
    updated_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
    deleted_by_name: Nullable<string>;
    business_type_id: Nullable<string>;
    website: Nullable<string>;
    female_count: Nullable<number>;
    hazardous_count: Nullable<number>;
    osh_officer_name: Nullable<string>;
    osh_officer_phone: Nullable<string>;
  };
  /** Catalogue tables this domain reads directly (their declarations own them; only the columns used here). */
  bussiness_sector: { id: string; code: string; name: string; parent_id: Nullable<string>; deleted_at: Nullable<Date> };
  bussiness_type: { id: string; code: string; name: string; deleted_at: Nullable<Date> };
  business_sector_link: {
    business_id: string;
    sector_id: string;
    is_main: Generated<boolean>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
  };
  official_document: {
    id: Generated<string>;
    direction: DocumentDirection;
    business_id: string;
    number: string;
    document_type: DocumentType;
    issued_on: string;
    subject: string;
    signer: Nullable<string>;
    due_date: Nullable<string>;
    note: Nullable<string>;
    seen_at: Nullable<Date>;
    seen_by: Nullable<string>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
    created_by_name: Nullable<string>;
    updated_at: Generated<Date>;
    updated_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
  overtime_notification: {
    id: Generated<string>;
    business_id: string;
    year: number;
    from_date: string;
    to_date: string;
    worker_count: number;
    max_hours_per_worker: number;
    jobs: string;
    reason: string;
    note: Nullable<string>;
    status: Generated<OvertimeStatus>;
    submitted_at: Generated<Date>;
    reviewed_at: Nullable<Date>;
    reviewed_by: Nullable<string>;
    reviewed_by_name: Nullable<string>;
    return_reason: Nullable<string>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
    updated_at: Generated<Date>;
    updated_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
  violating_organization: {
    id: Generated<string>;
    business_id: Nullable<string>;
    organization_name: string;
    tax_code: Nullable<string>;
    address: Nullable<string>;
    ward_code: Nullable<string>;
    violation_content: string;
    legal_basis: Nullable<string>;
    decision_number: Nullable<string>;
    decision_date: Nullable<string>;
    fine_amount: Nullable<number>;
    issued_by: Nullable<string>;
    remedy: Nullable<string>;
    is_published: Generated<boolean>;
    published_at: Nullable<Date>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
    updated_at: Generated<Date>;
    updated_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
  business_record_file: {
    owner_type: 'document' | 'overtime';
    owner_id: string;
    file_id: string;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
  };
}
