import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { accountSeedSteps } from '../modules/accounts/seed.ts';
import { adminUnitsSeedStep } from '../modules/organisation/seed-admin-units.ts';
import { demoProvinceStep } from './demo/province.ts';
import { catalogDemoStep, catalogReferenceStep } from '../catalog/seed.ts';
import { permitsDemoStep } from '../modules/permits/seed.ts';
import { equipmentDemoStep } from '../modules/equipment/seed.ts';
import { monitoringDemoStep, monitoringReferenceStep } from '../modules/monitoring/seed.ts';
import { safetyCostsDemoStep, safetyCostsReferenceStep } from '../modules/safety-costs/seed.ts';
import { trainingOrganizationsDemoStep, trainingReferenceStep } from '../modules/training/seed.ts';
import {
  trainingNoticeReferenceStep,
  trainingOrganizationsDealingsDemoStep,
} from '../modules/training/organizations-seed.ts';
import { trainingRefresherReferenceStep } from '../modules/training/refresher-seed.ts';
import { messagingDemoStep } from '../modules/messaging/seed.ts';
import { newsDemoStep } from '../modules/news/seed.ts';
import { suggestionsDemoStep } from '../modules/suggestions/seed.ts';
import { inspectionsDemoStep } from '../modules/inspections/seed.ts';
import { businessDemoStep } from '../modules/businesses/seed.ts';
import { workersDemoStep } from '../modules/workers/seed.ts';
import { trainingCertificatesDemoStep } from '../modules/training/certificates/seed.ts';
import { legalDocumentsReferenceStep } from '../modules/library/seed.ts';
import { accidentsDemoStep, accidentsReferenceStep } from '../modules/accidents/seed.ts';
import { riskAssessmentDemoStep, riskAssessmentReferenceStep } from '../modules/risk-assessment/seed.ts';
import { accidentStatisticsReferenceStep } from '../modules/accidents/statistics/reference.ts';
import { accidentStatisticsDemoStep } from '../modules/accidents/statistics/seed.ts';
// The whole permission tree, whatever else is imported (see packages/domain/src/features.ts).
import '@portal/domain/features';

export interface SeedContext {
  db: Db;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Printed once to the console (e.g. a generated administrator password). */
  announce: (message: string) => void;
}

export interface SeedStep {
  name: string;
  /** reference: every start, both modes (idempotent, cheap when done); demo: only when DEMO_DATA is on. */
  kind: 'reference' | 'demo';
  run: (ctx: SeedContext) => Promise<void>;
}

/**
 * Start-up data, in order. Every step is idempotent: running it again changes nothing.
 * Domains add their steps here (reference data first, then demo data that refers to it).
 */
export const seedSteps: SeedStep[] = [
  adminUnitsSeedStep,
  demoProvinceStep,
  ...accountSeedSteps,
  catalogReferenceStep,
  legalDocumentsReferenceStep,
  monitoringReferenceStep,
  safetyCostsReferenceStep,
  trainingReferenceStep,
  trainingNoticeReferenceStep,
  trainingRefresherReferenceStep,
  accidentsReferenceStep,
  riskAssessmentReferenceStep,
  accidentStatisticsReferenceStep,
  catalogDemoStep,
  businessDemoStep,
  trainingOrganizationsDemoStep,
  workersDemoStep,
  trainingCertificatesDemoStep,
  trainingOrganizationsDealingsDemoStep,
  permitsDemoStep,
  equipmentDemoStep,
  riskAssessmentDemoStep,
  monitoringDemoStep,
  safetyCostsDemoStep,
  messagingDemoStep,
  newsDemoStep,
  suggestionsDemoStep,
  inspectionsDemoStep,
  accidentsDemoStep,
  // After the accidents' demo declarations: its reports are made from them.
  accidentStatisticsDemoStep,
];

export async function runSeeds(ctx: SeedContext): Promise<void> {
  for (const step of seedSteps) {
    if (step.kind === 'demo' && !ctx.config.demoData) continue;
    const started = performance.now();
    await step.run(ctx);
    ctx.log.info({ step: step.name, ms: Math.round(performance.now() - started) }, 'seed step done');
  }
}
