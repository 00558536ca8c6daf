import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { PERMIT_NUMBER_PATTERN } from '@portal/domain/permits/rules';
import { PERMIT_KINDS, type PermitKind } from '@portal/domain/permits/state';
import type { Executor } from '../../catalog/context.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';
import {
  birthDateQuery,
  maskIdentifier,
  passportQuery,
  PUBLIC_LOOKUP_RATE,
} from '../../platform/http/public-lookup.ts';

/**
 * The public look-up of a work permit or confirmation (`/tra-cuu-giay-phep`): a third party (an employer about to
 * hire, a police officer, the worker) checks that a permit exists and is in force. Found only by an exact
 * identifier — its number, or the passport number together with the worker's birth date — never by a name, so
 * nobody can list permits. It answers what the permit itself shows and no more: never the worker's address, phone,
 * birth date or full passport number.
 */

export const PUBLIC_PERMIT_STATUSES = ['valid', 'notYetValid', 'expired', 'revoked'] as const;
export type PublicPermitStatus = (typeof PUBLIC_PERMIT_STATUSES)[number];

export const publicPermit = z.object({
  number: z.string(),
  kind: z.enum(PERMIT_KINDS),
  status: z.enum(PUBLIC_PERMIT_STATUSES),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  employerName: z.string(),
  jobTitle: z.string().nullable(),
  position: z.string().nullable(),
  workerName: z.string(),
  nationality: z.string().nullable(),
  passportMasked: z.string().nullable(),
});
export type PublicPermit = z.infer<typeof publicPermit>;

interface PermitRow {
  number: string;
  kind: PermitKind;
  valid_from: string | null;
  valid_to: string | null;
  employer_name: string;
  job_title: string | null;
  position: string | null;
  worker_name: string;
  nationality: string | null;
  passport: string | null;
  replaced: boolean;
}

/**
 * In force, not yet, ended, or revoked: a permit a renewal replaced is no longer the one in force (the renewal's
 * number is); the stored status is `approved` for every permit that has a number.
 */
export function publicStatus(
  r: { valid_from: string | null; valid_to: string | null; replaced: boolean },
  today: string,
): PublicPermitStatus {
  if (r.replaced) return 'revoked';
  if (r.valid_to !== null && r.valid_to < today) return 'expired';
  if (r.valid_from !== null && r.valid_from > today) return 'notYetValid';
  return 'valid';
}

function toPublic(r: PermitRow, today: string): PublicPermit {
  return {
    number: r.number,
    kind: r.kind,
    status: publicStatus(r, today),
    validFrom: r.valid_from,
    validTo: r.valid_to,
    employerName: r.employer_name,
    jobTitle: r.job_title,
    position: r.position,
    workerName: r.worker_name,
    nationality: r.nationality,
    passportMasked: r.passport ? maskIdentifier(r.passport) : null,
  };
}

/** Only granted permits (a number is given on approval), not withdrawn ones. */
async function findPermits(db: Executor, where: ReturnType<typeof sql>, today: string): Promise<PublicPermit[]> {
  const rows = await sql<PermitRow>`select p.number, p.kind, p.valid_from::text as valid_from,
      p.valid_to::text as valid_to, b.name as employer_name, p.job_title, p.position, w.full_name as worker_name,
      w.nationality, coalesce(p.passport_number, w.passport_number) as passport,
      exists (select 1 from work_permit c where c.parent_id = p.id and c.kind = 'renew' and c.status = 'approved'
        and c.deleted_at is null) as replaced
    from work_permit p
    join worker w on w.id = p.worker_id
    join business b on b.id = p.business_id
    where p.deleted_at is null and p.status = 'approved' and p.number is not null and (${where})
    order by p.valid_to desc nulls last, p.number
    limit 20`.execute(db);
  return rows.rows.map((r) => toPublic(r, today));
}

/** By its number, exactly as printed (the prefix's Đ in either Unicode form). */
export function lookupPermitByNumber(db: Executor, number: string, today = clock.today()): Promise<PublicPermit[]> {
  return findPermits(db, sql`p.number = ${number.normalize('NFC').toUpperCase()}`, today);
}

/** By the passport (on the permit or the worker's record) and the worker's birth date: both must match. */
export function lookupPermitByPassport(
  db: Executor,
  passportNumber: string,
  birthDate: string,
  today = clock.today(),
): Promise<PublicPermit[]> {
  const passport = passportNumber.toUpperCase();
  return findPermits(
    db,
    sql`(upper(p.passport_number) = ${passport} or upper(w.passport_number) = ${passport})
      and w.birth_date = ${birthDate}::date`,
    today,
  );
}

const lookupQuery = z
  .object({
    number: z.string().trim().max(30).optional(),
    passportNumber: passportQuery.optional(),
    birthDate: birthDateQuery.optional(),
  })
  .superRefine((q, ctx) => {
    const byNumber = q.number !== undefined;
    const byPassport = q.passportNumber !== undefined || q.birthDate !== undefined;
    if (byNumber === byPassport)
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'Give the number, or the passport and birth date' });
    if (byNumber && !PERMIT_NUMBER_PATTERN.test(q.number!.normalize('NFC').toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'Not a permit number' });
    if (byPassport && (!q.passportNumber || !q.birthDate))
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'The passport number goes with the birth date' });
  });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/WorkerLicense/public-lookup',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['WorkerLicense'],
        summary:
          'Public look-up of a work permit or confirmation by its number, or by passport number and birth date (no personal data beyond the permit)',
        querystring: lookupQuery,
        response: {
          200: z.object({ items: z.array(publicPermit) }),
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const items = q.number
        ? await lookupPermitByNumber(app.db, q.number)
        : await lookupPermitByPassport(app.db, q.passportNumber!, q.birthDate!);
      // The same answer whether nothing has that number or the birth date does not match.
      if (!items.length) throw notFound();
      return { items };
    },
  );
};

export default routes;
