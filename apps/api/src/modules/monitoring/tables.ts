import type { Generated } from '../../db/columns.ts';

/**
 * Reminders sent (migration 0024) and each report's counts per factor (0025); the reports, readings and standards
 * are catalogue tables.
 */
export interface MonitoringTables {
  monitoring_reminder: {
    subject_id: string;
    due_date: string;
    stage: string;
    sent_at: Generated<Date>;
  };
  monitoring_report_factor: {
    report_id: string;
    factor: string;
    readings: Generated<number>;
    exceedances: Generated<number>;
  };
}
