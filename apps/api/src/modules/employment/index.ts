import { LABOUR_MARKET_PAGE, REFERRAL_PAGES } from '@portal/domain/employment/pages';
import { defineModule } from '../define.ts';
import { employmentHooks } from './hooks.ts';
import routes from './routes.ts';
import { employmentDemoStep, employmentReferenceStep } from './seed.ts';
import { employmentClaimantsDemoStep } from './seed-claimants.ts';
import { employmentFairsDemoStep } from './seed-fairs.ts';
import { employmentStructureDemoStep } from './seed-structure.ts';
import { workspaceTasks } from './workspace.ts';

/**
 * Employment services: job seekers and employers' vacancies (catalogue areas `jobSeeker`, `vacancy`), matching
 * between them that explains itself, referrals of seekers to vacancies (a workflow the employer answers, with the
 * placement's follow-up), and the public vacancies board.
 */
export default defineModule({
  name: 'employment',
  plugin: routes,
  catalogueHooks: employmentHooks,
  workspace: { tasks: workspaceTasks },
  // After the job seekers and vacancies (catalogue entries count from 1000 plus their order).
  menu: [
    ['employment', { path: REFERRAL_PAGES.list, permission: 'JobReferral.read', order: 1025 }],
    ['employment', { path: LABOUR_MARKET_PAGE, permission: 'LabourMarketReport.read', order: 1090 }],
  ],
  seeds: [
    employmentReferenceStep,
    employmentDemoStep,
    employmentStructureDemoStep,
    employmentFairsDemoStep,
    employmentClaimantsDemoStep,
  ],
});
