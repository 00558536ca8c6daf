import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  normalizeCode,
  SUGGESTION_OFFICE_UNITS,
  SUGGESTION_PERMISSIONS,
  SUGGESTION_STATUSES,
  SUGGESTION_SUBJECT,
  suggestionLink,
  WAITING_STATUSES,
  type SuggestionStatus,
  type SuggestionTopic,
} from '@portal/domain/suggestions/index';
import type { SendBody, SuggestionDetail, SuggestionSummary } from '@portal/domain/suggestions/schemas';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { actorName } from '../../platform/access/actor-name.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listPage } from '../../platform/list/index.ts';
import { spendChallenge } from './challenge.ts';

/**
 * The suggestion box's rules. The back office is the department's (and administrators'): other units are refused
 * whatever their user type holds, since the senders' contacts are in it. Every change checks the version the
 * page read (409 otherwise) and is recorded in the access history.
 */

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const notFound = () => new AppError(404, 'NOT_FOUND');
const stale = () => new AppError(409, 'CONFLICT', { messageKey: 'suggestions:errors.stale' });
const wrongStatus = () => new AppError(409, 'SUGGESTION_STATUS', { messageKey: 'suggestions:errors.status' });

export function isDepartment(principal: Principal | null): boolean {
  return (
    !!principal &&
    (principal.role === 'admin' || (SUGGESTION_OFFICE_UNITS as readonly string[]).includes(principal.unit.kind))
  );
}

