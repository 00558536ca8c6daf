import { sql, type RawBuilder } from 'kysely';
import type { CredentialIssuer, TrainingClass, TrainingCredential } from '@portal/domain/training/rules';
import type { Executor } from '../../catalog/context.ts';

/**
 * The training domain's reference data, read at the moment of use (TrainingGroupRule, TrainingClassRule,
 * TrainingOrganization), so the department's corrections apply from the next record on and each record is
 * judged by the rows in force on its own date.
 */

export interface GroupRule {
  id: string;
  targetTrainingId: string;
  minimumHours: number;
  periodicPercent: number;
  credential: TrainingCredential;
  issuer: CredentialIssuer;
  /** null: the credential does not expire. */
  validityMonths: number | null;
  legalBasis: string;
}

/** The rule of a training group in force on `date`; null when the department keeps none for that day. */
export async function groupRuleInForce(
  db: Executor,
  targetTrainingId: string,
  date: string,
): Promise<GroupRule | null> {
  const found = await sql<GroupRule>`
    select id, target_training_id as "targetTrainingId", minimum_hours::int as "minimumHours",
      periodic_percent::int as "periodicPercent", credential, issuer, validity_months::int as "validityMonths",
      legal_basis as "legalBasis"
    from training_group_rule
    where deleted_at is null and target_training_id = ${targetTrainingId}::uuid and valid_from <= ${date}::date
      and (valid_to is null or valid_to >= ${date}::date)
    order by valid_from desc limit 1`.execute(db);
  return found.rows[0] ?? null;
}

/** The minimum hours of a course of this kind under `rule` (a refresher: its share of a first course). */
export function minimumHoursOf(rule: GroupRule, kind: 'initial' | 'periodic'): number {
  return kind === 'periodic' ? Math.ceil((rule.minimumHours * rule.periodicPercent) / 100) : rule.minimumHours;
}

/**
 * The class a unit may train as on `date`: the highest class among its certificates of eligibility in force
 * (C above B above A); null when it holds none.
 */
export async function unitClassOn(db: Executor, unitId: string, date: string): Promise<TrainingClass | null> {
  const found = await sql<{ className: TrainingClass }>`
    select class_name as "className" from training_organization
    where deleted_at is null and unit_id = ${unitId}::uuid and valid_from <= ${date}::date
      and (valid_to is null or valid_to >= ${date}::date)
    order by class_name desc limit 1`.execute(db);
  return found.rows[0]?.className ?? null;
}

/** The groups an organisation of `className` may train on `date` (TrainingClassRule), as a subquery of their ids. */
export function groupsClassMayTrain(className: TrainingClass, date: string): RawBuilder<string> {
  return sql`select target_training_id from training_class_rule
    where deleted_at is null and class_name = ${className}
      and valid_from <= ${date}::date and (valid_to is null or valid_to >= ${date}::date)`;
}

/** Whether an organisation of `className` may train the group on `date` (TrainingClassRule). */
export async function classMayTrain(
  db: Executor,
  className: TrainingClass,
  targetTrainingId: string,
  date: string,
): Promise<boolean> {
  const found = await sql<{ allowed: boolean }>`
    select ${targetTrainingId}::uuid in (${groupsClassMayTrain(className, date)}) as allowed`.execute(db);
  return found.rows[0]?.allowed ?? false;
}
