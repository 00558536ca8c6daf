import { sql, type SqlBool } from 'kysely';
import { validUntilOf, type RequestFiler, type RequestStatus } from '@portal/domain/training/certificates';
import type { TrainingCredential } from '@portal/domain/training/rules';
import { translator, type OpContext } from '../../../catalog/context.ts';
import { catalogueHook, type CatalogueHookEntry, type CatalogRecord } from '../../../catalog/hooks.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { assertOwnerThroughParent } from '../../../catalog/scope.ts';
import { scopeOf } from '../../../platform/access/scope.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { groupRuleInForce } from '../reference.ts';
import { courseOf, employerUnitOf, filerOf, isFiler, mayChangeIssued, requestError, type Course } from './access.ts';
import { defaultParticipants, refreshParticipantCount, refreshRequestFacts } from './participants.ts';
import { lockPairs, pairsOf, refreshStatuses, type CredentialPair } from './status.ts';

const E = (code: string) => `training:certificates.errors.${code}`;
const dmy = (date: string) => date.split('-').reverse().join('/');

/** The record being changed as stored (an import hands the hooks its id only). */
async function stored(ctx: OpContext, key: string, original: CatalogRecord | null): Promise<CatalogRecord | null> {
  if (!original || 'createdAt' in original) return original;
  return catalogOperations(key).find({ ...ctx, system: true }, original.id);
}

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
}

/** Another unit's credential is changed only by its issuer or the department (403 on the issuing unit). */
function assertMayChange(ctx: OpContext, issuerUnitId: string | null | undefined): void {
  if (!mayChangeIssued(ctx, issuerUnitId))
    throw new AppError(403, 'FORBIDDEN', {
      messageKey: E('ISSUED_BY_OTHER'),
      details: [{ field: 'issuerUnitId', code: 'issuer', message: translator(ctx)(E('ISSUED_BY_OTHER')) }],
    });
}

/**
 * A credential as it was before a change, from the check to the write (the same request or import): what the change
 * leaves behind (a former worker and group, a former number) is put right after the write.
 */
const formerly = new Map<string, CatalogRecord>();

/** A credential's number and date on the course's participant row follow the credential (the course page shows them). */
async function syncParticipantRow(
  ctx: OpContext,
  row: { trainingId: string | null; workerId: string; certificateNumber: string | null; issuedOn: string | null },
  clearNumber: string | null = null,
): Promise<void> {
  if (!row.trainingId) return;
  if (clearNumber !== null)
    await sql`update training_worker set certificate_number = null, certificate_date = null
      where training_id = ${row.trainingId}::uuid and worker_id = ${row.workerId}::uuid
        and lower(certificate_number) = lower(${clearNumber})`.execute(ctx.db);
  else
    await sql`update training_worker set certificate_number = ${row.certificateNumber}, certificate_date = ${row.issuedOn}::date
      where training_id = ${row.trainingId}::uuid and worker_id = ${row.workerId}::uuid`.execute(ctx.db);
}

/**
 * A credential (Decree 44/2016 Art 24) is judged by the group rule in force on its issue date: it is valid until
 * that date plus the rule's months (none: it does not expire), and its kind defaults to the rule's. It belongs to
 * its worker's employer; one from a course must be of the course's group and for a participant who passed it.
 * The newest live, unrevoked credential of a worker and group is `current`, the others `superseded`: kept right on
 * every write, under a lock per worker and group.
 */
