import { z } from 'zod';
import { isCalendarDate } from '@portal/domain/dates';

/**
 * Limits shared by the public look-ups (a work permit, a worker, a certificate, an inspection): found only by an
 * exact identifier, throttled per address, and answering identifiers with their middle hidden.
 */

/** At most this many look-ups per address and minute (each answer confirms or denies a person's details). */
export const PUBLIC_LOOKUP_RATE = { max: 20, timeWindow: '1 minute' } as const;

/**
 * An identifier with its middle hidden, enough for the holder to recognise it: "C1234578" → "C12•••78".
 * Short ones keep one character at each end.
 */
export function maskIdentifier(value: string): string {
  const v = value.trim();
  if (v.length <= 4) return '•••';
  if (v.length < 8) return `${v.slice(0, 1)}•••${v.slice(-1)}`;
  return `${v.slice(0, 3)}•••${v.slice(-2)}`;
}

/** A calendar date 'YYYY-MM-DD' in a query string. */
export const birthDateQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDate, { message: 'Not a calendar date' });

/** Passport numbers: letters and digits as printed. */
export const passportQuery = z
  .string()
  .trim()
  .min(5)
  .max(20)
  .regex(/^[A-Za-z0-9]+$/);
