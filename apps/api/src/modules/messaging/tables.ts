import type { ColumnType } from 'kysely';
import type { MessageLabel } from '@portal/domain/message-label';
import type { Generated } from '../../db/columns.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Mail between users (migration 0016_messaging). */
export interface MessagingTables {
  message: {
    id: Generated<string>;
    sender_id: string;
    subject: string;
    /** Plain text, shown as written. */
    body: string;
    reply_to_id: Nullable<string>;
    sent_at: Generated<Date>;
  };
  /** One per owner: the sender's copy (box 'sent') and one per recipient (box 'inbox'). */
  message_entry: {
    id: Generated<string>;
    message_id: string;
    owner_id: string;
    box: 'inbox' | 'sent';
    label: Nullable<MessageLabel>;
    read_at: Nullable<Date>;
    created_at: Generated<Date>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
  message_file: {
    message_id: string;
    file_id: string;
    position: Generated<number>;
  };
}