/** The back office admits the department only (the route's permission is checked before). */
export function departmentOnly(principal: Principal | null): Principal {
  if (!principal || !isDepartment(principal)) throw new AppError(403, 'FORBIDDEN');
  return principal;
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code of the right shape that was never given: the honeypot's answer looks like a real one. */
export const decoyCode = newCode;

/** Stores a suggestion sent with a valid, unspent challenge; tells the department. Returns its code. */
export async function sendSuggestion(app: FastifyInstance, request: FastifyRequest, body: SendBody): Promise<string> {
  const now = clock.now();
  const { id, code } = await app.db.transaction().execute(async (trx) => {
    await spendChallenge(trx, app.config.jwtSecret, now, body.token, body.nonce);
    // A clash of two random codes is rare; the unique index is the judge, a retry takes a new one.
    for (let attempt = 0; ; attempt++) {
      const candidate = newCode();
      const row = await trx
        .insertInto('suggestion')
        .values({
          code: candidate,
          topic: body.topic,
          sender_name: body.name,
          sender_contact: body.contact?.trim() || null,
          title: body.title,
          content: body.content,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning(['id', 'code'])
        .executeTakeFirst();
      if (row) {
        await app.notifier.notify(
          trx,
          { scopes: [{ kind: 'department', permission: SUGGESTION_PERMISSIONS.read }] },
          'suggestionReceived',
          { title: body.title, name: body.name },
          suggestionLink(row.id),
          { request },
        );
        return row;
      }
      if (attempt > 5) throw new Error('no free suggestion code');
    }
  });
  await recordAudit(app.db, request, { action: 'send', subject: SUGGESTION_SUBJECT, recordId: id });
  return code;
}

/**
 * The follow-up look-up: the status and, once the department has answered, the answer — published or not, since
 * whoever holds the code is the one who asked. Publication only decides what everyone else sees.
 */
export async function followSuggestion(db: Db, code: string) {
  const row = await db
    .selectFrom('suggestion')
    .select(['code', 'topic', 'title', 'published_title', 'status', 'created_at', 'answered_at', 'answer'])
    .where('code', '=', normalizeCode(code))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND', { messageKey: 'suggestions:errors.codeNotFound' });
  const published = row.status === 'published';
  // A closed suggestion keeps the answer it was given, if any.
  const answered = row.answer !== null && row.answered_at !== null;
  return {
    code: row.code,
    topic: row.topic,
    title: (published && row.published_title) || row.title,
    status: row.status,
    createdAt: iso(row.created_at)!,
    answeredAt: answered ? iso(row.answered_at) : null,
    answer: answered ? row.answer : null,
  };
}

export async function publishedList(
  db: Db,
  q: { pageNumber: number; pageSize: number; keyword?: string | undefined; topic?: SuggestionTopic | undefined },
) {
  let base = db.selectFrom('suggestion as s').where('s.status', '=', 'published').where('s.deleted_at', 'is', null);
  if (q.topic) base = base.where('s.topic', '=', q.topic);
  const keyword = q.keyword?.trim();
  if (keyword) {
    base = base.where(
      matchesKeyword(
        [sql`coalesce(s.published_title, s.title)`, sql`coalesce(s.published_content, s.content)`, sql.ref('s.answer')],
        keyword,
      ),
    );
  }
  return listPage(
    q,
    base
      .select(['s.id', 's.topic', 's.title', 's.published_title', 's.content', 's.published_content', 's.answer'])
      .select(['s.created_at', 's.published_at'])
      .orderBy('s.published_at', 'desc')
      .orderBy('s.id'),
    base,
    (r) => ({
      id: r.id,
      topic: r.topic,
      title: r.published_title ?? r.title,
      question: r.published_content ?? r.content,
      answer: r.answer ?? '',
      createdAt: iso(r.created_at)!,
      publishedAt: iso(r.published_at ?? r.created_at)!,
    }),
  );
}

const summaryColumns = [
  's.id',
  's.code',
  's.sender_name',
  's.topic',
  's.title',
  's.status',
  's.assigned_to',
  's.created_at',
  's.version',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('suggestion as s')
    .leftJoin('app_user as a', 'a.id', 's.assigned_to')
    .where('s.deleted_at', 'is', null);
}

type SummaryRow = {
  id: string;
  code: string;
  sender_name: string;
  topic: SuggestionTopic;
  title: string;
  status: SuggestionStatus;
  assigned_to: string | null;
  assigned_name: string | null;
  created_at: Date;
  version: number;
};

const summaryOf = (r: SummaryRow): SuggestionSummary => ({
  id: r.id,
  code: r.code,
  senderName: r.sender_name,
  topic: r.topic,
  title: r.title,
  status: r.status,
  assignedToId: r.assigned_to,
  assignedToName: r.assigned_name,
  createdAt: iso(r.created_at)!,
  version: r.version,
});

export async function listSuggestions(
  db: Db,
  q: {
    pageNumber: number;
    pageSize: number;
    keyword?: string | undefined;
    status?: SuggestionStatus | undefined;
    waiting?: 'true' | 'false' | undefined;
    topic?: SuggestionTopic | undefined;
  },
) {
  const filters: Expression<SqlBool>[] = [];
  if (q.topic) filters.push(sql<SqlBool>`s.topic = ${q.topic}`);
  const keyword = q.keyword?.trim();
  if (keyword) {
    filters.push(
      matchesKeyword([sql.ref('s.title'), sql.ref('s.content'), sql.ref('s.sender_name'), sql.ref('s.code')], keyword),
    );
  }
  const filtered = () => {
    let b = baseQuery(db);
    for (const f of filters) b = b.where(f);
    return b;
  };
  let page = filtered();
  if (q.status) page = page.where('s.status', '=', q.status);
  if (q.waiting === 'true') page = page.where('s.status', 'in', WAITING_STATUSES);
  const [list, counts] = await Promise.all([
    listPage(
      q,
      page
        .select([...summaryColumns, 'a.full_name as assigned_name'])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id'),
      page,
      (r) => summaryOf(r as SummaryRow),
    ),
    filtered()
      .select(['s.status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('s.status')
      .execute(),
  ]);
  const byStatus = Object.fromEntries(SUGGESTION_STATUSES.map((s) => [s, 0])) as Record<SuggestionStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { ...list, counts: byStatus };
}

/** Suggestions waiting for an answer (the workspace task). */
export async function countWaiting(db: Db): Promise<number> {
  const row = await db
    .selectFrom('suggestion')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', WAITING_STATUSES)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function suggestionDetail(db: Db, id: string): Promise<SuggestionDetail> {
  const r = await baseQuery(db)
    .select([...summaryColumns, 'a.full_name as assigned_name'])
    .select([
      's.sender_contact',
      's.content',
      's.published_title',
      's.published_content',
      's.answer',
      's.answered_at',
      's.answered_by_name',
      's.published_at',
      's.assigned_at',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  return {
    ...summaryOf(r as SummaryRow),
    senderContact: r.sender_contact,
    content: r.content,
    publishedTitle: r.published_title,
    publishedContent: r.published_content,
    answer: r.answer,
    answeredAt: iso(r.answered_at),
    answeredByName: r.answered_by_name,
    publishedAt: iso(r.published_at),
    assignedAt: iso(r.assigned_at),
  };
}

/** Officers a suggestion may be assigned to: active users of the department. */
export async function departmentOfficers(db: Db) {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('unit as un', 'un.id', 'u.unit_id')
    .select(['u.id', 'u.full_name', 'u.user_name'])
    .where('un.kind', '=', 'department')
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .orderBy('u.full_name')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name || r.user_name, userName: r.user_name }));
}

type Change = {
  status?: SuggestionStatus;
  assigned_to?: string | null;
  assigned_at?: Date | null;
  answer?: string;
  answered_at?: Date;
  answered_by?: string | null;
  answered_by_name?: ReturnType<typeof actorName>;
  published_title?: string | null;
  published_content?: string | null;
  published_at?: Date | null;
  closed_at?: Date | null;
};

/**
 * One change of one suggestion: locks it, checks the version and that `allowed` holds for its row, writes,
 * audits. Returns the row as it was.
 */
async function change(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { id: string; version: number },
  action: string,
  decide: (row: { status: SuggestionStatus; answer: string | null; title: string }) => Change,
  after?: (trx: Db, row: { id: string; title: string; code: string }) => Promise<void>,
): Promise<void> {
  const principal = departmentOnly(request.principal);
  await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('suggestion')
      .select(['id', 'status', 'answer', 'title', 'code', 'version'])
      .where('id', '=', body.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.version !== body.version) throw stale();
    const set = decide(row);
    await trx
      .updateTable('suggestion')
      .set({ ...set, version: row.version + 1, updated_at: new Date(), updated_by: principal.userId })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, request, {
      action,
      subject: SUGGESTION_SUBJECT,
      recordId: row.id,
      details: { from: row.status, to: set.status ?? row.status },
    });
    await after?.(trx, row);
  });
}

export async function assignSuggestion(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { id: string; version: number; userId: string },
): Promise<void> {
  const officer = (await departmentOfficers(app.db)).find((o) => o.id === body.userId);
  if (!officer)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'userId', message: 'not an officer of the department' }],
      messageKey: 'suggestions:errors.officer',
    });
  await change(
    app,
    request,
    body,
    'assign',
    (row) => {
      if (row.status === 'closed' || row.status === 'published') throw wrongStatus();
      return {
        assigned_to: officer.id,
        assigned_at: new Date(),
        ...(row.status === 'new' ? { status: 'assigned' as const } : {}),
      };
    },
    async (trx, row) => {
      await app.notifier.notify(
        trx,
        { users: [officer.id] },
        'suggestionAssigned',
        { title: row.title, code: row.code },
        suggestionLink(row.id),
        { request },
      );
    },
  );
}

