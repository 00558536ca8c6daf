import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Principal, UnitKind } from '../../../platform/access/index.ts';

/**
 * Who files: the reporter a unit's users file as (migration 0038's `reporter_kind` / `reporter_key`). Employers
 * file as their employer (matched on `business_id`, which the expected row also carries and indexes), communes as
 * their ward (`reporter_key` = the ward code), service centres and training bodies as their unit.
 */
export type ReporterKind = 'business' | 'commune' | 'serviceCentre' | 'trainingBody';

export type Reporter =
  { kind: 'business'; businessId: string } | { kind: Exclude<ReporterKind, 'business'>; key: string };

export interface UnitFacts {
  id: string;
  kind: UnitKind;
  businessId?: string | null;
  localUnitCode?: string | null;
}

export function reporterOfUnit(unit: UnitFacts): Reporter | null {
  switch (unit.kind) {
    case 'employer':
      return unit.businessId ? { kind: 'business', businessId: unit.businessId } : null;
    case 'district':
      return unit.localUnitCode ? { kind: 'commune', key: unit.localUnitCode } : null;
    case 'service_centre':
      return { kind: 'serviceCentre', key: unit.id };
    case 'training_body':
      return { kind: 'trainingBody', key: unit.id };
    default:
      return null;
  }
}

/** The reporter a signed-in user files as; administrators file for no one. */
export function reporterOf(principal: Principal | null): Reporter | null {
  if (!principal || principal.role === 'admin') return null;
  return reporterOfUnit(principal.unit);
}

/** The rows of one reporter, over `alias`: an expected row (report_expected) or a submission (report_submission). */
export function ofReporter(reporter: Reporter, alias = 'e'): RawBuilder<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return reporter.kind === 'business'
    ? sql<SqlBool>`(${col('business_id')} = ${reporter.businessId}::uuid and ${col('reporter_kind')} = 'business')`
    : sql<SqlBool>`(${col('reporter_key')} = ${reporter.key} and ${col('reporter_kind')} = ${reporter.kind})`;
}

/**
 * A submission standing filed: submitted or accepted (a returned one is not complete: filing.ts). Before the due
 * day the reminders count a returned report as filed too (the return told the reporter what to do).
 */
export const COMPLETE = ['submitted', 'accepted'] as const;
export const FILED = [...COMPLETE, 'returned'] as const;
