import type { DeclarationStatus } from '@portal/domain/equipment/state';
import type { Generated, Json } from '../../db/columns.ts';

/** Declarations, machine history, reminders sent (migration 0021). Dates are 'YYYY-MM-DD' text. */
export interface EquipmentTables {
  equipment_declaration: {
    id: Generated<string>;
    business_id: string;
    status: Generated<DeclarationStatus>;
    contact_name: string | null;
    contact_phone: string | null;
    note: string | null;
    file_id: string | null;
    declared_on: string | null;
    late: Generated<boolean>;
    due_by: string | null;
    number: string | null;
    number_year: number | null;
    number_sequence: number | null;
    public_code: string | null;
    refuse_reason: string | null;
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
  equipment_declaration_item: {
    declaration_id: string;
    equipment_id: string;
    certificate_id: string | null;
    position: Generated<number>;
  };
  equipment_declaration_event: {
    id: Generated<string>;
    declaration_id: string;
    at: Generated<Date>;
    action: string;
    from_status: string | null;
    to_status: string | null;
    actor_id: string | null;
    actor_name: string | null;
    reason: string | null;
  };
  equipment_event: {
    id: Generated<string>;
    equipment_id: string;
    at: Generated<Date>;
    action: string;
    details: Json | null;
    actor_id: string | null;
    actor_name: string | null;
  };
  equipment_reminder: {
    equipment_id: string;
    due_date: string;
    stage: string;
    sent_at: Generated<Date>;
  };
  equipment_declaration_counter: {
    year: number;
    last: number;
  };
}
