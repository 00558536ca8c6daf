import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { PERMIT_NUMBER_PATTERN } from '@portal/domain/permits/rules';
import { PERMIT_KINDS, type PermitKind } from '@portal/domain/permits/state';
import type { Executor } from '../../catalog/context.ts';
import { clock } from '../../platform/clock/index.ts';
import { errorBodySchema, notFound } from '../../platform/errors/app-error.ts';
import { birthDateQuery, passportQuery, PUBLIC_LOOKUP_RATE } from '../../platform/http/public-lookup.ts';

/**
 * The public look-up of a work permit or confirmation (`/tra-cuu-giay-phep`): a third party (an employer about to
 * hire, a police officer, the worker) confirms that a permit it holds is in force. It needs the permit's number
 * together with a second factor only the holder has (the passport number or the worker's birth date), so sequential
 * numbers alone reveal nothing; a wrong factor and an unknown number answer the same 404. It confirms and no more:
 * in force or not, from and until when, for which employer — never the worker's name, nationality, passport,
 * address, phone or birth date.
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
});
export type PublicPermit = z.infer<typeof publicPermit>;

interface PermitRow {
  number: string;
  kind: PermitKind;
  valid_from: string | null;
  valid_to: string | null;
  employer_name: string;
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

/** What the holder gives besides the number: the passport number, the birth date, or both (then both must match). */
export type PermitFactor = { passportNumber?: string | undefined; birthDate?: string | undefined };

/**
 * A granted permit (a number is given on approval, never a withdrawn one) by its number, exactly as printed (the
 * prefix's Đ in either Unicode form), when the second factor matches; null otherwise.
 */
export async function lookupPermit(
  db: Executor,
  number: string,
  factor: PermitFactor,
  today = clock.today(),
): Promise<PublicPermit | null> {
  // No factor, no answer: the route refuses it too, this keeps the query from ever matching on the number alone.
  if (!factor.passportNumber && !factor.birthDate) return null;
  const passport = factor.passportNumber?.toUpperCase();
  const rows = await sql<PermitRow>`select p.number, p.kind, p.valid_from::text as valid_from,
      p.valid_to::text as valid_to, b.name as employer_name,
      exists (select 1 from work_permit c where c.parent_id = p.id and c.kind = 'renew' and c.status = 'approved'
        and c.deleted_at is null) as replaced
    from work_permit p
    join worker w on w.id = p.worker_id
    join business b on b.id = p.business_id
    where p.deleted_at is null and p.status = 'approved' and p.number = ${number.normalize('NFC').toUpperCase()}
      and ${passport === undefined ? sql`true` : sql`(upper(p.passport_number) = ${passport} or upper(w.passport_number) = ${passport})`}
      and ${factor.birthDate === undefined ? sql`true` : sql`w.birth_date = ${factor.birthDate}::date`}
    limit 1`.execute(db);
  const r = rows.rows[0];
  if (!r) return null;
  return {
    number: r.number,
    kind: r.kind,
    status: publicStatus(r, today),
    validFrom: r.valid_from,
    validTo: r.valid_to,
    employerName: r.employer_name,
  };
}

const lookupQuery = z
  .object({
    number: z.string().trim().max(30),
    passportNumber: passportQuery.optional(),
    birthDate: birthDateQuery.optional(),
  })
  .superRefine((q, ctx) => {
    if (!PERMIT_NUMBER_PATTERN.test(q.number.normalize('NFC').toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'Not a permit number' });
    if (q.passportNumber === undefined && q.birthDate === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['passportNumber'],
        message: 'The number goes with the passport number or the birth date',
      });
  });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/WorkerLicense/public-lookup',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['WorkerLicense'],
        summary:
          'Public confirmation of a work permit: its number with the passport number or the birth date (validity and employer only)',
        querystring: lookupQuery,
        response: {
          200: publicPermit,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { number, passportNumber, birthDate } = request.query;
      const found = await lookupPermit(app.readDb, number, { passportNumber, birthDate });
      // The same answer whether nothing has that number or the second factor does not match.
      if (!found) throw notFound();
      return found;
    },
  );
};

export default routes;
