import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import {
  MESSAGE_SUBJECT,
  type MailBox,
  type MailDetail,
  type MailPerson,
  type MailSummary,
  type MessageLabel,
  type NewMailPayload,
} from '@portal/domain/messaging/index';
import type { Executor } from '../../catalog/context.ts';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import type { Principal } from '../../platform/access/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { mayWriteTo } from './recipients.ts';

/** The mailbox: every read and write is the caller's own entries; a foreign or deleted entry looks absent. */

export function messageError(statusCode: number, code: string, field?: string): AppError {
  return new AppError(statusCode, code, {
    messageKey: `messaging:errors.${code}`,
    details: field ? [{ field, code, message: code }] : [],
  });
}

const avatarUrl = (fileId: string | null) => (fileId ? `/api/Files/${fileId}` : null);
const PREVIEW_CHARS = 160;

export interface ListQuery {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  label?: MessageLabel | undefined;
  unread?: boolean | undefined;
}

interface SummaryRow {
  id: string;
  box: MailBox;
  message_id: string;
  subject: string;
  content: string;
  sent_at: Date;
  read_at: Date | null;
  label: MessageLabel | null;
  full_name: string | null;
  avatar_file_id: string | null;
  recipient_count: number | string;
  file_count: number | string;
}

const toSummary = (r: SummaryRow): MailSummary => ({
  id: r.id,
  inboxId: r.id,
  box: r.box,
  messageId: r.message_id,
  subject: r.subject,
  content: r.content,
  sentDate: r.sent_at.toISOString(),
  fullName: r.full_name ?? '',
  avatar: avatarUrl(r.avatar_file_id),
  recipientCount: Number(r.recipient_count),
  read: r.read_at !== null,
  label: r.label,
  fileCount: Number(r.file_count),
});

/**
 * One box of the caller (or every box, for a label), newest first. Keyword: subject, text and the people on the
 * other side, without accents.
 */
export async function listEntries(
  db: Db,
  principal: Principal,
  box: MailBox | 'any',
  query: ListQuery,
): Promise<{ pageLists: MailSummary[]; totalRecord: number }> {
  const conditions = [
    sql<SqlBool>`e.owner_id = ${principal.userId}::uuid and e.deleted_at is null`,
    box === 'any' ? sql<SqlBool>`true` : sql<SqlBool>`e.box = ${box}`,
  ];
  if (query.label) conditions.push(sql<SqlBool>`e.label = ${query.label}`);
  if (query.unread) conditions.push(sql<SqlBool>`e.box = 'inbox' and e.read_at is null`);
  if (query.keyWord) {
    conditions.push(sql<SqlBool>`(${matchesKeyword(['m.subject', 'm.body', 's.full_name'], query.keyWord)}
      or exists (select 1 from message_entry r join app_user ru on ru.id = r.owner_id
        where r.message_id = m.id and r.box = 'inbox' and ${matchesKeyword(['ru.full_name'], query.keyWord)}))`);
  }
  const from = sql`message_entry e join message m on m.id = e.message_id join app_user s on s.id = m.sender_id`;
  const page = await sqlPage<SummaryRow>(db, query, {
    select: sql`e.id, e.box, e.message_id, m.subject, left(m.body, ${PREVIEW_CHARS}) as content, m.sent_at,
        e.read_at, e.label, first.full_name, first.avatar_file_id,
        (select count(*) from message_entry r where r.message_id = m.id and r.box = 'inbox') as recipient_count,
        (select count(*) from message_file f where f.message_id = m.id) as file_count`,
    from: sql`${from}
      cross join lateral (
        select s.full_name, s.avatar_file_id where e.box = 'inbox'
        union all
        select * from (select ru.full_name, ru.avatar_file_id from message_entry r join app_user ru on ru.id = r.owner_id
          where e.box = 'sent' and r.message_id = m.id and r.box = 'inbox' order by ru.full_name limit 1) firstRecipient
      ) first`,
    countFrom: from,
    where: conditions,
    order: sql`m.sent_at desc, e.id desc`,
  });
  return { pageLists: page.rows.map(toSummary), totalRecord: page.total };
}

