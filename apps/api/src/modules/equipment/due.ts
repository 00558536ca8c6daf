import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays, DUE_SOON_DAYS } from '@portal/domain/equipment/rules';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';
import { machineScope } from './scope.ts';

/**
 * The due-date lists both sides work from, as conditions over the register (alias `e`) and as the register's own
 * address filters, so a count in a workspace is what its link shows.
 */
export type DueList = 'overdue' | 'dueSoon' | 'undeclared';

export function dueCondition(list: DueList, today: string): Expression<SqlBool> {
  if (list === 'overdue') return sql<SqlBool>`e.status = 'inUse' and e.next_due_date < ${today}::date`;
  if (list === 'dueSoon')
    return sql<SqlBool>`e.status = 'inUse' and e.next_due_date between ${today}::date and ${addDays(today, DUE_SOON_DAYS)}::date`;
  return sql<SqlBool>`e.status = 'inUse' and e.declaration_status = 'none'`;
}

export function dueLink(list: DueList, today: string): string {
  return `${EQUIPMENT_PATHS.register}?${dueFilter(list, today)}`;
}

/** The register's API list with the same filter (the workspace card's count is its total). */
export function dueListApi(list: DueList, today: string): string {
  return `/api/Equipment/equipments?${dueFilter(list, today)}`;
}

function dueFilter(list: DueList, today: string): string {
  return list === 'overdue'
    ? `status=inUse&nextDueDateTo=${addDays(today, -1)}`
    : list === 'dueSoon'
      ? `status=inUse&nextDueDateFrom=${today}&nextDueDateTo=${addDays(today, DUE_SOON_DAYS)}`
      : 'status=inUse&declarationStatus=none';
}

export async function countMachines(
  db: Executor,
  principal: Principal | null,
  list: DueList | 'inUse',
  today: string,
): Promise<number> {
  const condition = list === 'inUse' ? sql<SqlBool>`e.status = 'inUse'` : dueCondition(list, today);
  const rows = await sql<{ n: string }>`select count(*) as n from equipment e
    where e.deleted_at is null and ${machineScope(principal)} and ${condition}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}
