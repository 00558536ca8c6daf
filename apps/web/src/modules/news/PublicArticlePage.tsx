import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@portal/domain/format';
import { NEWS_PATHS } from '@portal/domain/news/index';
import { ApiError } from '../../app/api-client.ts';
import type { ServerQueries } from '../../app/route-types.ts';
import { PublicPage } from '../home/index.ts';
import { newsApi, newsKeys } from './api.ts';
import './news.css';

const articleQuery = (id: string) => ({
  queryKey: newsKeys.publicDetail(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => newsApi.publicDetail(id, signal),
});

/** The server renders the article with its text. */
export const serverQueries: ServerQueries = ({ params }) => [articleQuery(params.id ?? '')];

/**
 * `/chi-tiet-tin-tuc/{id}`: one published article (its body sanitised by the server); anything else: not found.
 * Plain elements (no Ant Design): the server renders it with the article, so it reads before any script runs.
 */
export default function PublicArticlePage() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const article = useQuery({
    ...articleQuery(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const a = article.data;
  useEffect(() => {
    if (a) document.title = a.title;
  }, [a]);

  return (
    <PublicPage>
      <section className="public-container news-public news-article">
        <nav aria-label={t('public.breadcrumb')} className="news-breadcrumb">
          <ol>
            <li>
              <Link to={NEWS_PATHS.publicList}>{t('routes.publicList')}</Link>
            </li>
            {a?.topicName && <li>{a.topicName}</li>}
          </ol>
        </nav>
        {article.isLoading ? (
          <div className="news-loading" aria-busy="true" aria-label={t('public.loading')} />
        ) : !a ? (
          <div className="news-empty">
            <p>{t('public.notFound')}</p>
            <Link to={NEWS_PATHS.publicList}>{t('public.back')}</Link>
          </div>
        ) : (
          <article>
            <h1 className="news-article-title">{a.title}</h1>
            <p className="news-meta">
              {a.topicName && <span className="news-tag">{a.topicName}</span>}
              {a.publishedAt && <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>}
              {a.author && <span>· {a.author}</span>}
            </p>
            {a.summary && <p className="news-article-summary">{a.summary}</p>}
            {a.coverUrl && <img src={a.coverUrl} alt="" className="news-card-cover news-article-cover" />}
            {/* The server keeps the body through its allow-list on every save: only formatting, links and images. */}
            <div className="news-body" dangerouslySetInnerHTML={{ __html: a.body }} />
            <p className="news-article-back">
              <Link to={NEWS_PATHS.publicList}>← {t('public.back')}</Link>
            </p>
          </article>
        )}
      </section>
    </PublicPage>
  );
}