/** Unread messages in the caller's inbox (the header's badge). */
export async function countNew(db: Db, principal: Principal): Promise<number> {
  const row = await db
    .selectFrom('message_entry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', principal.userId)
    .where('box', '=', 'inbox')
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function person(db: Executor, userId: string): Promise<MailPerson> {
  const u = await db
    .selectFrom('app_user as u')
    .leftJoin('unit as un', 'un.id', 'u.unit_id')
    .select(['u.id', 'u.full_name', 'u.user_name', 'u.avatar_file_id', 'un.name as unit_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    fullName: u.full_name,
    userName: u.user_name,
    unitName: u.unit_name,
    avatar: avatarUrl(u.avatar_file_id),
  };
}

/**
 * One message of the caller's box; opening an unread inbox entry marks it read. The sender sees when each
 * recipient read it; recipients do not see each other's reading.
 */
export async function openEntry(db: Db, principal: Principal, box: MailBox, id: string): Promise<MailDetail> {
  const entry = await db
    .selectFrom('message_entry as e')
    .innerJoin('message as m', 'm.id', 'e.message_id')
    .select(['e.id', 'e.box', 'e.label', 'e.read_at', 'm.id as message_id', 'm.subject', 'm.body', 'm.sent_at'])
    .select(['m.sender_id', 'm.reply_to_id'])
    .where('e.id', '=', id)
    .where('e.owner_id', '=', principal.userId)
    .where('e.box', '=', box)
    .where('e.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!entry) throw new AppError(404, 'NOT_FOUND');
  let readAt = entry.read_at;
  if (box === 'inbox' && !readAt) {
    readAt = new Date();
    await db.updateTable('message_entry').set({ read_at: readAt }).where('id', '=', entry.id).execute();
  }
  const [sender, recipientRows, files] = await Promise.all([
    person(db, entry.sender_id),
    db
      .selectFrom('message_entry as r')
      .innerJoin('app_user as u', 'u.id', 'r.owner_id')
      .leftJoin('unit as un', 'un.id', 'u.unit_id')
      .select(['u.id', 'u.full_name', 'u.user_name', 'u.avatar_file_id', 'un.name as unit_name', 'r.read_at'])
      .where('r.message_id', '=', entry.message_id)
      .where('r.box', '=', 'inbox')
      .orderBy('u.full_name')
      .execute(),
    db
      .selectFrom('message_file as mf')
      .innerJoin('stored_file as f', 'f.id', 'mf.file_id')
      .select(['f.id', 'f.original_name', 'f.size', 'f.mime'])
      .where('mf.message_id', '=', entry.message_id)
      .orderBy('mf.position')
      .execute(),
  ]);
  const isSender = entry.sender_id === principal.userId;
  const recipients = recipientRows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    userName: r.user_name,
    unitName: r.unit_name,
    avatar: avatarUrl(r.avatar_file_id),
    readDate: isSender && r.read_at ? r.read_at.toISOString() : null,
  }));
  const counterpart = box === 'inbox' ? sender : recipients[0];
  return {
    id: entry.id,
    inboxId: entry.id,
    box: entry.box,
    messageId: entry.message_id,
    subject: entry.subject,
    body: entry.body,
    sentDate: entry.sent_at.toISOString(),
    fullName: counterpart?.fullName ?? '',
    avatar: counterpart?.avatar ?? null,
    recipientCount: recipients.length,
    read: readAt !== null,
    label: entry.label,
    fileCount: files.length,
    sender,
    recipients,
    files: files.map((f) => ({ id: f.id, name: f.original_name, size: Number(f.size), mime: f.mime })),
    replyToId: entry.reply_to_id,
  };
}

/** The caller's own live entries among `ids` (of one box, when given); any other id makes the whole call 404. */
async function ownEntries(db: Executor, principal: Principal, ids: string[], box?: MailBox): Promise<string[]> {
  let q = db
    .selectFrom('message_entry')
    .select('id')
    .where('id', 'in', ids)
    .where('owner_id', '=', principal.userId)
    .where('deleted_at', 'is', null);
  if (box) q = q.where('box', '=', box);
  const found = await q.execute();
  if (found.length !== ids.length) throw new AppError(404, 'NOT_FOUND');
  return found.map((r) => r.id);
}

/** Delete from one box: the caller's entries go to the trash bin; the other owners' copies stay as they are. */
export async function deleteEntries(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  box: MailBox,
  ids: string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await ownEntries(trx, principal, ids, box);
    await trx
      .updateTable('message_entry')
      .set({ deleted_at: new Date(), deleted_by: principal.userId })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids)
      await recordAudit(trx, request, { action: 'delete', subject: MESSAGE_SUBJECT, recordId: id, details: { box } });
    return ids.length;
  });
}

/** check-read: mark inbox entries read (or unread again). */
export async function markRead(db: Db, principal: Principal, ids: string[], read: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await ownEntries(trx, principal, ids, 'inbox');
    const done = await trx
      .updateTable('message_entry')
      .set({ read_at: read ? new Date() : null })
      .where('id', 'in', ids)
      .where(read ? sql<SqlBool>`read_at is null` : sql<SqlBool>`read_at is not null`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  });
}

/** Put the caller's entries (either box) under a label, or take them out of any (null). */
export async function setLabel(
  db: Db,
  principal: Principal,
  ids: string[],
  label: MessageLabel | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await ownEntries(trx, principal, ids);
    await trx.updateTable('message_entry').set({ label }).where('id', 'in', ids).execute();
    return ids.length;
  });
}