export async function answerSuggestion(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { id: string; version: number; answer: string },
): Promise<void> {
  await change(app, request, body, 'answer', (row) => {
    if (row.status === 'closed') throw wrongStatus();
    return {
      answer: body.answer,
      answered_at: new Date(),
      answered_by: request.principal?.userId ?? null,
      answered_by_name: actorName(request.principal),
      // A published answer being corrected stays published.
      ...(row.status === 'published' ? {} : { status: 'answered' as const }),
    };
  });
}

export async function publishSuggestion(
  app: FastifyInstance,
  request: FastifyRequest,
  body: {
    id: string;
    version: number;
    publish: boolean;
    publishedTitle?: string | undefined;
    publishedContent?: string | undefined;
  },
): Promise<void> {
  await change(app, request, body, body.publish ? 'publish' : 'unpublish', (row) => {
    if (body.publish) {
      if (!row.answer || (row.status !== 'answered' && row.status !== 'published')) throw wrongStatus();
      return {
        status: 'published',
        published_at: new Date(),
        published_title: body.publishedTitle ?? null,
        published_content: body.publishedContent ?? null,
      };
    }
    if (row.status !== 'published') throw wrongStatus();
    return { status: 'answered', published_at: null };
  });
}

export async function closeSuggestion(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { id: string; version: number },
): Promise<void> {
  await change(app, request, body, 'close', (row) => {
    if (row.status === 'closed') throw wrongStatus();
    return { status: 'closed', closed_at: new Date(), published_at: null };
  });
}

export async function deleteSuggestions(app: FastifyInstance, request: FastifyRequest, ids: string[]): Promise<number> {
  const principal = departmentOnly(request.principal);
  return app.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('suggestion')
      .set({ deleted_at: new Date(), deleted_by: principal.userId })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    if (rows.length !== ids.length) throw notFound();
    for (const r of rows)
      await recordAudit(trx, request, { action: 'delete', subject: SUGGESTION_SUBJECT, recordId: r.id });
    return rows.length;
  });
}
