import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { matchesKeyword } from '../../../db/search.ts';
import { listPage } from '../../../platform/list/index.ts';
import { userScope } from '../account-helpers.ts';
import { isDescending, pagingQuery, uuid } from '../schemas.ts';
import { pageOf } from '@portal/domain/paging';
import { subjectLabelKey } from '@portal/domain/permissions';

/**
 * Access history (/nguoi-dung/lich-su-truy-cap/danh-sach): every sign-in, sign-out, failed sign-in and data
 * change with time, user, address and browser. The department sees everything; other units the history of
 * their own users (failed sign-ins under unknown names are only the department's to see).
 */
const entry = z.object({
  id: z.number(),
  at: z.date(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  fullName: z.string().nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  /** i18n key naming the subject as the permission tree does; null when the subject has no node there. */
  subjectLabelKey: z.string().nullable(),
  recordId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.unknown(),
});

const SORTS = { at: 'a.at', userName: 'a.user_name', action: 'a.action', ip: 'a.ip' } as const;

const accessHistory: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/AccessHistory/get-paging',
    {
      config: { permission: 'AccessHistory.read' },
      schema: {
        tags: ['access history'],
        summary: 'Access history, newest first (search by user, name or address; filter by action, user, period)',
        querystring: pagingQuery.extend({
          action: z.string().trim().max(50).optional(),
          subject: z.string().trim().max(50).optional(),
          userId: uuid.optional(),
          fromDate: z.iso.date().optional(),
          toDate: z.iso.date().optional(),
          sortBy: z.enum(['at', 'userName', 'action', 'ip']).optional(),
        }),
        response: { 200: pageOf(entry) },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('audit_log as a').leftJoin('app_user as u', 'u.id', 'a.user_id');
      const scope = userScope(request.principal);
      if (scope) base = base.where('a.user_id', 'is not', null).where(scope);
      if (q.keyWord) base = base.where(matchesKeyword(['a.user_name', 'u.full_name', 'a.ip'], q.keyWord));
      if (q.action) base = base.where('a.action', '=', q.action);
      if (q.subject) base = base.where('a.subject', '=', q.subject);
      if (q.userId) base = base.where('a.user_id', '=', q.userId);
      // Calendar days in Vietnam's time zone, inclusive.
      if (q.fromDate)
        base = base.where('a.at', '>=', sql<Date>`(${q.fromDate}::date)::timestamp at time zone 'Asia/Ho_Chi_Minh'`);
      if (q.toDate)
        base = base.where('a.at', '<', sql<Date>`(${q.toDate}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'`);
      const desc = q.sortBy ? isDescending(q.sortOrder) : true;
      return listPage(
        q,
        base
          .select([
            'a.id',
            'a.at',
            'a.user_id',
            'a.user_name',
            'u.full_name',
            'a.action',
            'a.subject',
            'a.record_id',
            'a.ip',
            'a.user_agent',
            'a.details',
          ])
          .orderBy(sql.ref(SORTS[q.sortBy ?? 'at']), (ob) => (desc ? ob.desc() : ob.asc()).nullsLast())
          .orderBy('a.id', 'desc'),
        base,
        (r) => ({
          id: r.id,
          at: r.at,
          userId: r.user_id,
          userName: r.user_name,
          fullName: r.full_name,
          action: r.action,
          subject: r.subject,
          subjectLabelKey: r.subject ? (subjectLabelKey(r.subject) ?? null) : null,
          recordId: r.record_id,
          ip: r.ip,
          userAgent: r.user_agent,
          details: r.details ?? null,
        }),
      );
    },
  );
};

export default accessHistory;
