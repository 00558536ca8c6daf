import type { Generated, Json, Timestamp } from './columns.ts';
import type { AccountTables } from '../modules/accounts/tables.ts';
import type { FileTables } from '../platform/files/tables.ts';
import type { ChallengeTables } from '../platform/challenge/tables.ts';
import type { IntegrationTables } from '../modules/integration/tables.ts';
import type { AdminUnitTables } from '../modules/organisation/tables.ts';
import type { PermitTables } from '../modules/permits/tables.ts';
import type { BusinessTables } from '../modules/businesses/tables.ts';
import type { WorkerTables } from '../modules/workers/tables.ts';
import type { NotificationTables } from '../modules/notifications/tables.ts';
import type { MessagingTables } from '../modules/messaging/tables.ts';
import type { CatalogTables } from '../catalog/tables.ts';
import type { EmploymentTables, JobFairTables } from '../modules/employment/tables.ts';
import type { EquipmentTables } from '../modules/equipment/tables.ts';
import type { NewsTables } from '../modules/news/tables.ts';
import type { SuggestionTables } from '../modules/suggestions/tables.ts';
import type { MonitoringTables } from '../modules/monitoring/tables.ts';

// The column helpers, also read from here by code that is not a table declaration.
export type { Generated, Json, Timestamp } from './columns.ts';

export interface PlatformTables {
  app_setting: {
    key: string;
    value: Json;
    updated_at: Timestamp;
  };
  audit_log: {
    id: Generated<number>;
    at: Generated<Date>;
    user_id: string | null;
    user_name: string | null;
    action: string;
    subject: string | null;
    record_id: string | null;
    ip: string | null;
    user_agent: string | null;
    details: Json | null;
  };
}

/**
 * The whole database: each domain declares its tables beside its code and is composed here.
 * Add `& YourDomainTables` (one import, one line) when a domain adds tables.
 */
export type DB = PlatformTables &
  AdminUnitTables &
  FileTables &
  ChallengeTables &
  AccountTables &
  IntegrationTables &
  BusinessTables &
  WorkerTables &
  PermitTables &
  MessagingTables &
  NotificationTables &
  EquipmentTables &
  NewsTables &
  SuggestionTables &
  MonitoringTables &
  EmploymentTables &
  JobFairTables &
  CatalogTables;
