import { defineModule } from '../define.ts';
import { employmentHooks } from './hooks.ts';
import routes from './routes.ts';
import { employmentDemoStep, employmentReferenceStep } from './seed.ts';
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
  seeds: [employmentReferenceStep, employmentDemoStep],
});
