import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { idParams, idsBody as idsBodyUpTo } from '../../platform/http/route-schemas.ts';

/** Shared request and response shapes of the accounts module. */

export const uuid = z.uuid();

/** Paged lists (spec): pageNumber from 1, pageSize, keyWord; sorting by one column. */
export const pagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  keyWord: z.string().trim().max(200).optional(),
  sortBy: z.string().trim().max(50).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export function isDescending(order: PagingQuery['sortOrder']): boolean {
  return order === 'desc' || order === 'descend';
}

/** Delete calls take up to 1000 ids as the body (spec); `{ ids: [...] }` is accepted too. */
export const idsBody = idsBodyUpTo(1000);

export { idParams };

export const comboboxItem = z.object({ value: z.string(), label: z.string() });

export const okResponse = z.object({ ok: z.literal(true), message: z.string().optional() });

export const userNamePattern = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/;
export const userName = z.string().trim().regex(userNamePattern);
export const email = z.string().trim().toLowerCase().pipe(z.email().max(200));
export const phone = z
  .string()
  .trim()
  .regex(/^[0-9+() .-]{6,20}$/);
export { optionalText } from '@portal/domain/inputs';

/** The abilities a client needs (raw CASL rules). */
export const abilityRule = z.object({ action: z.string(), subject: z.string() });

export const unitKind = z.enum(['department', 'district', 'employer', 'service_centre', 'training_body']);

/** Stored user data (spec §3): userId, unitUserId, role, plus what the portal shows about the user. */
export const userData = z.object({
  userId: z.string(),
  unitUserId: z.string(),
  role: z.enum(['admin', 'client']),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  userTypeId: z.string(),
  userTypeName: z.string(),
  unit: z.object({
    id: z.string(),
    kind: unitKind,
    name: z.string(),
    businessId: z.string().nullable(),
    localUnitCode: z.string().nullable(),
  }),
  ability: z.array(abilityRule),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type UserData = z.infer<typeof userData>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });

/**
 * Sort key for a column: text sorts on its accent-free form first ('Đặng' beside 'Dương', not after 'Z'),
 * then on the text itself, since the embedded database has no Vietnamese collation.
 */
export function sortKeys(column: string, text: boolean): RawBuilder<unknown>[] {
  return text ? [sql`f_unaccent(${sql.ref(column)})`, sql.ref(column)] : [sql.ref(column)];
}
