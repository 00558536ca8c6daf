import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Flex, Input, Pagination, Row, Segmented, Spin, Tag, Typography } from 'antd';
import { WifiOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format';
import { NEWS_PATHS, newsPublicPath } from '@portal/domain/news/index';
import { PublicPage } from '../home/PublicPage.tsx';
import { newsApi, newsKeys } from './api.ts';
import './news.css';

const PAGE_SIZE = 9;

/** `/tin-tuc`: the published articles for everyone, by topic, searched without accents, page by page. */
export default function PublicNewsPage() {
  const { t } = useTranslation('news');
  const [params, setParams] = useSearchParams();
  const topicId = params.get('chu-de') ?? '';
  const keyWord = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('trang')) || 1);
  const [text, setText] = useState(keyWord);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('trang' in changes)) next.delete('trang');
        return next;
      },
      { replace: true },
    );

  const topics = useQuery({ queryKey: newsKeys.topics, queryFn: ({ signal }) => newsApi.topics(signal) });
  const query = { pageNumber: page, pageSize: PAGE_SIZE, keyWord, topicId };
  const list = useQuery({
    queryKey: newsKeys.publicList(query),
    queryFn: ({ signal }) => newsApi.publicList(query, signal),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.totalRecord ?? 0;

  return (
    <PublicPage>
      <section className="public-container" style={{ padding: '24px 16px 48px' }}>
        <Flex justify="space-between" align="baseline" wrap gap={8}>
          <Typography.Title level={1} style={{ fontSize: 26 }}>
            {t('routes.publicList')}
          </Typography.Title>
          <a href={NEWS_PATHS.rss} type="application/rss+xml">
            <WifiOutlined /> {t('public.rss')}
          </a>
        </Flex>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('public.searchPlaceholder')}
            aria-label={t('public.searchPlaceholder')}
            onSearch={(v) => set({ q: v.trim() || null })}
            style={{ maxWidth: 420 }}
            data-testid="news-search"
          />
          {(topics.data?.length ?? 0) > 0 && (
            <Segmented
              value={topicId}
              onChange={(v) => set({ 'chu-de': String(v) || null })}
              options={[
                { value: '', label: t('public.allTopics') },
                ...(topics.data ?? []).map((o) => ({ value: o.id, label: o.name })),
              ]}
            />
          )}
        </Flex>
        <Spin spinning={list.isFetching}>
          {list.data && list.data.pageLists.length === 0 ? (
            <Empty description={t('public.empty')} />
          ) : (
            <Row gutter={[24, 24]}>
              {(list.data?.pageLists ?? []).map((a) => (
                <Col key={a.id} xs={24} md={12} xl={8}>
                  <article data-testid="news-item">
                    {a.coverUrl && (
                      <Link to={newsPublicPath(a.id)} tabIndex={-1} aria-hidden>
                        <img src={a.coverUrl} alt="" className="news-card-cover" loading="lazy" />
                      </Link>
                    )}
                    <Flex gap={6} wrap style={{ margin: '8px 0 4px' }}>
                      {a.topicName && <Tag color="blue">{a.topicName}</Tag>}
                      {a.featured && <Tag color="gold">{t('public.featured')}</Tag>}
                      {a.publishedAt && (
                        <Typography.Text type="secondary">
                          <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
                        </Typography.Text>
                      )}
                    </Flex>
                    <Typography.Title level={2} style={{ fontSize: 18, margin: '4px 0' }}>
                      <Link to={newsPublicPath(a.id)}>{a.title}</Link>
                    </Typography.Title>
                    {a.summary && (
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
                        {a.summary}
                      </Typography.Paragraph>
                    )}
                  </article>
                </Col>
              ))}
            </Row>
          )}
        </Spin>
        {total > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 24 }}
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={(p) => set({ trang: p > 1 ? String(p) : null })}
            showSizeChanger={false}
          />
        )}
      </section>
    </PublicPage>
  );
}
