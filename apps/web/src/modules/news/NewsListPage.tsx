import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import { NEWS_PATHS, NEWS_STATES, newsEditPath, newsPublicPath } from '@portal/domain/news/index';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  useServerList,
  type ListColumn,
} from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { newsApi, newsKeys, type ArticleSummary } from './api.ts';
import { StateTag } from './ui.tsx';

/** `/tin-tuc/quan-li-tin-tuc/danh-sach`: every article, by topic and state, searched without accents. */
export default function NewsListPage() {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const access = useAccess();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { table, sortedAs, keyWord, setKeyWord, filter, setFilter } = useServerList({
    key: newsKeys.list,
    fetch: newsApi.list,
    filters: ['topic', 'state'],
    params: ({ topic, state }) => ({ topicId: topic, state }),
  });
  const topicId = filter('topic') || undefined;
  const articleState = filter('state') || undefined;
  const topics = useQuery({ queryKey: newsKeys.topics, queryFn: ({ signal }) => newsApi.topics(signal) });
  const remove = useMutation({
    mutationFn: (ids: string[]) => newsApi.remove(ids),
    onSuccess: (r) => {
      toast.success(t('list.deleted', { count: r.deleted }));
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
  const mayCreate = can(access, 'create', 'News');
  const mayUpdate = can(access, 'update', 'News');
  const mayDelete = can(access, 'delete', 'News');

  const columns: ListColumn<ArticleSummary>[] = [
    {
      title: t('fields.title'),
      key: 'title',
      sorter: true,
      sortOrder: sortedAs('title'),
      minWidth: 260,
      render: (_v, r) => (
        <Flex gap={4} wrap align="center">
          <Link to={newsEditPath(r.id)}>{r.title}</Link>
          {r.featured && <Tag color="gold">{t('fields.featured')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('fields.topic'),
      key: 'topicName',
      dataIndex: 'topicName',
      sorter: true,
      sortOrder: sortedAs('topicName'),
      width: 180,
      priority: 2,
      render: (v: string | null) => v ?? '—',
    },
    { title: t('fields.author'), key: 'author', dataIndex: 'author', width: 180, priority: 4 },
    {
      title: t('fields.state'),
      key: 'state',
      sorter: true,
      sortOrder: sortedAs('state'),
      width: 120,
      ellipsis: false,
      render: (_v, r) => <StateTag state={r.state} />,
    },
    {
      title: t('fields.publishedAt'),
      key: 'publishedAt',
      sorter: true,
      sortOrder: sortedAs('publishedAt'),
      width: 150,
      priority: 3,
      render: (_v, r) => (r.publishedAt ? formatDateTime(r.publishedAt) : '—'),
    },
    {
      title: t('fields.updatedAt'),
      key: 'updatedAt',
      sorter: true,
      sortOrder: sortedAs('updatedAt'),
      width: 150,
      priority: 5,
      render: (_v, r) => formatDateTime(r.updatedAt),
    },
    {
      title: '',
      key: 'actions',
      width: actionsWidth(3),
      ellipsis: false,
      render: (_v, r) => (
        <RowActions
          actions={[
            {
              kind: 'view',
              label: t('list.view'),
              allowed: r.state === 'published',
              onClick: () => window.open(newsPublicPath(r.id), '_blank', 'noopener'),
            },
            { kind: 'edit', allowed: mayUpdate, onClick: () => navigate(newsEditPath(r.id)) },
            {
              kind: 'delete',
              allowed: mayDelete,
              onClick: () =>
                void confirm({
                  title: t('list.deleteConfirm', { count: 1 }),
                  content: r.title,
                  danger: true,
                  onOk: () => remove.mutateAsync([r.id]),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('list.searchPlaceholder')} width={320} />
          <Select
            allowClear
            placeholder={t('list.allTopics')}
            aria-label={t('fields.topic')}
            value={topicId}
            onChange={(v: string | undefined) => setFilter('topic', v)}
            options={(topics.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('list.allStates')}
            aria-label={t('fields.state')}
            value={articleState}
            onChange={(v: string | undefined) => setFilter('state', v)}
            options={NEWS_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            style={{ width: 160 }}
          />
        </Flex>
        {mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NEWS_PATHS.create)}>
            {t('routes.create')}
          </Button>
        )}
      </Flex>
      <ServerTable<ArticleSummary>
        {...table}
        columns={columns}
        empty={t('public.empty')}
        onRow={(r) => ({ onDoubleClick: () => navigate(newsEditPath(r.id)) })}
      />
    </Card>
  );
}
