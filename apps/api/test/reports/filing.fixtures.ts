import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { addDays } from '@portal/domain/dates';
import { clock } from '../../src/platform/clock/index.ts';
import { scopeFixture, sessionWith } from '../support/accounts.ts';
import type { TestApp } from '../support/app.ts';

/**
 * What the filing tests start from: two employers and two communes (the isolation fixture), a department reviewer,
 * report types of their own (the shipped forms, under fresh codes) and expected rows written directly, so the tests
 * do not depend on which periods the reports core opened.
 */
export const FILER = ['ReportSubmission.read', 'ReportSubmission.create', 'ReportSubmission.update'];
export const REVIEWER = [...FILER, 'ReportSubmission.review'];

export async function filingFixture(t: TestApp) {
  const f = await scopeFixture(t, FILER);
  const reviewer = await sessionWith(t, { permissions: REVIEWER });
  return { ...f, reviewer };
}
export type FilingFixture = Awaited<ReturnType<typeof filingFixture>>;

export async function reportType(
  t: TestApp,
  options: { form: string; filer?: string; lockOnAccept?: boolean; periodType?: string },
): Promise<{ id: string; code: string }> {
  const code = `t-${options.form}-${randomBytes(3).toString('hex')}`;
  const { rows } = await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, recipient,
      period_type, shift_months, deadline_rule, opens_before_end, closes_after_due, lock_on_accept, form_code, verified,
      active)
    values (${code}, ${`Báo cáo thử ${code}`}, 'Căn cứ thử nghiệm', ${options.filer ?? 'business'}, 'Sở Nội vụ',
      ${options.periodType ?? 'year'}, 0, 'REPORT_TEST', 15, 90, ${options.lockOnAccept ?? true}, ${options.form}, false,
      true)
    returning id`.execute(t.database.db);
  return { id: rows[0]!.id, code };
}

export interface ExpectedOptions {
  typeId: string;
  periodKey?: string;
  kind: 'business' | 'commune' | 'serviceCentre' | 'trainingBody' | 'department';
  key: string;
  name: string;
  businessId?: string | null;
  wardCode?: string | null;
  /** Days from today (Vietnam): the period opened, is due and closes. */
  opens?: number;
  due?: number;
  closes?: number | null;
}

/** An expected reporter of a (type, period), as the reports core writes it when the period opens. */
export async function expectedRow(t: TestApp, o: ExpectedOptions): Promise<string> {
  const today = clock.today();
  const periodKey = o.periodKey ?? '2025';
  const { rows } = await sql<{ id: string }>`insert into report_expected (report_type_id, period_key, period_start,
      period_end, opens_on, due_on, closes_on, reporter_kind, reporter_key, business_id, ward_code, reporter_name)
    values (${o.typeId}, ${periodKey}, ${`${periodKey.slice(0, 4)}-01-01`}::date, ${`${periodKey.slice(0, 4)}-12-31`}::date,
      ${addDays(today, o.opens ?? -30)}::date, ${addDays(today, o.due ?? 10)}::date,
      ${o.closes === null ? null : addDays(today, o.closes ?? 60)}::date, ${o.kind}, ${o.key}, ${o.businessId ?? null},
      ${o.wardCode ?? null}, ${o.name})
    returning id`.execute(t.database.db);
  return rows[0]!.id;
}
