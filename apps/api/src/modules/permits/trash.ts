import { sql } from 'kysely';
import { PERMIT_SUBJECT } from '@portal/domain/permits/features';
import type { TrashSource } from '../../catalog/trash-sources.ts';

// Withdrawn requests (drafts or returned ones) wait in the trash bin for the employer that filed them.
export const trashSources: TrashSource[] = [
  {
    area: PERMIT_SUBJECT,
    subject: PERMIT_SUBJECT,
    table: 'work_permit',
    titleKey: 'catalog:trash.areas.WorkerLicense',
    title: sql`(select w.full_name from worker w where w.id = t.worker_id)`,
    code: sql`t.number`,
    deletedBy: true,
    scope: { businessColumn: 't.business_id' },
  },
];
