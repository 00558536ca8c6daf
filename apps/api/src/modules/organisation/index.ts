import { defineModule } from '../define.ts';
import { demoProvinceStep } from '../../seed/demo/province.ts';
import adminUnits from './admin-units.routes.ts';
import { adminUnitsSeedStep } from './seed-admin-units.ts';

// What other modules use: where a commune lies (distances between communes).
export { communeCentres, type Point } from './centres.ts';

/** Administrative units (provinces, districts, communes) and the demo province built on them. */
export default defineModule({
  name: 'organisation',
  plugin: adminUnits,
  seeds: [adminUnitsSeedStep, demoProvinceStep],
});
