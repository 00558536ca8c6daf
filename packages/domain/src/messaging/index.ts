import { registerMenuItems } from '../menu.ts';
import type { MessageLabel } from '../message-label.ts';
import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';

export { MESSAGE_LABELS, isMessageLabel, type MessageLabel } from '../message-label.ts';

/**
 * Mail between the portal's users (spec §2 `/tin-nhan`, `/tin-nhan/hop-thu-di`, `/message/label/{label}`,
 * `apps-email?idMail=…`; §7 `Message/*`; §9 constants). Shared by the API (routes, limits) and the web pages.
 */
export const MESSAGE_SUBJECT = 'Message';

export const MESSAGE_PERMISSIONS = {
  read: `${MESSAGE_SUBJECT}.read`,
  create: `${MESSAGE_SUBJECT}.create`,
  delete: `${MESSAGE_SUBJECT}.delete`,
} as const satisfies Record<string, PermissionKey>;

/** The spec's calls, at its spelling (`/api/Message/…`); `{id}` is the caller's own mailbox entry. */
export const MESSAGE_API = {
  send: '/api/Message/send-email',
  inbox: '/api/Message/getInbox',
  inboxDetail: '/api/Message/inboxDetail/{id}',
  deleteInbox: '/api/Message/deleteInbox',
  countNew: '/api/Message/getCountNewInbox',
  sent: '/api/Message/getSent',
  sentDetail: '/api/Message/sentDetail/{id}',
  deleteSent: '/api/Message/deleteSent',
  accounts: '/api/Message/accounts',
  checkRead: '/api/Message/check-read',
  /** Beyond the spec's list: labels and attachments need calls of their own. */
  setLabel: '/api/Message/set-label',
  byLabel: '/api/Message/getByLabel',
  upload: '/api/Message/upload-file',
  /** The header's preview (spec §7 "Inbox: GET with pageNumber=1, pageSize=3"). */
  inboxPreview: '/api/Inbox',
} as const;

/** Web pages (Vietnamese slugs of spec §2). */
export const MESSAGE_PAGES = {
  inbox: '/tin-nhan',
  sent: '/tin-nhan/hop-thu-di',
  label: '/message/label/:label',
  /** One message: `apps-email?idMail={entry id}`. */
  mailbox: '/apps-email',
} as const;

export const labelPath = (label: MessageLabel): string => `/message/label/${label}`;

/** Spec §9: the new-mail pop-up hides after 60 s; the header previews 3 messages, 300 px wide. */
export const MAIL_POPUP_MS = 60_000;
export const INBOX_PREVIEW_SIZE = 3;
export const MAIL_PREVIEW_WIDTH = 300;
/** Without the real-time hub, the header looks for new mail at most this often (never faster than a minute). */
export const MAIL_POLL_MS = 120_000;
/** The hub's event for a new message (the notification hub carries it). */
export const NEW_MAIL_EVENT = 'NewMail';

export const MAX_RECIPIENTS = 50;
export const MAX_MESSAGE_FILES = 10;
export const SUBJECT_MAX = 250;
export const BODY_MAX = 20_000;
/** Kinds an attachment may be (decided by content on upload). */
export const MESSAGE_FILE_KINDS = ['image', 'pdf', 'spreadsheet', 'document', 'archive'] as const;
export const MESSAGE_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.odt,.ods,.zip';

// The send-email body's schema (and its type) is in ./schemas.ts: the shell loads this file at start, without a
// validation library.

export type MailBox = 'inbox' | 'sent';

export interface MailPerson {
  id: string;
  fullName: string;
  userName: string;
  unitName: string | null;
  avatar: string | null;
}

/** One row of the inbox, the sent box or a label (spec §3 "Inbox mail": inboxId, content, sentDate, fullName, avatar). */
export interface MailSummary {
  /** The caller's mailbox entry (what idMail, details and deletes take). */
  id: string;
  inboxId: string;
  box: MailBox;
  messageId: string;
  subject: string;
  /** The body's first characters. */
  content: string;
  sentDate: string;
  /** Inbox: the sender; sent box: the first recipient. */
  fullName: string;
  avatar: string | null;
  /** Sent box: everyone the message went to. */
  recipientCount: number;
  read: boolean;
  label: MessageLabel | null;
  fileCount: number;
}

export interface MailFile {
  id: string;
  name: string;
  size: number;
  mime: string;
}

export interface MailDetail extends Omit<MailSummary, 'content'> {
  body: string;
  sender: MailPerson;
  recipients: Array<MailPerson & { readDate: string | null }>;
  files: MailFile[];
  replyToId: string | null;
}

/** The new-mail push (and the pop-up's content). */
export interface NewMailPayload {
  id: string;
  subject: string;
  fullName: string;
  sentDate: string;
}

registerFeatures(
  FEATURE_GROUPS.messaging,
  subjectFeature(MESSAGE_SUBJECT, 'messaging:permissions.subject', ['read', 'create', 'delete'], {
    key: 'messaging.messages',
    order: 10,
    actionLabels: {
      read: 'messaging:permissions.read',
      create: 'messaging:permissions.create',
      delete: 'messaging:permissions.delete',
    },
  }),
);

// The mailbox's menu entries follow the Message permission (the catalogue listed them for every signed-in user).
registerMenuItems(
  'messages',
  { path: MESSAGE_PAGES.inbox, permission: MESSAGE_PERMISSIONS.read, order: 1 },
  { path: MESSAGE_PAGES.sent, permission: MESSAGE_PERMISSIONS.read, order: 2 },
);
