import { createFormRegistry } from '../definition.ts';
import { accidentStatistics } from './accident-statistics.ts';
import { annualOsh } from './annual-osh.ts';
import { communeOsh } from './commune-osh.ts';
import { employmentCentre } from './employment-centre.ts';
import { labourChange } from './labour-change.ts';
import { safetyMonthDepartment, safetyMonthEmployer } from './safety-month.ts';

/** The report forms the portal ships (a new version is added beside the old one, which filed reports keep). */
export const SHIPPED_FORMS = [
  accidentStatistics,
  annualOsh,
  communeOsh,
  safetyMonthEmployer,
  safetyMonthDepartment,
  labourChange,
  employmentCentre,
] as const;

export const REPORT_FORMS = createFormRegistry(SHIPPED_FORMS);
