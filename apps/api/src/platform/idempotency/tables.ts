import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Generated } from '../../db/columns.ts';

/** Claimed idempotency keys and the answers they replay (migration 0032). */
// A type, not an interface: withTables wants an index-compatible record.
export type IdempotencyTables = {
  idempotency_key: {
    /** The signed-in user's id, or `anonymous:<address>` for a public form. */
    owner: string;
    method: string;
    /** The route's pattern (`/api/Accident/add-accident`), not the address with its values. */
    route: string;
    key: string;
    /** What the request asked (parameters and body), so a reused key with another request is refused. */
    fingerprint: string;
    /** The claiming request's own mark: it settles its row, never one another request claimed after it. */
    claim: Generated<string>;
    /** Null while the first request is still running. */
    status_code: Generated<number | null>;
    response_type: Generated<string | null>;
    response_body: Generated<string | null>;
    created_at: Generated<Date>;
    completed_at: Generated<Date | null>;
  };
};

export type IdempotencyDb = Kysely<DB & IdempotencyTables>;
export const withIdempotencyKeys = (db: Kysely<DB>): IdempotencyDb => db.withTables<IdempotencyTables>();
