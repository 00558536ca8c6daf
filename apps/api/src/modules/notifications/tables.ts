import type { ColumnType } from 'kysely';
import type { DeliveryChannel, NotificationChannel } from '@portal/domain/notifications/kinds';
import type { Generated } from '../../db/columns.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type JsonParams = ColumnType<Record<string, string | number>, string | undefined, string>;

/** Notifications and preferences (migration 0015_notifications). */
export interface NotificationTables {
  /** One row per recipient; delivered_at is set once the hub (and mail) had it, after the writing transaction. */
  notification: {
    id: Generated<string>;
    user_id: string;
    kind: string;
    params: JsonParams;
    link: Nullable<string>;
    sender_id: Nullable<string>;
    channel: DeliveryChannel;
    created_at: Generated<Date>;
    view_date: Nullable<Date>;
    delivered_at: Nullable<Date>;
    digested_at: Nullable<Date>;
  };
  /** A user's choice per kind; absent → the kind's default. */
  notification_preference: {
    user_id: string;
    kind: string;
    channel: NotificationChannel;
    updated_at: Generated<Date>;
  };
  notification_setting: {
    user_id: string;
    language: Generated<string>;
  };
}
