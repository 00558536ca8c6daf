import { sql } from 'kysely';
import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';

/**
 * A machine's history (`equipment_event`): registered, changed, inspected, declared, confirmed, refused… written
 * in the same transaction as the change, so the history never tells of a change that was rolled back.
 */
export type MachineAction =
  | 'registered'
  | 'updated'
  | 'statusChanged'
  | 'inspected'
  | 'inspectionUpdated'
  | 'inspectionDeleted'
  | 'declared'
  | 'declarationConfirmed'
  | 'declarationRefused';

export async function recordMachineEvent(
  db: Executor,
  equipmentIds: string | readonly string[],
  action: MachineAction,
  details: Record<string, unknown> | null,
  principal: Principal | null,
): Promise<void> {
  const ids = typeof equipmentIds === 'string' ? [equipmentIds] : [...equipmentIds];
  if (!ids.length) return;
  await db
    .insertInto('equipment_event')
    .values(
      ids.map((id) => ({
        equipment_id: id,
        action,
        details: details ? JSON.stringify(details) : null,
        actor_id: principal?.userId ?? null,
        actor_name: principal?.userName ?? null,
      })),
    )
    .execute();
}

export interface MachineEvent {
  at: string;
  action: string;
  details: Record<string, unknown> | null;
  actorName: string | null;
}

export async function machineHistory(db: Executor, equipmentId: string): Promise<MachineEvent[]> {
  const rows = await sql<{
    at: Date;
    action: string;
    details: Record<string, unknown> | null;
    actor_name: string | null;
  }>`
    select at, action, details, actor_name from equipment_event where equipment_id = ${equipmentId}::uuid
    order by at desc, id desc limit 500`.execute(db);
  return rows.rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action,
    details: r.details,
    actorName: r.actor_name,
  }));
}
