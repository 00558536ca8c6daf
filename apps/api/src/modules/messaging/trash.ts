import { sql } from 'kysely';
import { MESSAGE_SUBJECT } from '@portal/domain/messaging/index';
import type { TrashSource } from '../../catalog/trash-sources.ts';
import type { FileReadGrant } from '../files/index.ts';
import { mayReadAttachment } from './service.ts';

// A message deleted from a box waits in its owner's trash bin (nobody else's): restoring puts it back in that
// box, deleting for good removes only that owner's copy.
export const trashSources: TrashSource[] = [
  {
    area: MESSAGE_SUBJECT,
    subject: MESSAGE_SUBJECT,
    table: 'message_entry',
    titleKey: 'messaging:trash.area',
    title: sql`(select m.subject from message m where m.id = t.message_id)`,
    code: sql`(select s.full_name from message m join app_user s on s.id = m.sender_id where m.id = t.message_id)`,
    deletedBy: true,
    userColumn: 't.owner_id',
  },
];

// A message's files are secure: its sender and recipients download them through the generic download.
export const attachmentGrant: FileReadGrant = (db, principal, fileId) =>
  mayReadAttachment(db, principal.userId, fileId);
