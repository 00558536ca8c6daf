import { sql } from 'kysely';
import type { PeriodType } from '@portal/domain/reports/periods';
import type { Executor } from '../../catalog/context.ts';
import { isUuid } from '@portal/domain/ids';

/**
 * Report types as the reports module reads them (the ReportType catalogue area, table `report_type`, which the
 * department edits): what every part of the reports domain needs to know of a type. Deleted types are never
 * returned; inactive ones are, with `active: false` (a period opened earlier still stands).
 */
export const REPORT_FILERS = ['business', 'commune', 'serviceCentre', 'trainingBody', 'department'] as const;
export type ReportFiler = (typeof REPORT_FILERS)[number];

export interface ReportType {
  id: string;
  code: string;
  name: string;
  legalBasis: string;
  filer: ReportFiler;
  recipient: string | null;
  /** 'event' types are filed per event: they have no periods to open. */
  periodType: PeriodType | 'event';
  shiftMonths: number;
  deadlineRule: string;
  opensBeforeEnd: number;
  /** null: the period never closes. */
  closesAfterDue: number | null;
  lockOnAccept: boolean;
  formCode: string;
  prefillSource: string | null;
  verified: boolean;
  active: boolean;
  note: string | null;
}

const columns = sql`t.id::text as id, t.code, t.name, t.legal_basis as "legalBasis", t.filer, t.recipient,
  t.period_type as "periodType", coalesce(t.shift_months, 0)::int as "shiftMonths", t.deadline_rule as "deadlineRule",
  coalesce(t.opens_before_end, 0)::int as "opensBeforeEnd", t.closes_after_due::int as "closesAfterDue",
  t.lock_on_accept as "lockOnAccept", t.form_code as "formCode", t.prefill_source as "prefillSource", t.verified,
  t.active, t.note`;

/** The type with this code (case-insensitive), or null. */
export async function reportTypeByCode(db: Executor, code: string): Promise<ReportType | null> {
  const { rows } = await sql<ReportType>`select ${columns} from report_type t
    where t.deleted_at is null and lower(t.code) = lower(${code})`.execute(db);
  return rows[0] ?? null;
}

/** The type with this id, or null (an id that is not a uuid is no type). */
export async function reportTypeById(db: Executor, id: string): Promise<ReportType | null> {
  if (!isUuid(id)) return null;
  const { rows } = await sql<ReportType>`select ${columns} from report_type t
    where t.deleted_at is null and t.id = ${id}::uuid`.execute(db);
  return rows[0] ?? null;
}

/** Every type, by code; `activeOnly` leaves out those not in use. */
export async function listReportTypes(db: Executor, options: { activeOnly?: boolean } = {}): Promise<ReportType[]> {
  const { rows } = await sql<ReportType>`select ${columns} from report_type t
    where t.deleted_at is null ${options.activeOnly ? sql`and t.active` : sql``} order by t.code`.execute(db);
  return rows;
}
