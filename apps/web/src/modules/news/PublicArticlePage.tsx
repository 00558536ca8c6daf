import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { formatDate } from '@portal/domain/format';
import { NEWS_PATHS } from '@portal/domain/news/index';
import { ApiError } from '../../app/api-client.ts';
import { PublicPage } from '../home/PublicPage.tsx';
import { newsApi, newsKeys } from './api.ts';
import './news.css';

/** `/chi-tiet-tin-tuc/{id}`: one published article (its body sanitised by the server); anything else: not found. */
export default function PublicArticlePage() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const article = useQuery({
    queryKey: newsKeys.publicDetail(id),
    queryFn: ({ signal }) => newsApi.publicDetail(id, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const a = article.data;
  useEffect(() => {
    if (a) document.title = a.title;
  }, [a]);

  return (
    <PublicPage>
      <section className="public-container" style={{ padding: '24px 16px 48px', maxWidth: 860 }}>
        <Breadcrumb
          style={{ marginBottom: 16 }}
          items={[
            { title: <Link to={NEWS_PATHS.publicList}>{t('routes.publicList')}</Link> },
            ...(a?.topicName ? [{ title: a.topicName }] : []),
          ]}
        />
        {article.isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : !a ? (
          <Empty description={t('public.notFound')}>
            <Link to={NEWS_PATHS.publicList}>{t('public.back')}</Link>
          </Empty>
        ) : (
          <article>
            <Typography.Title level={1} style={{ fontSize: 28 }}>
              {a.title}
            </Typography.Title>
            <Flex gap={8} wrap style={{ marginBottom: 16 }}>
              {a.topicName && <Tag color="blue">{a.topicName}</Tag>}
              {a.publishedAt && (
                <Typography.Text type="secondary">
                  <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
                </Typography.Text>
              )}
              {a.author && <Typography.Text type="secondary">· {a.author}</Typography.Text>}
            </Flex>
            {a.summary && (
              <Typography.Paragraph strong style={{ fontSize: 17 }}>
                {a.summary}
              </Typography.Paragraph>
            )}
            {a.coverUrl && <img src={a.coverUrl} alt="" className="news-card-cover" style={{ marginBottom: 16 }} />}
            {/* The server keeps the body through its allow-list on every save: only formatting, links and images. */}
            <div className="news-body" dangerouslySetInnerHTML={{ __html: a.body }} />
            <Typography.Paragraph style={{ marginTop: 32 }}>
              <Link to={NEWS_PATHS.publicList}>← {t('public.back')}</Link>
            </Typography.Paragraph>
          </article>
        )}
      </section>
    </PublicPage>
  );
}
