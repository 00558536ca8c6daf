import { sql, type RawBuilder } from 'kysely';
import type { ForeignWorkerOption } from '@portal/domain/permits/schemas';
import { OPEN_STATUSES } from '@portal/domain/permits/state';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Caller } from './access.ts';

/**
 * The workers a request is filed for, read from the Worker catalogue area (packages/domain/src/catalog/areas/
 * worker.ts: table `worker`, the employer in `business_id`, `full_name`, `nationality` as an ISO 3166-1 alpha-2
 * code). This file is the one place that follows that declaration. A worker is foreign when a nationality other
 * than Viet Nam is recorded. The request records the passport it is filed with (a renewal may change it); the
 * worker's own passport number prefills the form.
 */
export const WORKER_TABLE = 'worker';
const HOME_NATIONALITY = 'VN';

/** Columns a permit row shows about its worker, over alias `w`. */
export function workerColumns(alias: string): RawBuilder<unknown> {
  const w = (c: string) => sql.ref(`${alias}.${c}`);
  return sql`${w('full_name')} as worker_name, ${w('nationality')} as nationality`;
}

export const WORKER_NAME_SORT = sql`w.full_name`;

function isForeignSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(coalesce(${sql.ref(`${alias}.nationality`)}, ${HOME_NATIONALITY}) <> ${HOME_NATIONALITY})`;
}

export interface ApplicantWorker {
  id: string;
  businessId: string;
  fullName: string;
  isForeign: boolean;
}

/** A live worker of this employer, or undefined. */
export async function workerOfEmployer(
  db: Executor,
  businessId: string,
  workerId: string,
): Promise<ApplicantWorker | undefined> {
  const r =
    await sql<ApplicantWorker>`select w.id, w.business_id as "businessId", w.full_name as "fullName", ${isForeignSql('w')} as "isForeign"
    from ${sql.table(WORKER_TABLE)} w where w.id = ${workerId} and w.business_id = ${businessId} and w.deleted_at is null`.execute(
      db,
    );
  return r.rows[0];
}

/** The employer's foreign workers for the request form's picker, with their passport (else their latest request's). */
export async function foreignWorkerOptions(
  db: Executor,
  caller: Caller,
  keyWord: string | undefined,
  take: number,
  /**
   * What the form files (a new permit or a confirmation), the request being edited (not a conflict with itself),
   * and today in Viet Nam: each worker says at once why a request for them would be refused (the same rules as
   * the service's check on save), so the form flags it beside the field instead of after everything is filled.
   */
  check: { kind: 'new' | 'confirm'; exceptId: string | null; today: string },
): Promise<ForeignWorkerOption[]> {
  if (!caller.employerId) return [];
  const same = check.kind === 'confirm' ? sql`p.kind = 'confirm'` : sql`p.kind <> 'confirm'`;
  const r =
    await sql<ForeignWorkerOption>`select w.id as value, w.full_name as label, w.nationality, w.birth_date::text as "birthDate",
      coalesce(w.passport_number, (select p.passport_number from work_permit p where p.worker_id = w.id and p.passport_number is not null
        order by p.created_at desc limit 1)) as "passportNumber",
      case
        when exists (select 1 from work_permit p where p.worker_id = w.id and p.deleted_at is null
          and p.kind in ('new', 'confirm') and p.status in (${sql.join([...OPEN_STATUSES])})
          ${check.exceptId ? sql`and p.id <> ${check.exceptId}` : sql``}) then 'openRequest'
        when exists (select 1 from work_permit p where p.worker_id = w.id and p.deleted_at is null
          and p.status = 'approved' and p.valid_to >= ${check.today}::date and ${same}) then 'alreadyValid'
      end as conflict
    from ${sql.table(WORKER_TABLE)} w
    where w.business_id = ${caller.employerId} and w.deleted_at is null and ${isForeignSql('w')}
      ${keyWord ? sql`and ${matchesKeyword([sql.ref('w.full_name'), sql`coalesce(w.passport_number, '')`], keyWord)}` : sql``}
    order by w.full_name limit ${take}`.execute(db);
  return r.rows;
}
