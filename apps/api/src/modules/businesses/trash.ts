import { sql } from 'kysely';
import type { TrashSource } from '../../catalog/trash-sources.ts';
import { DOCUMENT_SUBJECT } from './documents.ts';
import { OVERTIME_SUBJECT } from './overtime.ts';
import { VIOLATION_SUBJECT } from './violations.ts';

// The employers' deleted records wait in the trash bin, each seen by whoever may delete it, within its scope.
const employer = { businessColumn: 't.business_id' };
export const trashSources: TrashSource[] = [
  {
    area: DOCUMENT_SUBJECT,
    subject: DOCUMENT_SUBJECT,
    table: 'official_document',
    titleKey: 'catalog:trash.areas.OfficialDocument',
    title: sql`t.subject`,
    code: sql`t.number`,
    deletedBy: true,
    scope: employer,
  },
  {
    area: OVERTIME_SUBJECT,
    subject: OVERTIME_SUBJECT,
    table: 'overtime_notification',
    titleKey: 'catalog:trash.areas.OvertimeNotification',
    title: sql`(select b.name from business b where b.id = t.business_id) || ' — ' || t.year`,
    deletedBy: true,
    scope: employer,
  },
  {
    area: VIOLATION_SUBJECT,
    subject: VIOLATION_SUBJECT,
    table: 'violating_organization',
    titleKey: 'catalog:trash.areas.ViolatingOrganization',
    title: sql`t.organization_name`,
    code: sql`t.decision_number`,
    deletedBy: true,
    scope: employer,
  },
];
