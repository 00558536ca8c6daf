/** Mailbox labels (spec sections 2, 5 and 9): `/message/label/{label}` exists only for these. */
export const MESSAGE_LABELS = ['personal', 'company', 'important', 'private'] as const;
export type MessageLabel = (typeof MESSAGE_LABELS)[number];

export function isMessageLabel(value: unknown): value is MessageLabel {
  return typeof value === 'string' && (MESSAGE_LABELS as readonly string[]).includes(value);
}