const certificateRules = catalogueHook('trainingCertificate', {
  async beforeChange({ ctx, data, original: given }) {
    const t = translator(ctx);
    const original = await stored(ctx, 'trainingCertificate', given);
    if (original) assertMayChange(ctx, original.issuerUnitId as string | null);
    const merged = { ...original, ...data } as Record<string, unknown>;
    const workerId = merged.workerId as string;
    const groupId = merged.targetTrainingId as string;
    const worker = (
      await sql<{ business_id: string }>`select business_id from worker
        where id = ${workerId}::uuid and deleted_at is null`.execute(ctx.db)
    ).rows[0];
    // An absent worker (or one the caller may not see) is the engine's reference error, reported after the hooks.
    if (!worker) return;
    await assertOwnerThroughParent(
      ctx,
      merged.businessId as string | null | undefined,
      worker.business_id,
      'workerId',
      E('WORKER_OF_OTHER_EMPLOYER'),
    );
    const pairs: CredentialPair[] = [{ workerId, groupId }];
    if (original) pairs.push({ workerId: original.workerId as string, groupId: original.targetTrainingId as string });
    await lockPairs(ctx.db, pairs);

    const errors: ErrorDetail[] = [];
    const issuedOn = merged.issuedOn as string;
    if (issuedOn > clock.today()) errors.push({ field: 'issuedOn', code: 'future', message: t(E('ISSUED_IN_FUTURE')) });
    const trainingId = (merged.trainingId as string | null | undefined) ?? null;
    const course = trainingId ? await courseOf(ctx.db, trainingId) : undefined;
    if (course) {
      if (course.targetTrainingId !== groupId)
        errors.push({ field: 'targetTrainingId', code: 'course', message: t(E('GROUP_OF_COURSE')) });
      if (issuedOn < course.startDate)
        errors.push({
          field: 'issuedOn',
          code: 'range',
          message: t(E('ISSUED_BEFORE_COURSE'), { date: dmy(course.startDate) }),
        });
      const passed = await sql`select 1 from training_worker
        where training_id = ${course.id}::uuid and worker_id = ${workerId}::uuid and result = 'passed'`.execute(ctx.db);
      if (!passed.rows.length) errors.push({ field: 'workerId', code: 'course', message: t(E('NOT_PARTICIPANT')) });
    }
    const rule = groupId && issuedOn ? await groupRuleInForce(ctx.db, groupId, issuedOn) : null;
    const credential = (merged.credential as TrainingCredential | null | undefined) ?? rule?.credential ?? null;
    if (!credential) errors.push({ field: 'credential', code: 'required', message: t(E('CREDENTIAL_REQUIRED')) });

    // An employer issues its own cards and logbook entries; a certificate a training organisation issued is only
    // recorded by the employer (no issuing unit of its own).
    let issuerUnitId = (merged.issuerUnitId as string | null | undefined) ?? null;
    if (!ctx.system && !original && scopeOf(ctx.principal).kind === 'business') {
      if (rule?.issuer === 'organization') {
        if (issuerUnitId) errors.push({ field: 'issuerUnitId', code: 'issuer', message: t(E('OWN_UNIT_NOT_ISSUER')) });
      } else issuerUnitId ??= await employerUnitOf(ctx.db, worker.business_id);
    }
    refuse(errors);
    // What the change leaves behind is put right once it is written (afterChange): a dry-run import writes nothing.
    if (original) formerly.set(original.id, original);
    return {
      ...data,
      businessId: worker.business_id,
      credential,
      issuerUnitId,
      validUntil: validUntilOf(issuedOn, rule?.validityMonths),
    };
  },

  async afterChange({ ctx, record }) {
    const before = formerly.get(record.id);
    formerly.delete(record.id);
    const pairs: CredentialPair[] = [
      { workerId: record.workerId as string, groupId: record.targetTrainingId as string },
    ];
    if (before) {
      // Moved to another worker or group: the set it left gets its newest back as current.
      pairs.push({ workerId: before.workerId as string, groupId: before.targetTrainingId as string });
      // Its former number leaves the course's participant row it was shown on.
      if (before.certificateNumber !== record.certificateNumber || before.workerId !== record.workerId)
        await syncParticipantRow(
          ctx,
          {
            trainingId: (before.trainingId as string | null) ?? null,
            workerId: before.workerId as string,
            certificateNumber: null,
            issuedOn: null,
          },
          before.certificateNumber as string,
        );
    }
    await refreshStatuses(ctx.db, pairs);
    if (record.status !== 'revoked')
      await syncParticipantRow(ctx, {
        trainingId: (record.trainingId as string | null) ?? null,
        workerId: record.workerId as string,
        certificateNumber: record.certificateNumber as string,
        issuedOn: record.issuedOn as string,
      });
  },

  async beforeDelete({ ctx, ids }) {
    const rows = await sql<{
      id: string;
      issuerUnitId: string | null;
      trainingId: string | null;
      workerId: string;
      certificateNumber: string;
    }>`select id, issuer_unit_id as "issuerUnitId", training_id as "trainingId", worker_id as "workerId",
        certificate_number as "certificateNumber"
      from training_certificate where id = any(${ids}::uuid[])`.execute(ctx.db);
    for (const r of rows.rows) assertMayChange(ctx, r.issuerUnitId);
    const pairs = await pairsOf(ctx.db, ids);
    await lockPairs(ctx.db, pairs);
    await refreshStatuses(ctx.db, pairs, { without: ids });
    for (const r of rows.rows) await syncParticipantRow(ctx, { ...r, issuedOn: null }, r.certificateNumber);
  },

  async beforeRestore({ ctx, ids }) {
    const pairs = await pairsOf(ctx.db, ids);
    await lockPairs(ctx.db, pairs);
    await refreshStatuses(ctx.db, pairs, { with: ids });
    const rows = await sql<{
      trainingId: string | null;
      workerId: string;
      certificateNumber: string;
      issuedOn: string;
    }>`select training_id as "trainingId", worker_id as "workerId", certificate_number as "certificateNumber",
        issued_on::text as "issuedOn"
      from training_certificate where id = any(${ids}::uuid[]) and status is distinct from 'revoked'`.execute(ctx.db);
    for (const r of rows.rows) await syncParticipantRow(ctx, r);
  },

  async beforePurge({ ctx, ids }) {
    await sql`update training_certificate_request_worker set certificate_id = null
      where certificate_id = any(${ids}::uuid[])`.execute(ctx.db);
  },
});

// ------------------------------------------------------------------------------------------------------ requests

/** The request as its rules read it. */
function requestFacts(record: CatalogRecord) {
  return {
    status: record.status as RequestStatus,
    filedBy: (record.filedBy as RequestFiler | null) ?? null,
    businessId: (record.businessId as string | null) ?? null,
    trainerUnitId: (record.trainerUnitId as string | null) ?? null,
  };
}

