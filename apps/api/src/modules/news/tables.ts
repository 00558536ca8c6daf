import type { ColumnType } from 'kysely';
import type { NewsState } from '@portal/domain/news/index';
import type { Generated } from '../../db/columns.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The news portal's articles (migration 0023_news); topics are the catalogue area NewsTopic (`news_topic`). */
export interface NewsTables {
  news_article: {
    id: Generated<string>;
    title: string;
    summary: Generated<string>;
    /** Sanitised HTML (sanitize.ts), never what the editor sent. */
    body: Generated<string>;
    cover_file_id: Nullable<string>;
    topic_id: Nullable<string>;
    author: Generated<string>;
    state: Generated<NewsState>;
    featured: Generated<boolean>;
    /** Set when first published, kept when hidden and shown again. */
    published_at: Nullable<Date>;
    created_at: Generated<Date>;
    created_by: Nullable<string>;
    updated_at: Generated<Date>;
    updated_by: Nullable<string>;
    deleted_at: Nullable<Date>;
    deleted_by: Nullable<string>;
  };
}
