import { z } from 'zod';

/** Pieces of request bodies the domains share (API validation and OpenAPI). */

/** An optional text: trimmed, at most `max` characters; empty, blank or missing is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
