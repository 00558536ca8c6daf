import { z } from 'zod';
import { errorBodySchema } from '../errors/app-error.ts';

/** Route building blocks the API modules share: their request and answer schemas, said once. */

/** The error answers a route declares, each with the error body (OpenAPI and the serializer). */
export function errorResponsesFor<C extends number>(...codes: C[]): Record<C, typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<C, typeof errorBodySchema>;
}

/** The usual error answers: bad input, not signed in, not allowed, not found, conflict. */
export const errorResponses = errorResponsesFor(400, 401, 403, 404, 409);

/** `/:id` of one record. */
export const idParams = z.object({ id: z.uuid() });

/** Delete calls take the ids as the body (spec); `{ ids }` is accepted too. At most `max`, each once. */
export const idsBody = (max = 200) =>
  z
    .union([z.array(z.uuid()).min(1).max(max), z.object({ ids: z.array(z.uuid()).min(1).max(max) })])
    .transform((v) => [...new Set(Array.isArray(v) ? v : v.ids)]);

/** What an upload call answers: the stored file, whose id goes in a file field. */
export const uploadedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  fileType: z.string().nullable(),
  isSecure: z.boolean(),
});

/** What a delete call answers: how many records it deleted. */
export const deletedAnswer = z.object({ deleted: z.number() });
