import { sql } from 'kysely';
import type { TrashSource } from '../../catalog/trash-sources.ts';

// Deleted units wait in the trash bin (restore, or delete for good when nothing refers to them any more).
export const trashSources: TrashSource[] = [
  {
    area: 'Unit',
    subject: 'Unit',
    table: 'unit',
    titleKey: 'catalog:trash.areas.Unit',
    title: sql`t.name`,
    code: sql`t.code`,
    scope: { businessColumn: 't.business_id', localUnitColumn: 't.local_unit_code', unitColumn: 't.id' },
  },
];