/** Users the caller may write to, by name, user name or unit (the compose form's picker). */
export async function allowedRecipients(
  db: Db,
  principal: Principal,
  query: { keyWord?: string | undefined; pageNumber: number; pageSize: number; ids?: string[] | undefined },
): Promise<{ pageLists: MailPerson[]; totalRecord: number }> {
  const conditions = [mayWriteTo(principal)];
  if (query.keyWord) conditions.push(matchesKeyword(['u.full_name', 'u.user_name', 'un.name'], query.keyWord));
  if (query.ids?.length) conditions.push(sql<SqlBool>`u.id in (${sql.join(query.ids.map((id) => sql`${id}::uuid`))})`);
  const page = await sqlPage<{
    id: string;
    full_name: string;
    user_name: string;
    unit_name: string | null;
    avatar_file_id: string | null;
  }>(db, query, {
    select: sql`u.id, u.full_name, u.user_name, un.name as unit_name, u.avatar_file_id`,
    from: sql`app_user u join unit un on un.id = u.unit_id`,
    where: conditions,
    order: sql`(un.kind = 'department') desc, u.full_name, u.id`,
  });
  return {
    pageLists: page.rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      userName: r.user_name,
      unitName: r.unit_name,
      avatar: avatarUrl(r.avatar_file_id),
    })),
    totalRecord: page.total,
  };
}

export interface SendInput {
  recipientIds: string[];
  subject: string;
  body: string;
  fileIds: string[];
  replyToId?: string | undefined;
  label?: MessageLabel | undefined;
}

/**
 * Send a message: every recipient must be one the sender may write to (forged ids are refused whole, 403), every
 * attachment a file the sender uploaded (it becomes secure: only the sender and the recipients download it).
 * One transaction: the message, the sender's copy, one inbox entry per recipient, the attachments.
 */
export async function sendMessage(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  input: SendInput,
): Promise<{ id: string; messageId: string; recipients: string[]; push: NewMailPayload[] }> {
  const recipientIds = [...new Set(input.recipientIds)];
  const fileIds = [...new Set(input.fileIds)];
  const allowed = await db
    .selectFrom('app_user as u')
    .innerJoin('unit as un', 'un.id', 'u.unit_id')
    .select('u.id')
    .where('u.id', 'in', recipientIds)
    .where(mayWriteTo(principal))
    .execute();
  if (allowed.length !== recipientIds.length) throw messageError(403, 'RECIPIENT_NOT_ALLOWED', 'recipientIds');
  if (fileIds.length) {
    const own = await db
      .selectFrom('stored_file')
      .select('id')
      .where('id', 'in', fileIds)
      .where('uploaded_by', '=', principal.userId)
      .execute();
    if (own.length !== fileIds.length) throw messageError(400, 'FILE_NOT_OWN', 'fileIds');
  }
  let replyTo: string | null = null;
  if (input.replyToId) {
    const original = await db
      .selectFrom('message_entry')
      .select('message_id')
      .where('id', '=', input.replyToId)
      .where('owner_id', '=', principal.userId)
      .executeTakeFirst();
    if (!original) throw messageError(400, 'REPLY_NOT_FOUND', 'replyToId');
    replyTo = original.message_id;
  }
  const sentAt = new Date();
  const result = await db.transaction().execute(async (trx) => {
    const message = await trx
      .insertInto('message')
      .values({
        sender_id: principal.userId,
        subject: input.subject,
        body: input.body,
        reply_to_id: replyTo,
        sent_at: sentAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await trx
      .insertInto('message_entry')
      .values({
        message_id: message.id,
        owner_id: principal.userId,
        box: 'sent',
        label: input.label ?? null,
        read_at: sentAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inbox = await trx
      .insertInto('message_entry')
      .values(recipientIds.map((owner) => ({ message_id: message.id, owner_id: owner, box: 'inbox' as const })))
      .returning(['id', 'owner_id'])
      .execute();
    if (fileIds.length) {
      await trx
        .insertInto('message_file')
        .values(fileIds.map((file_id, position) => ({ message_id: message.id, file_id, position })))
        .execute();
      // Whatever the upload form said: a message's files are never public.
      await trx.updateTable('stored_file').set({ is_secure: true }).where('id', 'in', fileIds).execute();
    }
    await recordAudit(trx, request, {
      action: 'create',
      subject: MESSAGE_SUBJECT,
      recordId: message.id,
      details: { recipients: recipientIds.length, files: fileIds.length },
    });
    return { id: own.id, messageId: message.id, inbox };
  });
  const sender = await person(db, principal.userId);
  return {
    id: result.id,
    messageId: result.messageId,
    recipients: result.inbox.map((e) => e.owner_id),
    push: result.inbox.map((e) => ({
      id: e.id,
      subject: input.subject,
      fullName: sender.fullName,
      sentDate: sentAt.toISOString(),
    })),
  };
}

/**
 * May this user download this file as the sender or a recipient of a message it is attached to? Their copy may
 * be in the trash bin (it can come back); once they purge it, the file is no longer theirs to read.
 */
export async function mayReadAttachment(db: Executor, userId: string, fileId: string): Promise<boolean> {
  const found = await sql<{ ok: number }>`select 1 as ok from message_file mf join message m on m.id = mf.message_id
    where mf.file_id = ${fileId}::uuid and exists (
      select 1 from message_entry e where e.message_id = m.id and e.owner_id = ${userId}::uuid)
    limit 1`.execute(db);
  return found.rows.length > 0;
}