/** Only the side that filed a request changes or deletes it, and only while a draft or refused. */
export function assertFilerMay(ctx: OpContext, record: CatalogRecord, action: 'edit' | 'delete'): void {
  const facts = requestFacts(record);
  if (!isFiler(ctx, facts)) throw requestError(403, 'NOT_FILER');
  if (facts.status !== 'draft' && facts.status !== 'refused') {
    const t = translator(ctx);
    throw requestError(409, 'WRONG_STATUS', {
      status: t(`training:requests.statuses.${facts.status}`),
      action: t(`training:requests.actions.${action}`).toLocaleLowerCase(ctx.lang),
    });
  }
}

/**
 * A request names a course held for an employer: the employer, the group and the training unit are the course's.
 * The employer files for its own courses; a training unit only for the courses it ran.
 */
async function checkCourse(ctx: OpContext, merged: Record<string, unknown>): Promise<Course | null> {
  const course = await courseOf(ctx.db, merged.trainingId as string);
  // An absent course (or one the caller may not see) is the engine's reference error.
  if (!course) return null;
  if (!course.businessId)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'trainingId', code: 'employer', message: translator(ctx)(E('COURSE_WITHOUT_EMPLOYER')) }],
    });
  await assertOwnerThroughParent(
    ctx,
    merged.businessId as string | null | undefined,
    course.businessId,
    'trainingId',
    'training:requests.errors.EMPLOYER_OF_COURSE',
  );
  const scope = scopeOf(ctx.principal);
  if (!ctx.system && scope.kind === 'unit' && course.trainerUnitId !== scope.unitId)
    throw new AppError(403, 'FORBIDDEN', {
      messageKey: 'training:requests.errors.NOT_COURSE_TRAINER',
      details: [
        {
          field: 'trainingId',
          code: 'scope',
          message: translator(ctx)('training:requests.errors.NOT_COURSE_TRAINER'),
        },
      ],
    });
  return course;
}

const requestRules = catalogueHook('trainingCertificateRequest', {
  async beforeChange({ ctx, data, original: given }) {
    const original = await stored(ctx, 'trainingCertificateRequest', given);
    if (original) assertFilerMay(ctx, original, 'edit');
    const merged = { ...original, ...data } as Record<string, unknown>;
    const course = await checkCourse(ctx, merged);
    if (!course) return;
    const filedBy = (original?.filedBy as RequestFiler | undefined) ?? (ctx.system ? null : filerOf(ctx));
    if (!original && !ctx.system && !filedBy) throw requestError(403, 'NOT_FILER_UNIT');
    // The training unit is the course's: written after the engine's checks (an employer may not refer to it).
    const { trainerUnitId: _unit, ...rest } = data;
    return {
      ...rest,
      businessId: course.businessId,
      targetTrainingId: course.targetTrainingId,
      filedBy: filedBy ?? (merged.filedBy as RequestFiler | null | undefined) ?? 'employer',
      status: (original?.status as RequestStatus | undefined) ?? 'draft',
    };
  },

  async afterChange({ ctx, operation, record }) {
    await refreshRequestFacts(ctx.db, record.id, clock.today());
    if (operation === 'create') await defaultParticipants(ctx.db, record.id);
    else {
      // A request moved to another course keeps only the participants of its new course (all who passed, when none).
      await sql`delete from training_certificate_request_worker rw where rw.request_id = ${record.id}::uuid
        and not exists (select 1 from training_worker tw where tw.training_id = ${record.trainingId as string}::uuid
          and tw.worker_id = rw.worker_id and tw.result = 'passed')`.execute(ctx.db);
      await defaultParticipants(ctx.db, record.id, { onlyWhenEmpty: true });
    }
    await refreshParticipantCount(ctx.db, record.id);
  },

  async beforeDelete({ ctx, ids }) {
    if (ctx.system) return;
    const rows = await sql<CatalogRecord>`select id, status, filed_by as "filedBy", business_id as "businessId",
        trainer_unit_id as "trainerUnitId"
      from training_certificate_request where id = any(${ids}::uuid[])`.execute(ctx.db);
    for (const r of rows.rows) assertFilerMay(ctx, r, 'delete');
  },

  async beforePurge({ ctx, ids }) {
    await sql`delete from training_certificate_request_worker where request_id = any(${ids}::uuid[])`.execute(ctx.db);
  },
});

/** A credential from a course is of the course's group (refused otherwise, above): its group picker offers that one. */
const courseGroupOption = catalogueHook('targetTraining', {
  async optionConditions({ ctx, params }) {
    if (!params.course) return [];
    const course = await courseOf(ctx.db, params.course);
    return course ? [sql<SqlBool>`t.id = ${course.targetTrainingId}::uuid`] : [];
  },
});

/** The credentials' rules, declared by the training module (index.ts). */
export const certificateHooks: CatalogueHookEntry[] = [certificateRules, requestRules, courseGroupOption];
