// The rules on its catalogue areas (the derived value of a compensation, the year's range).
import { safetyCostHooks } from './hooks.ts';
import { defineModule } from '../define.ts';
import { safetyCostsDemoStep, safetyCostsReferenceStep } from './seed.ts';

/**
 * Compensation in kind (Law 84/2015 Art 24) and employers' yearly OSH costs: catalogue areas CompensationInKind,
 * CompensationLevel and SafetyCost, whose routes and pages the engine derives from their declarations; this module
 * adds their rules (hooks.ts) and start-up data (seed.ts, registered in the seed steps). The yearly OSH report
 * reads them later.
 */
export default defineModule({
  name: 'safety-costs',
  catalogueHooks: safetyCostHooks,
  seeds: [safetyCostsReferenceStep, safetyCostsDemoStep],
});
