import { sql } from 'kysely';
import type { LimitFactor } from '@portal/domain/monitoring/factors';
import type { Limit } from '@portal/domain/monitoring/judge';
import type { Executor } from '../../catalog/context.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';

/**
 * The standards' limit rows, read at the moment of judging (every period of each limit: the judgement picks the
 * row in force on the reading's date). An import judges hundreds of readings in one transaction: the rows are
 * read once per transaction and factor.
 */
const cache = new WeakMap<Executor, Map<string, Promise<Limit[]>>>();

export function limitsOf(db: Executor, factors: readonly LimitFactor[]): Promise<Limit[]> {
  if (!db.isTransaction) return readLimits(db, factors);
  const key = [...factors].sort().join(',');
  const perDb = cache.get(db) ?? new Map<string, Promise<Limit[]>>();
  cache.set(db, perDb);
  const found = perDb.get(key);
  if (found) return found;
  const loaded = readLimits(db, factors);
  perDb.set(key, loaded);
  return loaded;
}

async function readLimits(db: Executor, factors: readonly LimitFactor[]): Promise<Limit[]> {
  const rows = await sql<Limit>`
    select l.id, l.code, l.rule, l.name, l.factor, l.parameter, l.work_category as "workCategory",
      l.exposure_minutes::float8 as "exposureMinutes", l.min_value::float8 as "minValue",
      l.max_value::float8 as "maxValue", l.stel_value::float8 as "stelValue",
      l.exchange_rate::float8 as "exchangeRate", l.unit, coalesce(r.number, '') as regulation,
      l.valid_from::text as "validFrom", l.valid_to::text as "validTo"
    from monitoring_limit l left join monitoring_regulation r on r.id = l.regulation_id
    where l.deleted_at is null and l.factor = any(${sql.val([...factors])}::text[])`.execute(db);
  return rows.rows;
}

/** The end of a time limit of the LegalDeadline area counted from `from`; null when none is in force. */
export async function deadlineFrom(db: Executor, rule: string, from: string): Promise<string | null> {
  try {
    return deadlineEnd(from, await deadlineInForce(db, rule, from));
  } catch {
    // A rule the department removed: the report still saves, without a deadline, until the rule is restored.
    return null;
  }
}
