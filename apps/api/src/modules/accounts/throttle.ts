import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Throttling of password and second-factor guesses (OWASP ASVS 4.0.3 V2.2.1), counted from the access history
 * (every failure is written there anyway) so that every instance and every restart sees the same counts. Nothing
 * here depends on whether the name belongs to an account: a known and an unknown name meet the same answers.
 *
 * - Per name and address: a few free failures, then each further attempt from that address against that name
 *   waits twice as long as the last (2, 4, 8 s … up to a cap), counted since that address's last success.
 *   The owner signing in from elsewhere is not slowed by a guesser's failures.
 * - Per address, whatever the names: a ceiling of failures in a window (spraying one password over many names).
 *   It never refuses an account that has signed in from that address before (a department's staff share one
 *   public address: twenty typos, or anyone in the building, must not shut them all out); any other name from
 *   that address must first pass the portal's proof-of-work challenge (a step-up, not a block).
 * - Per name from unfamiliar addresses: a ceiling of failures in an hour from many addresses (a botnet), which
 *   does not apply to an address the account has signed in from before, so the owner is not shut out.
 */
export interface ThrottleLimits {
  /** Failures of one name from one address before delays start. */
  freeFailures: number;
  /** Longest delay between two attempts of one name from one address, in seconds. */
  maxDelaySeconds: number;
  /** Failures of one name from one address are remembered this long. */
  pairWindowHours: number;
  /** Failures from one address across names within addressWindowMinutes. */
  perAddress: number;
  addressWindowMinutes: number;
  /** Failures against one name from all addresses within an hour, for addresses it never signed in from. */
  perNameHourly: number;
  /** An address the account signed in from within this many days is familiar. */
  familiarDays: number;
}

export const LOGIN_THROTTLE: ThrottleLimits = {
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  pairWindowHours: 24,
  perAddress: 20,
  addressWindowMinutes: 15,
  perNameHourly: 100,
  familiarDays: 90,
};

/** Delay after `failures` failures of one name from one address: 0, then 2, 4, 8 … seconds up to the cap. */
export function pairDelaySeconds(failures: number, limits: ThrottleLimits = LOGIN_THROTTLE): number {
  if (failures < limits.freeFailures) return 0;
  return Math.min(2 ** (failures - limits.freeFailures + 1), limits.maxDelaySeconds);
}

/** What an attempt must wait for: seconds before it may be made, and whether it must pass a challenge first. */
export interface LoginGate {
  retryAfter: number;
  challenge: boolean;
}

/**
 * When an attempt from `address` against `name` may be made. `name` is the account's user name when the typed
 * name or email belongs to one (failures are written under it), else what was typed.
 */
export async function loginGate(
  db: Db,
  address: string,
  name: string,
  limits: ThrottleLimits = LOGIN_THROTTLE,
): Promise<LoginGate> {
  const key = name.trim().toLowerCase();
  const pairWindow = `${limits.pairWindowHours} hours`;
  const addressWindow = `${limits.addressWindowMinutes} minutes`;
  const familiar = `${limits.familiarDays} days`;
  const { rows } = await sql<{
    pairFailures: number;
    pairLast: Date | null;
    byAddress: Date | null;
    byName: Date | null;
    familiar: boolean;
    now: Date;
  }>`
    with pair as (
      select f.at from audit_log f
      where f.action = 'login_failed' and lower(f.user_name) = ${key} and f.ip = ${address}
        and f.at > now() - ${pairWindow}::interval
        and f.at > coalesce((select max(s.at) from audit_log s
          where s.action = 'login' and lower(s.user_name) = ${key} and s.ip = ${address}
            and s.at > now() - ${pairWindow}::interval), '-infinity')
    )
    select
      (select count(*)::int from pair) as "pairFailures",
      (select max(at) from pair) as "pairLast",
      (select at from audit_log
        where action = 'login_failed' and ip = ${address} and at > now() - ${addressWindow}::interval
        order by at desc offset ${limits.perAddress - 1} limit 1) as "byAddress",
      (select f.at from audit_log f
        where f.action = 'login_failed' and lower(f.user_name) = ${key} and f.at > now() - interval '1 hour'
        order by f.at desc offset ${limits.perNameHourly - 1} limit 1) as "byName",
      exists(select 1 from audit_log s
        where s.action = 'login' and lower(s.user_name) = ${key} and s.ip = ${address}
          and s.at > now() - ${familiar}::interval) as "familiar",
      now() as now`.execute(db);
  const row = rows[0];
  if (!row) return { retryAfter: 0, challenge: false };
  const now = new Date(row.now).getTime();
  const until = (at: Date | null, seconds: number) => (at ? new Date(at).getTime() + seconds * 1000 - now : 0);
  const wait = Math.max(
    until(row.pairLast, pairDelaySeconds(row.pairFailures, limits)),
    row.familiar ? 0 : until(row.byName, 3600),
  );
  return {
    retryAfter: wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0,
    challenge: !row.familiar && until(row.byAddress, limits.addressWindowMinutes * 60) > 0,
  };
}
