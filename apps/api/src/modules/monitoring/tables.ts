import type { Generated } from '../../db/schema.ts';

/** Reminders sent (migration 0024); the reports, readings and standards are catalogue tables. */
export interface MonitoringTables {
  monitoring_reminder: {
    subject_id: string;
    due_date: string;
    stage: string;
    sent_at: Generated<Date>;
  };
}
