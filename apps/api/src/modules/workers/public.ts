import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
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
 * The public look-up of a worker (`/tra-cuu-nguoi-lao-dong`): a person checks that their employer declared them
 * (and a third party that a worker is who they say), by the citizen ID (CCCD) or passport number together with the
 * birth date — both must match, and "not found" and "birth date does not match" answer the same 404, so the look-up
 * cannot tell whether an identifier exists. It confirms what the asker already holds — declared by which employer,
 * since when, and for a foreigner whether a work permit is in force — and no more: never the person's name, address,
 * phone, birth date, full identifier, occupation or health data.
 */

export const publicWorker = z.object({
  identifierMasked: z.string(),
  /** The employer's public page (`/chi-tiet-doanh-nghiep/{id}`) when the employer is active. */
  businessId: z.string().nullable(),
  employerName: z.string(),
  workingSince: z.string().nullable(),
  /** Foreign workers: whether a work permit or confirmation is in force today; null for Vietnamese citizens. */
  validWorkPermit: z.boolean().nullable(),
});
export type PublicWorker = z.infer<typeof publicWorker>;

interface WorkerRow {
  nationality: string | null;
  identifier: string;
  business_id: string;
  business_active: boolean;
  employer_name: string;
  start_date: string | null;
  has_permit: boolean;
}

export async function lookupWorker(
  db: Executor,
  by: { citizenId: string } | { passportNumber: string },
  birthDate: string,
  today = clock.today(),
): Promise<PublicWorker | null> {
  const match =
    'citizenId' in by
      ? sql`w.citizen_id = ${by.citizenId}`
      : sql`upper(w.passport_number) = ${by.passportNumber.toUpperCase()}`;
  const identifier = 'citizenId' in by ? sql`w.citizen_id` : sql`w.passport_number`;
  const rows = await sql<WorkerRow>`select w.nationality, ${identifier} as identifier, w.business_id,
      (b.status = 'active' and b.deleted_at is null) as business_active, b.name as employer_name,
      w.start_date::text as start_date,
      exists (select 1 from work_permit p where p.worker_id = w.id and p.deleted_at is null and p.status = 'approved'
        and p.number is not null and (p.valid_from is null or p.valid_from <= ${today}::date)
        and (p.valid_to is null or p.valid_to >= ${today}::date)
        and not exists (select 1 from work_permit c where c.parent_id = p.id and c.kind = 'renew'
          and c.status = 'approved' and c.deleted_at is null)) as has_permit
    from worker w
    join business b on b.id = w.business_id
    where w.deleted_at is null and ${match} and w.birth_date = ${birthDate}::date
    limit 1`.execute(db);
  const r = rows.rows[0];
  if (!r) return null;
  const foreign = r.nationality !== null && r.nationality !== 'VN';
  return {
    identifierMasked: maskIdentifier(r.identifier),
    businessId: r.business_active ? r.business_id : null,
    employerName: r.employer_name,
    workingSince: r.start_date,
    validWorkPermit: foreign ? r.has_permit : null,
  };
}

const lookupQuery = z
  .object({
    citizenId: z
      .string()
      .trim()
      .regex(/^\d{12}$/)
      .optional(),
    passportNumber: passportQuery.optional(),
    birthDate: birthDateQuery,
  })
  .refine((q) => (q.citizenId === undefined) !== (q.passportNumber === undefined), {
    path: ['citizenId'],
    message: 'Give the citizen ID or the passport number',
  });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Worker/public-lookup',
    {
      config: { permission: 'Auth.read', rateLimit: PUBLIC_LOOKUP_RATE },
      schema: {
        tags: ['Worker'],
        summary:
          'Public confirmation of a worker by citizen ID or passport number with the birth date (employer and since when; no personal or health data)',
        querystring: lookupQuery,
        response: { 200: publicWorker, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const q = request.query;
      const by = q.citizenId ? { citizenId: q.citizenId } : { passportNumber: q.passportNumber! };
      const found = await lookupWorker(app.readDb, by, q.birthDate);
      // One answer for an unknown identifier and for a birth date that does not match.
      if (!found) throw notFound();
      return found;
    },
  );
};

export default routes;
