import { catalogImportRunsModule, catalogModule } from '../catalog/index.ts';
import type { ModuleDefinition } from './define.ts';
import accidentStatistics from './accidents/statistics/index.ts';
import accidents from './accidents/index.ts';
import accounts from './accounts/index.ts';
import apiClients from './api-clients/index.ts';
import archive from './archive/index.ts';
import businesses from './businesses/index.ts';
import configuration from './configuration/index.ts';
import employment from './employment/index.ts';
import equipment from './equipment/index.ts';
import files from './files/index.ts';
import groupUsers from './group-users/index.ts';
import health from './health/index.ts';
import inspections from './inspections/index.ts';
import integration from './integration/index.ts';
import library from './library/index.ts';
import messaging from './messaging/index.ts';
import monitoring from './monitoring/index.ts';
import news from './news/index.ts';
import notifications from './notifications/index.ts';
import organisation from './organisation/index.ts';
import permits from './permits/index.ts';
import riskAssessment from './risk-assessment/index.ts';
import safetyCosts from './safety-costs/index.ts';
import signedDocuments from './signed-documents/index.ts';
import statistics from './statistics/index.ts';
import reports from './reports/index.ts';
import reportReminders from './reports/reminders/index.ts';
import reportFiling from './reports/filing/index.ts';
import reportStatus from './reports/status/index.ts';
import suggestions from './suggestions/index.ts';
import training from './training/index.ts';
import workers from './workers/index.ts';
import workspace from './workspace/index.ts';

/**
 * Every domain module, each declared once in its own index.ts (defineModule). buildApp() registers their plugins
 * in this order and fills the shared registries (catalogue hooks, workspace, trash bin, file grants, menu) in
 * this order; the seed runner takes their seed steps (ordered by each step's `order`). Add one line per module.
 */
export const modules: readonly ModuleDefinition[] = [
  health,
  accounts,
  organisation,
  configuration,
  catalogModule,
  integration,
  businesses,
  workers,
  permits,
  equipment,
  monitoring,
  safetyCosts,
  training,
  accidents,
  riskAssessment,
  groupUsers,
  files,
  workspace,
  messaging,
  news,
  suggestions,
  inspections,
  accidentStatistics,
  notifications,
  library,
  catalogImportRunsModule,
  apiClients,
  signedDocuments,
  archive,
  reports,
  reportReminders,
  reportFiling,
  reportStatus,
  statistics,
  employment,
];
