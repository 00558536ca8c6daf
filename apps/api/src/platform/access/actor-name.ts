import { sql, type RawBuilder } from 'kysely';
import type { Principal } from './index.ts';

/**
 * Who acted, as records show it to people: the account's full name, else its login name (an account without
 * one). Compared as text, so a caller whose id is not a stored account's never fails the statement.
 */
export function actorName(principal: Principal | null): RawBuilder<string | null> {
  if (!principal) return sql<null>`null`;
  return sql<string>`coalesce((select u.full_name from app_user u where u.id::text = ${principal.userId}), ${principal.userName})`;
}
