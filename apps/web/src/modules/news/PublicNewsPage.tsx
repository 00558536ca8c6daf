import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate } from '@portal/domain/format';
import { NEWS_PATHS, newsPublicPath } from '@portal/domain/news/index';
import type { ServerQueries } from '../../app/route-types.ts';
import { PublicPage } from '../home/index.ts';
import { newsApi, newsKeys } from './api.ts';
import './news.css';

const PAGE_SIZE = 9;
/** Page links shown around the current one. */
const PAGE_WINDOW = 2;

/** What the address asks for: topic, words, page (the same reading on the server and in the browser). */
function listQuery(search: URLSearchParams) {
  return {
    pageNumber: Math.max(1, Math.floor(Number(search.get('trang'))) || 1),
    pageSize: PAGE_SIZE,
    keyWord: search.get('q') ?? '',
    topicId: search.get('chu-de') ?? '',
  };
}
const topicsQuery = { queryKey: newsKeys.topics, queryFn: () => newsApi.topics() };
const listOptions = (query: ReturnType<typeof listQuery>) => ({
  queryKey: newsKeys.publicList(query),
  queryFn: ({ signal }: { signal?: AbortSignal }) => newsApi.publicList(query, signal),
});

/** The server renders the list with its data: the topics and the page asked for. */
export const serverQueries: ServerQueries = ({ search }) => [topicsQuery, listOptions(listQuery(search))];

/** An address of this list with some of its parameters changed (a new filter starts again at page 1). */
function hrefWith(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  if (!('trang' in changes)) next.delete('trang');
  const qs = next.toString();
  return qs ? `${NEWS_PATHS.publicList}?${qs}` : NEWS_PATHS.publicList;
}

/** Pages to link: the first, the last and a window around the current one; null marks a gap. */
function pageNumbers(current: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= PAGE_WINDOW) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/**
 * `/tin-tuc`: the published articles for everyone, by topic, searched without accents, page by page. Plain
 * elements and links (no Ant Design): the server renders it with its data, it paints before any script runs,
 * and topics, pages and the search form work as ordinary links and a GET form until the app has started.
 */
export default function PublicNewsPage() {
  const { t } = useTranslation(['news', 'common']);
  const [search, setSearch] = useSearchParams();
  const query = listQuery(search);
  const [text, setText] = useState(query.keyWord);
  const topics = useQuery(topicsQuery);
  const list = useQuery({ ...listOptions(query), placeholderData: keepPreviousData });
  const total = list.data?.totalRecord ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = text.trim();
    setSearch(new URLSearchParams(hrefWith(search, { q: words || null }).split('?')[1] ?? ''), { replace: true });
  };

  return (
    <PublicPage>
      <section className="public-container news-public">
        <div className="news-public-head">
          <h1 className="news-public-title">{t('routes.publicList')}</h1>
          <a href={NEWS_PATHS.rss} type="application/rss+xml" className="news-rss">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M5 17a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm-2-7a11 11 0 0 1 11 11h-3a8 8 0 0 0-8-8v-3Zm0-7a18 18 0 0 1 18 18h-3A15 15 0 0 0 3 6V3Z"
              />
            </svg>
            {t('public.rss')}
          </a>
        </div>
        <div className="news-public-filters">
          <form role="search" method="get" action={NEWS_PATHS.publicList} onSubmit={submit} className="news-search">
            {query.topicId && <input type="hidden" name="chu-de" value={query.topicId} />}
            <input
              type="search"
              name="q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('public.searchPlaceholder')}
              aria-label={t('public.searchPlaceholder')}
              data-testid="news-search"
            />
            <button type="submit">{t('common:actions.search')}</button>
          </form>
          {(topics.data?.length ?? 0) > 0 && (
            <nav className="news-topics" aria-label={t('public.topics')}>
              {[{ id: '', name: t('public.allTopics') }, ...(topics.data ?? [])].map((o) => (
                <Link
                  key={o.id}
                  to={hrefWith(search, { 'chu-de': o.id || null })}
                  replace
                  aria-current={o.id === query.topicId ? 'page' : undefined}
                >
                  {o.name}
                </Link>
              ))}
            </nav>
          )}
        </div>
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'news-list is-stale' : 'news-list'}>
          {list.isError ? (
            <p className="news-empty" role="alert">
              {t('public.loadFailed')}
            </p>
          ) : list.data && list.data.pageLists.length === 0 ? (
            <p className="news-empty">{query.keyWord || query.topicId ? t('public.noMatch') : t('public.empty')}</p>
          ) : (
            <ul className="news-cards">
              {(list.data?.pageLists ?? []).map((a) => (
                <li key={a.id}>
                  <article className="public-card" data-testid="news-item">
                    {a.coverUrl && (
                      <Link to={newsPublicPath(a.id)} tabIndex={-1} aria-hidden>
                        <img src={a.coverUrl} alt="" className="news-card-cover" loading="lazy" />
                      </Link>
                    )}
                    <p className="news-meta">
                      {a.topicName && <span className="news-tag">{a.topicName}</span>}
                      {a.featured && <span className="news-tag is-featured">{t('public.featured')}</span>}
                      {a.publishedAt && <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>}
                    </p>
                    <h2 className="news-card-title">
                      <Link to={newsPublicPath(a.id)}>{a.title}</Link>
                    </h2>
                    {a.summary && <p className="news-card-summary">{a.summary}</p>}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
        {lastPage > 1 && (
          <nav className="news-pages" aria-label={t('public.pages')}>
            {pageNumbers(query.pageNumber, lastPage).map((p, i) =>
              p === null ? (
                <span key={`gap-${i}`} aria-hidden="true">
                  …
                </span>
              ) : (
                <Link
                  key={p}
                  to={hrefWith(search, { trang: p > 1 ? String(p) : null })}
                  aria-label={t('public.page', { page: p })}
                  aria-current={p === query.pageNumber ? 'page' : undefined}
                >
                  {p}
                </Link>
              ),
            )}
          </nav>
        )}
      </section>
    </PublicPage>
  );
}
