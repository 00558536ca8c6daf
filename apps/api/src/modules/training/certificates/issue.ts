import { sql } from 'kysely';
import { credentialNumber, issuerPrefix, TRAINING_CERTIFICATE_PATHS } from '@portal/domain/training/certificates';
import type { TrainingCredential } from '@portal/domain/training/rules';
import { inTransaction, translator, type Executor, type OpContext } from '../../../catalog/context.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';
import { certificateError, courseOf, isIssuer, issuerOf, notIssuer, type Course, type Issuer } from './access.ts';
import { courseParticipants, eligible } from './participants.ts';
import { lockPairs } from './status.ts';

const E = (code: string) => `training:certificates.errors.${code}`;
const dmy = (date: string) => date.split('-').reverse().join('/');

/**
 * The next `count` numbers of an issuer's series for the year, taken from its counter inside the issuing
 * transaction: the row stays locked until commit, so two issues by one issuer queue here and never share a number,
 * and an issue that fails gives its numbers back (no gap).
 */
export async function takeNumbers(
  db: Executor,
  issuer: { unitId: string },
  year: number,
  credential: TrainingCredential,
  count: number,
): Promise<string[]> {
  const counter = await sql<{ last: number }>`insert into training_certificate_counter
      (issuer_unit_id, year, credential, last) values (${issuer.unitId}::uuid, ${year}, ${credential}, ${count})
    on conflict (issuer_unit_id, year, credential)
      do update set last = training_certificate_counter.last + excluded.last
    returning last`.execute(db);
  const last = Number(counter.rows[0]!.last);
  const unit = (await sql<{ code: string | null }>`select code from unit where id = ${issuer.unitId}::uuid`.execute(db))
    .rows[0];
  const prefix = issuerPrefix(unit?.code, issuer.unitId);
  return Array.from({ length: count }, (_, i) => credentialNumber(prefix, last - count + 1 + i, year, credential));
}

export interface IssueInput {
  trainingId: string;
  /** Absent: every participant who passed and holds no credential from the course. */
  workerIds?: readonly string[] | undefined;
  /** Absent: today. */
  issuedOn?: string | undefined;
}

export interface Issued {
  ids: string[];
  numbers: string[];
  workerIds: string[];
  course: Course;
  issuer: Issuer;
}

/**
 * Issue a course's credentials (Decree 44/2016 Art 24): the issuer the group rule in force on the issue date names,
 * one numbered credential per participant who passed, all in one transaction (none when one is refused). The
 * credentials are written through the catalogue's operations, so their rules (validity, current/superseded) are
 * the same as for a credential recorded by hand. The employer is told.
 */
export async function issueCredentials(ctx: OpContext, input: IssueInput): Promise<Issued> {
  const t = translator(ctx);
  return inTransaction(ctx, async (tx) => {
    const visible = await catalogOperations('training').find(tx, input.trainingId);
    const course = visible ? await courseOf(tx.db, input.trainingId) : undefined;
    if (!course) throw new AppError(404, 'NOT_FOUND');
    if (!course.businessId) throw certificateError(409, 'COURSE_WITHOUT_EMPLOYER');
    const issuedOn = input.issuedOn ?? clock.today();
    const dateErrors: ErrorDetail[] = [];
    if (issuedOn > clock.today())
      dateErrors.push({ field: 'issuedOn', code: 'future', message: t(E('ISSUED_IN_FUTURE')) });
    if (issuedOn < course.startDate)
      dateErrors.push({
        field: 'issuedOn',
        code: 'range',
        message: t(E('ISSUED_BEFORE_COURSE'), { date: dmy(course.startDate) }),
      });
    if (dateErrors.length) throw new AppError(400, 'VALIDATION', { details: dateErrors });
    const issuer = await issuerOf(tx.db, course, issuedOn);
    if (!isIssuer(tx, issuer, course)) throw notIssuer(tx, issuer.kind);

    const before = await courseParticipants(tx.db, course.id, course.businessId);
    const chosen = input.workerIds ? [...new Set(input.workerIds)] : before.filter(eligible).map((p) => p.workerId);
    // Worker and group locks first (in key order), then the issuer's counter: every issuer takes them in this order.
    // Read again once they are held: a credential another issue just committed is seen, never doubled.
    await lockPairs(
      tx.db,
      chosen.map((workerId) => ({ workerId, groupId: course.targetTrainingId })),
    );
    const participants = await courseParticipants(tx.db, course.id, course.businessId);
    const byWorker = new Map(participants.map((p) => [p.workerId, p]));
    // Without a list, whoever is still eligible once the locks are held.
    const named = input.workerIds
      ? chosen
      : chosen.filter((id) => {
          const p = byWorker.get(id);
          return !!p && eligible(p);
        });
    const notPassed: ErrorDetail[] = [];
    const taken: ErrorDetail[] = [];
    named.forEach((id, i) => {
      const p = byWorker.get(id);
      if (!p || p.result !== 'passed')
        notPassed.push({
          field: `workerIds.${i}`,
          code: 'notPassed',
          message: t(E('NOT_PASSED'), { name: p?.fullName ?? id }),
        });
      else if (p.certificateId)
        taken.push({
          field: `workerIds.${i}`,
          code: 'issued',
          message: t(E('ALREADY_ISSUED'), { name: p.fullName, number: p.certificateNumber ?? '' }),
        });
    });
    if (notPassed.length) throw new AppError(400, 'VALIDATION', { details: notPassed });
    if (taken.length) throw certificateError(409, 'ALREADY_ISSUED', { name: '', number: '' }, taken);
    if (!named.length)
      throw certificateError(400, 'NO_PARTICIPANTS', {}, [
        { field: 'workerIds', code: 'required', message: t(E('NO_PARTICIPANTS')) },
      ]);

    // Numbered in the order of the course's list (by name), so a printed batch reads in sequence.
    const ordered = participants.map((p) => p.workerId).filter((id) => named.includes(id));
    const numbers = await takeNumbers(
      tx.db,
      issuer,
      Number(issuedOn.slice(0, 4)),
      issuer.rule.credential,
      ordered.length,
    );
    const writer = { ...tx, system: true };
    const ids: string[] = [];
    for (const [i, workerId] of ordered.entries()) {
      const created = await catalogOperations('trainingCertificate').create(writer, {
        certificateNumber: numbers[i],
        businessId: course.businessId,
        workerId,
        targetTrainingId: course.targetTrainingId,
        trainingId: course.id,
        credential: issuer.rule.credential,
        issuerUnitId: issuer.unitId,
        issuedOn,
      });
      ids.push(created.id);
    }
    const issuerName = (
      await sql<{ name: string }>`select name from unit where id = ${issuer.unitId}::uuid`.execute(tx.db)
    ).rows[0]?.name;
    await tx.request?.server.notifier?.notify(
      tx.db,
      { scopes: [{ kind: 'employer', businessId: course.businessId, permission: 'TrainingCertificate.read' }] },
      'trainingCertificatesIssued',
      { issuer: issuerName ?? '', count: ids.length, course: course.name },
      `${TRAINING_CERTIFICATE_PATHS.list}?trainingId=${course.id}`,
      { request: tx.request },
    );
    return { ids, numbers, workerIds: ordered, course, issuer };
  });
}
