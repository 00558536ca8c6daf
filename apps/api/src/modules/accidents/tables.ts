import type { AccidentStatus, InvestigationStatus, Severity } from '@portal/domain/accidents/rules';
import type { ColumnType, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Generated, Json } from '../../db/columns.ts';

/** Accidents, victims, versions, receipt counter, routings and investigations (migration 0028). */
// A type, not an interface: withTables wants an index-compatible record.
export type AccidentTables = {
  accident: {
    id: Generated<string>;
    code: string;
    code_year: number;
    code_sequence: number;
    business_id: string | null;
    ward_id: string | null;
    declared_by_unit_id: string;
    declarant_kind: 'employer' | 'commune';
    occurred_at: Date | string;
    place: string;
    description: string;
    severity: Severity;
    victim_count: Generated<number>;
    death_count: Generated<number>;
    serious_count: Generated<number>;
    accident_reason_id: string | null;
    injury_element_id: string | null;
    allowance_case: Generated<boolean>;
    property_damage: Generated<string | number>;
    other_cost: Generated<string | number>;
    risk_assessment_id: string | null;
    reporter_name: string | null;
    reporter_phone: string | null;
    status: Generated<AccidentStatus>;
    return_reason: string | null;
    notified_at: Generated<Date>;
    version: Generated<number>;
    created_at: Generated<Date>;
    created_by: string | null;
    updated_at: Generated<Date>;
    updated_by: string | null;
    deleted_at: Date | null;
    deleted_by: string | null;
  };
  accident_victim: {
    id: Generated<string>;
    accident_id: string;
    position: Generated<number>;
    worker_id: string | null;
    full_name: string;
    female: Generated<boolean>;
    birth_year: number | null;
    occupation_id: string | null;
    injury_type_id: string | null;
    body_part: string | null;
    severity: Severity;
    under_management: Generated<boolean>;
    days_off: Generated<number>;
    medical_cost: Generated<string | number>;
    wage_cost: Generated<string | number>;
    compensation_cost: Generated<string | number>;
  };
  accident_version: {
    id: Generated<string>;
    accident_id: string;
    version: number;
    snapshot: Json;
    changed_by: string | null;
    changed_by_name: string | null;
    reason: string | null;
    at: Generated<Date>;
  };
  accident_counter: { year: number; last: number };
  accident_routing: {
    id: Generated<string>;
    accident_id: string;
    rule_code: string;
    recipient: 'department' | 'commune' | 'communePolice';
    recipient_unit_id: string | null;
    recipient_name: string;
    legal_basis: string | null;
    notified_users: Generated<number>;
    routed_at: Generated<Date>;
    routed_by: string | null;
    routed_by_name: string | null;
  };
  accident_investigation: {
    id: Generated<string>;
    accident_id: string;
    lead_unit_id: string | null;
    notified_on: string;
    deadline_rule: string;
    deadline_code: string;
    deadline_days: number;
    legal_basis: string;
    expert_examination: Generated<boolean>;
    due_on: string;
    extended: Generated<boolean>;
    extension_days: number | null;
    extension_reason: string | null;
    extended_at: Date | null;
    team: ColumnType<unknown, string | undefined, string>;
    status: Generated<InvestigationStatus>;
    concluded_on: string | null;
    conclusions: string | null;
    measures: string | null;
    version: Generated<number>;
    created_at: Generated<Date>;
    created_by: string | null;
    updated_at: Generated<Date>;
    updated_by: string | null;
    deleted_at: Date | null;
  };
  accident_investigation_file: {
    id: Generated<string>;
    investigation_id: string;
    kind: string;
    file_id: string;
    note: string | null;
    uploaded_at: Generated<Date>;
    uploaded_by: string | null;
  };
};

/**
 * The accident tables on top of the composed schema (kept beside the module, like news). A transaction passed in
 * stays a transaction: Kysely's withTables keeps the executor.
 */
export type AccidentDb = Kysely<DB & AccidentTables>;
export const withAccidents = (db: Kysely<DB>): AccidentDb => db.withTables<AccidentTables>();
