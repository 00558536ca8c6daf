import { sql } from 'kysely';
import type { CredentialIssuer } from '@portal/domain/training/rules';
import type { RequestFiler } from '@portal/domain/training/certificates';
import { translator, type Executor, type OpContext } from '../../../catalog/context.ts';
import { scopeOf } from '../../../platform/access/scope.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { groupRuleInForce, type GroupRule } from '../reference.ts';

/**
 * Who may do what with training credentials, always from the token: the issuer the group rule names (the training
 * unit that ran the course, or the employer), the side that filed a request, and the department (whole province),
 * which may revoke but never issues.
 */

/** A course as issuing reads it (live rows only). */
export interface Course {
  id: string;
  code: string;
  name: string;
  businessId: string | null;
  trainerUnitId: string | null;
  targetTrainingId: string;
  startDate: string;
  endDate: string | null;
}

export async function courseOf(db: Executor, id: string): Promise<Course | undefined> {
  const rows = await sql<Course>`select id, code, name, business_id as "businessId", trainer_unit_id as "trainerUnitId",
      target_training_id as "targetTrainingId", start_date::text as "startDate", end_date::text as "endDate"
    from training where id = ${id}::uuid and deleted_at is null`.execute(db);
  return rows.rows[0];
}

/** The employer's own unit in the portal (where its users are): the issuer of its cards and logbook entries. */
export async function employerUnitOf(db: Executor, businessId: string): Promise<string | null> {
  const rows = await sql<{ id: string }>`select id from unit
    where business_id = ${businessId}::uuid and kind = 'employer' and deleted_at is null
    order by created_at, id limit 1`.execute(db);
  return rows.rows[0]?.id ?? null;
}

export const certificateError = (
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
) => new AppError(status, code, { messageKey: `training:certificates.errors.${code}`, vars, details });

export const requestError = (
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
) => new AppError(status, code, { messageKey: `training:requests.errors.${code}`, vars, details });

export interface Issuer {
  kind: CredentialIssuer;
  unitId: string;
  rule: GroupRule;
}

/**
 * Who issues the credentials of a course on `date`, as the group rule in force then says: the unit that ran it
 * (certificates) or the course's employer (cards, logbook entries). 409 when the rule or that unit is missing.
 */
export async function issuerOf(db: Executor, course: Course, date: string): Promise<Issuer> {
  const rule = await groupRuleInForce(db, course.targetTrainingId, date);
  if (!rule) throw certificateError(409, 'NO_RULE', { date: date.split('-').reverse().join('/') });
  if (rule.issuer === 'organization') {
    if (!course.trainerUnitId) throw certificateError(409, 'NO_TRAINER_UNIT');
    return { kind: 'organization', unitId: course.trainerUnitId, rule };
  }
  if (!course.businessId) throw certificateError(409, 'COURSE_WITHOUT_EMPLOYER');
  const unitId = await employerUnitOf(db, course.businessId);
  if (!unitId) throw certificateError(409, 'NO_EMPLOYER_UNIT');
  return { kind: 'employer', unitId, rule };
}

/** Is the caller the issuer? A training body only for the courses it ran; an employer only for its own. */
export function isIssuer(
  ctx: OpContext,
  issuer: { kind: CredentialIssuer | null; unitId?: string | null },
  course: {
    businessId: string | null;
    trainerUnitId: string | null;
  },
): boolean {
  if (ctx.system) return true;
  const scope = scopeOf(ctx.principal);
  if (issuer.kind === 'organization') return scope.kind === 'unit' && scope.unitId === course.trainerUnitId;
  if (issuer.kind === 'employer') return scope.kind === 'business' && scope.businessId === course.businessId;
  return false;
}

/** 403 with the reason a caller is not the issuer of a course's credentials. */
export function notIssuer(ctx: OpContext, issuer: CredentialIssuer): AppError {
  const t = translator(ctx);
  const unit = scopeOf(ctx.principal).kind === 'unit';
  const code = issuer === 'organization' ? (unit ? 'NOT_COURSE_TRAINER' : 'ISSUER_ORGANIZATION') : 'ISSUER_EMPLOYER';
  return new AppError(403, 'FORBIDDEN', {
    messageKey: `training:certificates.errors.${code}`,
    details: [{ field: 'trainingId', code: 'issuer', message: t(`training:certificates.errors.${code}`) }],
  });
}

/** The side a new request is filed by: the caller's kind of unit. */
export function filerOf(ctx: OpContext): RequestFiler | null {
  const scope = scopeOf(ctx.principal);
  if (scope.kind === 'business') return 'employer';
  if (scope.kind === 'unit') return 'organization';
  if (scope.kind === 'all' || scope.kind === 'localUnit') return 'authority';
  return null;
}

/** Is the caller the side that filed the request (the employer, the course's training unit, or an authority)? */
export function isFiler(
  ctx: OpContext,
  row: { filedBy: RequestFiler | null; businessId: string | null; trainerUnitId: string | null },
): boolean {
  if (ctx.system) return true;
  const scope = scopeOf(ctx.principal);
  switch (row.filedBy) {
    case 'employer':
      return scope.kind === 'business' && scope.businessId === row.businessId;
    case 'organization':
      return scope.kind === 'unit' && scope.unitId === row.trainerUnitId;
    case 'authority':
      return scope.kind === 'all' || scope.kind === 'localUnit';
    default:
      return false;
  }
}

/** May the caller change or revoke a credential issued by `issuerUnitId`: that unit, or the whole province. */
export function mayChangeIssued(ctx: OpContext, issuerUnitId: string | null | undefined): boolean {
  if (ctx.system || !issuerUnitId) return true;
  const scope = scopeOf(ctx.principal);
  return scope.kind === 'all' || ctx.principal?.unit.id === issuerUnitId;
}

/** The active accounts of a unit (a training body's staff): told of what waits for their unit. */
export async function usersOfUnit(db: Executor, unitId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from app_user
    where unit_id = ${unitId}::uuid and status = 'active' and deleted_at is null`.execute(db);
  return rows.rows.map((r) => r.id);
}
