import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesKeyword } from '../../../db/search.ts';
import { listPage } from '../../../platform/list/index.ts';
import type { Selectable } from 'kysely';
import type { AccountTables } from '../tables.ts';
import { accountError } from '../errors.ts';
import { idParams, isDescending, pagingQuery } from '../schemas.ts';

/**
 * The system's outgoing mail as administrators see it: every mail with its status; the body of mails that
 * stayed in the outbox (no SMTP server configured) or are still waiting. Delivered mails keep only their
 * envelope, since their links are single-use secrets of the recipient.
 */
const mailStatus = z.enum(['pending', 'sent', 'failed', 'outbox']);

const mailRow = z.object({
  id: z.string(),
  createdAt: z.date(),
  toAddress: z.string(),
  subject: z.string(),
  purpose: z.string().nullable(),
  status: mailStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.date().nullable(),
});

const SORTS = { createdAt: 'created_at', toAddress: 'to_address', subject: 'subject', status: 'status' } as const;

/** A stored mail as the list and the detail show it. */
const MAIL_COLUMNS = [
  'id',
  'created_at',
  'to_address',
  'subject',
  'purpose',
  'status',
  'attempts',
  'last_error',
  'sent_at',
] as const;
const toMailRow = (r: Pick<Selectable<AccountTables['outbox_mail']>, (typeof MAIL_COLUMNS)[number]>) => ({
  id: r.id,
  createdAt: r.created_at,
  toAddress: r.to_address,
  subject: r.subject,
  purpose: r.purpose,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  sentAt: r.sent_at,
});

const mailOutbox: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/MailOutbox/get-paging',
    {
      config: { permission: 'MailOutbox.read' },
      schema: {
        tags: ['accounts'],
        summary: 'Outgoing mail, newest first (search by recipient or subject, filter by status)',
        querystring: pagingQuery.extend({
          status: mailStatus.optional(),
          sortBy: z.enum(['createdAt', 'toAddress', 'subject', 'status']).optional(),
        }),
        response: { 200: z.object({ pageLists: z.array(mailRow), totalRecord: z.number(), smtp: z.boolean() }) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('outbox_mail');
      if (q.keyWord) base = base.where(matchesKeyword(['to_address', 'subject'], q.keyWord));
      if (q.status) base = base.where('status', '=', q.status);
      const column = SORTS[q.sortBy ?? 'createdAt'];
      const desc = q.sortBy ? isDescending(q.sortOrder) : true;
      const page = await listPage(
        q,
        base
          .select(MAIL_COLUMNS)
          .orderBy(column, desc ? 'desc' : 'asc')
          .orderBy('id'),
        base,
        toMailRow,
      );
      return { ...page, smtp: app.mailer.smtp };
    },
  );

  app.get(
    '/api/MailOutbox/get-by-id/:id',
    {
      config: { permission: 'MailOutbox.read' },
      schema: {
        tags: ['accounts'],
        summary: 'One outgoing mail with its body (while it is kept)',
        params: idParams,
        response: { 200: mailRow.extend({ textBody: z.string().nullable(), htmlBody: z.string().nullable() }) },
      },
    },
    async (request) => {
      const r = await app.db
        .selectFrom('outbox_mail')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!r) throw accountError(404, 'MAIL_NOT_FOUND');
      return {
        ...toMailRow(r),
        textBody: r.text_body,
        htmlBody: r.html_body,
      };
    },
  );
};

export default mailOutbox;
