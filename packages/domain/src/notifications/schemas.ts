import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from './kinds.ts';

export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  createdDate: z.string(),
  viewDate: z.string().nullable(),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPreference = z.object({
  kind: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  statutory: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;
