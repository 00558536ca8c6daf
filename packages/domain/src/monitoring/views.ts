/**
 * The answers of the department's views of monitoring (apps/api/src/modules/monitoring/queries.ts), as the API
 * builds them and the web pages read them.
 */

/** Exceedances of one factor among one commune's employers of one main sector. */
export interface OverviewRow {
  factor: string;
  wardId: string | null;
  wardName: string | null;
  sectorId: string | null;
  sectorName: string | null;
  exceedances: number;
  reports: number;
  employers: number;
}

export interface Overview {
  year: number;
  reports: number;
  employers: number;
  readings: number;
  exceedances: number;
  reportsWithExceedances: number;
  byFactor: { factor: string; exceedances: number; employers: number }[];
  rows: OverviewRow[];
}

export interface MissingRow {
  businessId: string;
  businessName: string;
  taxCode: string;
  wardId: string | null;
  wardName: string | null;
  lastMonitoredOn: string | null;
  dueDate: string | null;
  status: 'missing' | 'late';
}

export interface RepeatedRow {
  businessId: string;
  businessName: string;
  wardName: string | null;
  factor: string;
  years: number[];
  exceedances: number;
}

export interface ExposedWorker {
  workerId: string;
  fullName: string;
  businessId: string;
  businessName: string;
  positionId: string;
  positionName: string | null;
  factors: string[];
  year: number;
  healthClassName: string | null;
  occupationalDiseases: number;
}
