import { z } from 'zod';
import { MESSAGE_LABELS } from '../message-label.ts';
import { BODY_MAX, MAX_MESSAGE_FILES, MAX_RECIPIENTS, SUBJECT_MAX } from './index.ts';

/** send-email body. The body is plain text: shown as written, never as markup. */
export const sendMessageInput = z.object({
  recipientIds: z.array(z.uuid()).min(1).max(MAX_RECIPIENTS),
  subject: z.string().trim().min(1).max(SUBJECT_MAX),
  body: z.string().trim().min(1).max(BODY_MAX),
  fileIds: z.array(z.uuid()).max(MAX_MESSAGE_FILES).default([]),
  /** The message this one answers (an entry of the sender's mailbox), if any. */
  replyToId: z.uuid().optional(),
  /** The sender's own label for their copy. */
  label: z.enum(MESSAGE_LABELS).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageInput>;
