import type { Generated } from '../../db/columns.ts';

export interface IntegrationTables {
  /** Registry columns of the employer table (merged with the accounts module's `business`). */
  business: BusinessRegistryColumns;
  business_sync_run: {
    id: Generated<string>;
    kind: 'full' | 'list';
    status: Generated<'queued' | 'running' | 'completed' | 'failed'>;
    tax_codes: string[] | null;
    next_page: Generated<number>;
    page_size: Generated<number>;
    total: number | null;
    done: Generated<number>;
    failed: Generated<number>;
    created: Generated<number>;
    updated: Generated<number>;
    attempts: Generated<number>;
    error: string | null;
    lease_owner: string | null;
    lease_until: Date | null;
    requested_by: string | null;
    requested_at: Generated<Date>;
    started_at: Date | null;
    finished_at: Date | null;
  };
  business_sync_error: {
    id: Generated<number>;
    run_id: string;
    tax_code: string | null;
    message: string;
    at: Generated<Date>;
  };
}

/** Columns the registry sync adds to `business` (migration 0007). */
export interface BusinessRegistryColumns {
  english_name: string | null;
  short_name: string | null;
  legal_form: string | null;
  registered_on: string | null;
  representative_name: string | null;
  representative_title: string | null;
  industry_code: string | null;
  industry_name: string | null;
  employee_count: number | null;
  registry_status: string | null;
  registry_synced_at: Date | null;
  source: Generated<string>;
}
