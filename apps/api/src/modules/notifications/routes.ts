import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationItem, notificationPreference } from '@portal/domain/notifications/schemas';
import { z } from 'zod';
import { sql } from 'kysely';
import {
  isNotificationKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFY_STATUSES,
} from '@portal/domain/notifications/kinds';
import type { NotificationPreference } from '@portal/domain/notifications/schemas';
import { translate } from '@portal/domain/i18n';
import { AppError } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { listPage } from '../../platform/list/index.ts';
import { errorResponsesFor, idParams, idsBody } from '../../platform/http/route-schemas.ts';
import { avatarUrl } from '../accounts/index.ts';
import { contentOf } from './service.ts';
import { pageOf } from '@portal/domain/paging';

const tags = ['Notification'];
const config = { permission: 'authenticated' as const };
const errors = errorResponsesFor(400, 401, 404);
const statusQuery = z.object({
  notifyStatus: z.coerce
    .number()
    .int()
    .refine((v) => (Object.values(NOTIFY_STATUSES) as number[]).includes(v))
    .default(NOTIFY_STATUSES.all),
});
const countBody = z.object({ count: z.number() });

/**
 * A user's own notifications, `/api/Notification/...` (spec §7; the catalogue leaves names and methods unsaid,
 * so they follow design §4): every call reads and touches only the caller's rows, whatever ids it sends.
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = (userId: string, status: number) => {
    let q = app.db.selectFrom('notification as n').where('n.user_id', '=', userId);
    if (status === NOTIFY_STATUSES.unread) q = q.where('n.view_date', 'is', null);
    if (status === NOTIFY_STATUSES.read) q = q.where('n.view_date', 'is not', null);
    return q;
  };
  const countOf = async (userId: string, status: number) =>
    Number(
      (
        await own(userId, status)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  app.get(
    '/api/Notification/notifications',
    {
      config,
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: statusQuery.extend({
          pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: pageOf(notificationItem), ...errors },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const { notifyStatus, pageNumber, pageSize } = request.query;
      const lang = languageOf(request);
      return listPage(
        { pageNumber, pageSize },
        own(userId, notifyStatus)
          .leftJoin('app_user as s', 's.id', 'n.sender_id')
          .select([
            'n.id',
            'n.kind',
            'n.params',
            'n.link',
            'n.created_at',
            'n.view_date',
            's.full_name',
            's.avatar_file_id',
          ])
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc'),
        own(userId, notifyStatus),
        (r) => ({
          id: r.id,
          kind: r.kind,
          content: contentOf(lang, r.kind, r.params),
          link: r.link,
          createdDate: r.created_at.toISOString(),
          viewDate: r.view_date?.toISOString() ?? null,
          fullName: r.full_name ?? translate(lang, 'notifications:system'),
          avatar: avatarUrl(r.avatar_file_id ?? null),
        }),
      );
    },
  );

  app.get(
    '/api/Notification/count',
    {
      config,
      schema: {
        tags,
        summary: "How many of the caller's notifications (by notifyStatus)",
        querystring: statusQuery,
        response: { 200: countBody, ...errors },
      },
    },
    async (request) => ({ count: await countOf(request.principal!.userId, request.query.notifyStatus) }),
  );

  app.get(
    '/api/Notification/unread-count',
    {
      config,
      schema: { tags, summary: 'Unread notifications (the bell badge)', response: { 200: countBody, ...errors } },
    },
    async (request) => ({ count: await countOf(request.principal!.userId, NOTIFY_STATUSES.unread) }),
  );

  app.get(
    '/api/Notification/seen/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one notification seen (clicked)',
        params: idParams,
        response: { 200: z.object({ id: z.string(), viewDate: z.string() }), ...errors },
      },
    },
    async (request) => {
      const row = await app.db
        .updateTable('notification')
        .set({ view_date: sql<Date>`coalesce(view_date, now())` })
        .where('id', '=', request.params.id)
        .where('user_id', '=', request.principal!.userId)
        .returning(['id', 'view_date'])
        .executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return { id: row.id, viewDate: row.view_date!.toISOString() };
    },
  );

  app.post(
    '/api/Notification/read-all',
    {
      config,
      schema: { tags, summary: "Mark all the caller's notifications read", response: { 200: countBody, ...errors } },
    },
    async (request) => {
      const r = await app.db
        .updateTable('notification')
        .set({ view_date: sql<Date>`now()` })
        .where('user_id', '=', request.principal!.userId)
        .where('view_date', 'is', null)
        .executeTakeFirst();
      return { count: Number(r.numUpdatedRows) };
    },
  );

  app.post(
    '/api/Notification/check-read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark several notifications read (body: ids)',
        body: idsBody(1000),
        response: { 200: countBody, ...errors },
      },
    },
    async (request) => {
      const r = await app.db
        .updateTable('notification')
        .set({ view_date: sql<Date>`now()` })
        .where('user_id', '=', request.principal!.userId)
        .where('id', 'in', request.body)
        .where('view_date', 'is', null)
        .executeTakeFirst();
      return { count: Number(r.numUpdatedRows) };
    },
  );

  app.post(
    '/api/Notification/delete-notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Delete several notifications (body: ids)',
        body: idsBody(1000),
        response: { 200: countBody, ...errors },
      },
    },
    async (request) => {
      const r = await app.db
        .deleteFrom('notification')
        .where('user_id', '=', request.principal!.userId)
        .where('id', 'in', request.body)
        .executeTakeFirst();
      return { count: Number(r.numDeletedRows) };
    },
  );

  const preferencesOf = async (userId: string): Promise<NotificationPreference[]> => {
    const chosen = new Map(
      (
        await app.db
          .selectFrom('notification_preference')
          .select(['kind', 'channel'])
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => [r.kind, r.channel]),
    );
    return NOTIFICATION_KIND_NAMES.map((kind) => {
      const declared = NOTIFICATION_KINDS[kind];
      return { kind, channel: chosen.get(kind) ?? declared.defaultChannel, statutory: declared.statutory };
    });
  };
  const preferencesBody = z.object({
    preferences: z
      .array(z.object({ kind: z.string().max(100), channel: z.enum(NOTIFICATION_CHANNELS) }))
      .min(1)
      .max(200),
  });

  app.get(
    '/api/Notification/preferences',
    {
      config,
      schema: {
        tags,
        summary: 'How the caller receives each kind (statutory kinds cannot be off)',
        response: { 200: z.array(notificationPreference), ...errors },
      },
    },
    async (request) => preferencesOf(request.principal!.userId),
  );

  app.put(
    '/api/Notification/preferences',
    {
      config,
      schema: {
        tags,
        summary: 'Choose how to receive kinds; mails are then written in the language of this call',
        body: preferencesBody,
        response: { 200: z.array(notificationPreference), ...errors },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const details = request.body.preferences.flatMap((p, i) => {
        if (!isNotificationKind(p.kind))
          return [{ field: `preferences.${i}.kind`, code: 'UNKNOWN_KIND', message: p.kind }];
        if (p.channel === 'off' && NOTIFICATION_KINDS[p.kind].statutory)
          return [{ field: `preferences.${i}.channel`, code: 'STATUTORY_KIND', message: p.kind }];
        return [];
      });
      if (details.length) {
        const first = details[0]!;
        const lang = languageOf(request);
        const kindLabel = translate(lang, `notifications:kinds.${first.message}.label`);
        throw new AppError(400, first.code, {
          messageKey: `notifications:errors.${first.code}`,
          vars: { kind: first.code === 'UNKNOWN_KIND' ? first.message : kindLabel },
          details: details.map((d) => ({
            ...d,
            message: translate(lang, `notifications:errors.${d.code}`, {
              kind: d.code === 'UNKNOWN_KIND' ? d.message : translate(lang, `notifications:kinds.${d.message}.label`),
            }),
          })),
        });
      }
      await app.db.transaction().execute(async (trx) => {
        for (const p of request.body.preferences) {
          await trx
            .insertInto('notification_preference')
            .values({ user_id: userId, kind: p.kind, channel: p.channel })
            .onConflict((oc) =>
              oc.columns(['user_id', 'kind']).doUpdateSet({ channel: p.channel, updated_at: sql`now()` }),
            )
            .execute();
        }
        await trx
          .insertInto('notification_setting')
          .values({ user_id: userId, language: languageOf(request) })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ language: languageOf(request) }))
          .execute();
      });
      return preferencesOf(userId);
    },
  );
};

export default notificationRoutes;
