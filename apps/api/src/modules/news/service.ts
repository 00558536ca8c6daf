import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { fileImageUrl, NEWS_SUBJECT, type NewsState } from '@portal/domain/news/index';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { matchesKeyword } from '../../db/search.ts';
import type { Principal } from '../../platform/access/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, badRequest } from '../../platform/errors/app-error.ts';
import { listPage } from '../../platform/list/index.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

/** The topics' table (catalogue area NewsTopic, created by the catalogue sync). */
type TopicTable = {
  news_topic: { id: string; code: string; name: string; deleted_at: Date | null };
};
type NewsDb = Kysely<DB & TopicTable>;
const withTopics = (db: Db): NewsDb => db.withTables<TopicTable>();

export interface ArticleInput {
  title: string;
  summary: string;
  body: string;
  coverFileId?: string | null | undefined;
  topicId?: string | null | undefined;
  author: string;
  state: NewsState;
  featured: boolean;
}

export interface ArticleQuery {
  pageNumber: number;
  pageSize: number;
  keyWord?: string | undefined;
  topicId?: string | undefined;
  state?: NewsState | undefined;
  featured?: boolean | undefined;
  sortBy?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function baseQuery(db: Db) {
  return withTopics(db)
    .selectFrom('news_article as n')
    .leftJoin('news_topic as t', 't.id', 'n.topic_id')
    .where('n.deleted_at', 'is', null);
}

const summaryColumns = [
  'n.id',
  'n.title',
  'n.summary',
  'n.cover_file_id',
  'n.topic_id',
  't.name as topic_name',
  'n.author',
  'n.state',
  'n.featured',
  'n.published_at',
  'n.updated_at',
] as const;

type SummaryRow = {
  id: string;
  title: string;
  summary: string;
  cover_file_id: string | null;
  topic_id: string | null;
  topic_name: string | null;
  author: string;
  state: NewsState;
  featured: boolean;
  published_at: Date | null;
  updated_at: Date;
};

function toSummary(r: SummaryRow) {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    coverFileId: r.cover_file_id,
    coverUrl: r.cover_file_id ? fileImageUrl(r.cover_file_id) : null,
    topicId: r.topic_id,
    topicName: r.topic_name,
    author: r.author,
    state: r.state,
    featured: r.featured,
    publishedAt: iso(r.published_at),
    updatedAt: r.updated_at.toISOString(),
  };
}
export type ArticleSummary = ReturnType<typeof toSummary>;
export type Article = ArticleSummary & { body: string; createdAt: string };

const SORTS = {
  title: 'n.title',
  publishedAt: 'n.published_at',
  updatedAt: 'n.updated_at',
  state: 'n.state',
  topicName: 't.name',
} as const;

/** A page of articles: the back office sees every state, the public only published ones (newest first). */
export async function listArticles(
  db: Db,
  query: ArticleQuery,
  audience: 'office' | 'public',
): Promise<{ pageLists: ArticleSummary[]; totalRecord: number }> {
  let q = baseQuery(db);
  if (audience === 'public') q = q.where('n.state', '=', 'published');
  else if (query.state) q = q.where('n.state', '=', query.state);
  if (query.topicId) q = q.where('n.topic_id', '=', query.topicId);
  if (query.featured !== undefined) q = q.where('n.featured', '=', query.featured);
  if (query.keyWord?.trim()) {
    const keyWord = query.keyWord.trim();
    q = q.where(sql<SqlBool>`${matchesKeyword(['n.title', 'n.summary', 'n.author'], keyWord)}`);
  }
  const column = audience === 'public' ? 'n.published_at' : SORTS[query.sortBy as keyof typeof SORTS];
  const order = audience === 'public' ? 'desc' : (query.sortOrder ?? 'desc');
  return listPage(
    query,
    q
      .select([...summaryColumns])
      .orderBy(sql.ref(column ?? 'n.updated_at'), (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('n.id'),
    q,
    (r) => toSummary(r as SummaryRow),
  );
}

/** One article; the public sees a published one only (anything else is absent). */
export async function getArticle(db: Db, id: string, audience: 'office' | 'public'): Promise<Article> {
  let q = baseQuery(db).where('n.id', '=', id);
  if (audience === 'public') q = q.where('n.state', '=', 'published');
  const row = await q.select([...summaryColumns, 'n.body', 'n.created_at']).executeTakeFirst();
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return { ...toSummary(row as SummaryRow), body: row.body, createdAt: row.created_at.toISOString() };
}

/** Topics with how many published articles each has (the public list's tabs). */
export async function publicTopics(db: Db) {
  const rows = await withTopics(db)
    .selectFrom('news_topic as t')
    .leftJoin('news_article as n', (j) =>
      j.onRef('n.topic_id', '=', 't.id').on('n.state', '=', 'published').on('n.deleted_at', 'is', null),
    )
    .where('t.deleted_at', 'is', null)
    .groupBy(['t.id', 't.code', 't.name'])
    .select(['t.id', 't.code', 't.name', (eb) => eb.fn.count<string>('n.id').as('count')])
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, count: Number(r.count) }));
}

