import type { FastifyPluginAsync } from 'fastify';
import health from './health/routes.ts';
import accounts from './accounts/index.ts';
import adminUnits from './organisation/admin-units.routes.ts';
import configuration from './configuration/routes.ts';
import { catalogRoutes, importRunRoutes } from '../catalog/index.ts';
import configurationSettings from './configuration/settings.routes.ts';
import integration from './integration/routes.ts';
import businesses from './businesses/index.ts';
import workers from './workers/index.ts';
import groupUsers from './group-users/index.ts';
import permits from './permits/index.ts';
import equipment from './equipment/index.ts';
import monitoring from './monitoring/index.ts';
import safetyCosts from './safety-costs/index.ts';
import training from './training/index.ts';
import accidents from './accidents/index.ts';
import riskAssessment from './risk-assessment/index.ts';
import files from './files/index.ts';
import workspace from './workspace/index.ts';
import notifications from './notifications/index.ts';
import messaging from './messaging/index.ts';
import news from './news/index.ts';
import library from './library/index.ts';
import suggestions from './suggestions/index.ts';
import inspections from './inspections/index.ts';
import accidentStatistics from './accidents/statistics/index.ts';

/** Every domain module, registered in this order by buildApp(). Add one line per module. */
export const modules: FastifyPluginAsync[] = [
  health,
  accounts,
  adminUnits,
  configuration,
  configurationSettings,
  catalogRoutes,
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
  importRunRoutes,
];
