import { type Kysely, sql } from 'kysely';
import { searchIndexSql } from '../search.ts';

// The news portal's articles (News): written in the back office, read by anyone once published. The topic is a
// row of the catalogue area NewsTopic, whose table the catalogue sync creates after the numbered migrations, so
// it is referred to without a foreign key (the service checks it). The body is sanitised HTML.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('news_article')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'uuid', (c) => c.references('stored_file.id').onDelete('set null'))
    .addColumn('topic_id', 'uuid')
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`state in ('draft', 'published', 'hidden')`),
    )
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'uuid')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid')
    .execute();
  // The public list: published articles, newest first (per topic too).
  await sql`create index news_article_published_idx on news_article (published_at desc, id)
    where state = 'published' and deleted_at is null`.execute(db);
  await sql`create index news_article_topic_idx on news_article (topic_id, published_at desc)
    where deleted_at is null`.execute(db);
  await sql`create index news_article_updated_idx on news_article (updated_at desc, id)
    where deleted_at is null`.execute(db);
  await searchIndexSql('news_article', 'title').execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