/** The topic is a live one and the cover one of the portal's public images: else a 400 naming the field. */
async function checkReferences(db: Db, input: ArticleInput): Promise<void> {
  if (input.topicId) {
    const topic = await withTopics(db)
      .selectFrom('news_topic')
      .select('id')
      .where('id', '=', input.topicId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!topic) throw badRequest([{ field: 'topicId', message: 'not found', code: 'NOT_FOUND' }]);
  }
  if (input.coverFileId) {
    const file = await db
      .selectFrom('stored_file')
      .select(['id', 'mime', 'is_secure'])
      .where('id', '=', input.coverFileId)
      .executeTakeFirst();
    if (!file || file.is_secure || !file.mime.startsWith('image/'))
      throw badRequest([{ field: 'coverFileId', message: 'not a public image', code: 'INVALID' }]);
  }
}

function columns(input: ArticleInput) {
  return {
    title: input.title,
    summary: input.summary,
    body: sanitizeArticleHtml(input.body),
    cover_file_id: input.coverFileId ?? null,
    topic_id: input.topicId ?? null,
    author: input.author,
    state: input.state,
    featured: input.featured,
  };
}

export async function createArticle(
  db: Db,
  request: FastifyRequest | null,
  principal: Principal | null,
  input: ArticleInput,
): Promise<string> {
  await checkReferences(db, input);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('news_article')
      .values({
        ...columns(input),
        published_at: input.state === 'published' ? sql<Date>`now()` : null,
        created_by: principal?.userId ?? null,
        updated_by: principal?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (request) await recordAudit(trx, request, { action: 'create', subject: NEWS_SUBJECT, recordId: row.id });
    return row.id;
  });
}

export async function updateArticle(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  id: string,
  input: ArticleInput,
): Promise<void> {
  await checkReferences(db, input);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('news_article')
      .set({
        ...columns(input),
        // The publication date is the first one: hiding and showing an article again keeps it.
        published_at: input.state === 'published' ? sql<Date>`coalesce(published_at, now())` : sql<Date>`published_at`,
        updated_at: sql<Date>`now()`,
        updated_by: principal.userId,
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new AppError(404, 'NOT_FOUND');
    await recordAudit(trx, request, { action: 'update', subject: NEWS_SUBJECT, recordId: id });
  });
}

export async function deleteArticles(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  ids: string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('news_article')
      .set({ deleted_at: sql<Date>`now()`, deleted_by: principal.userId })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    for (const r of rows) await recordAudit(trx, request, { action: 'delete', subject: NEWS_SUBJECT, recordId: r.id });
    return rows.length;
  });
}

/** The latest published articles (feed, sitemap). */
export async function latestPublished(db: Db, limit: number) {
  const rows = await baseQuery(db)
    .where('n.state', '=', 'published')
    .select([...summaryColumns, 'n.body'])
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toSummary(r as SummaryRow), body: r.body }));
}

/** Ids and change dates of published articles, newest first (the sitemap). */
export async function publishedEntries(db: Db, limit: number) {
  const rows = await db
    .selectFrom('news_article')
    .select(['id', 'updated_at'])
    .where('state', '=', 'published')
    .where('deleted_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at.toISOString() }));
}
