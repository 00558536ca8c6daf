import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Segmented,
  Select,
  Spin,
  Typography,
} from 'antd';
import { formatDate, formatDateTime } from '@portal/domain/format';
import {
  SUGGESTION_LIMITS,
  SUGGESTION_STATUSES,
  SUGGESTION_TOPICS,
  WAITING_STATUSES,
  type SuggestionStatus,
} from '@portal/domain/suggestions/index';
import type { SuggestionDetail, SuggestionSummary } from '@portal/domain/suggestions/schemas';
import { can, useAccess } from '../../app/access.ts';
import { SearchBox, ServerTable, useUrlListState, type ListColumn } from '../../platform/list/index.tsx';
import { suggestionKeys, suggestionsApi } from './api.ts';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';
import { stateTag } from '../../platform/record/index.ts';

// `waiting`: new and assigned together, the workspace task's list.
const TABS = ['all', 'waiting', ...SUGGESTION_STATUSES] as const;
const STATUS_COLORS: Record<SuggestionStatus, string> = {
  new: 'gold',
  assigned: 'blue',
  answered: 'cyan',
  published: 'green',
  closed: 'default',
};

export const StatusTag = stateTag<SuggestionStatus>({
  ns: 'suggestions',
  text: (s) => `statuses.${s}`,
  colors: STATUS_COLORS,
});

/**
 * `/tin-tuc/hom-thu-gop-y/danh-sach`: the department's suggestion box, by status tab (with counts), searched
 * without accents and paged by the server; a row opens the suggestion beside the list, where it is assigned,
 * answered, published (the question may be edited; the sender never is) or closed. `?id=` (a notification's link)
 * opens one directly.
 */
export default function SuggestionListPage() {
  const { t } = useTranslation('suggestions');
  const state = useUrlListState();
  const { pageNumber, pageSize } = state;
  const keyword = state.get('q');
  const topic = state.get('topic') || undefined;
  const tab = (TABS as readonly string[]).includes(state.get('status')) ? state.get('status') : 'all';
  const openId = state.get('id') || null;

  const query = useMemo(
    () => ({
      pageNumber,
      pageSize,
      keyword,
      topic,
      ...(tab === 'waiting'
        ? { waiting: 'true' as const }
        : { status: tab === 'all' ? undefined : (tab as SuggestionStatus) }),
    }),
    [pageNumber, pageSize, keyword, topic, tab],
  );
  const list = useQuery({
    queryKey: suggestionKeys.list(query),
    queryFn: ({ signal }) => suggestionsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const counts = list.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  const columns: ListColumn<SuggestionSummary>[] = [
    { title: t('list.code'), dataIndex: 'code', key: 'code', width: 110 },
    {
      title: t('list.subject'),
      key: 'title',
      render: (_v, r) => (
        <Typography.Link onClick={() => state.set({ id: r.id, page: pageNumber > 1 ? pageNumber : null })}>
          {r.title}
        </Typography.Link>
      ),
    },
    { title: t('list.sender'), dataIndex: 'senderName', key: 'sender', minWidth: 160, priority: 2 },
    {
      title: t('list.topic'),
      key: 'topic',
      minWidth: 180,
      priority: 4,
      render: (_v, r) => t(`topics.${r.topic}`),
    },
    {
      title: t('list.assignedTo'),
      key: 'assignedTo',
      minWidth: 160,
      priority: 3,
      render: (_v, r) => r.assignedToName ?? '—',
    },
    { title: t('list.status'), key: 'status', width: 130, render: (_v, r) => <StatusTag status={r.status} /> },
    {
      title: t('list.createdAt'),
      key: 'createdAt',
      width: 120,
      priority: 2,
      render: (_v, r) => formatDate(r.createdAt),
    },
  ];

  return (
    <Card>
      <Segmented
        style={{ marginBottom: 16 }}
        value={tab}
        onChange={(v) => state.set({ status: v === 'all' ? null : String(v) })}
        options={TABS.map((k) => {
          const n =
            k === 'all'
              ? total
              : k === 'waiting'
                ? counts && WAITING_STATUSES.reduce((sum, status) => sum + counts[status], 0)
                : counts?.[k];
          const label = k === 'all' || k === 'waiting' ? t(`list.${k}`) : t(`statuses.${k}`);
          return { value: k, label: n === undefined ? label : `${label} (${n})` };
        })}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchBox
          value={keyword}
          onSearch={(q) => state.set({ q })}
          placeholder={t('list.searchPlaceholder')}
          width={340}
        />
        <Select
          allowClear
          placeholder={t('list.topic')}
          aria-label={t('list.topic')}
          value={topic}
          onChange={(v: string | undefined) => state.set({ topic: v })}
          options={SUGGESTION_TOPICS.map((k) => ({ value: k, label: t(`topics.${k}`) }))}
          style={{ width: 260 }}
        />
      </Flex>
      <ServerTable<SuggestionSummary>
        list={list}
        columns={columns}
        rowKey="id"
        onRow={(r) => ({ onDoubleClick: () => state.set({ id: r.id, page: pageNumber > 1 ? pageNumber : null }) })}
        empty={t('public.empty')}
        paging={state.paging}
        onPaging={state.onPaging}
      />
      <SuggestionDrawer id={openId} onClose={() => state.set({ id: null, page: pageNumber > 1 ? pageNumber : null })} />
    </Card>
  );
}

function SuggestionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('suggestions');
  const detail = useQuery({
    queryKey: suggestionKeys.detail(id ?? ''),
    queryFn: () => suggestionsApi.detail(id!),
    enabled: !!id,
  });
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={720}
      destroyOnHidden
      title={detail.data ? t('detail.title', { code: detail.data.code }) : ''}
    >
      <Spin spinning={detail.isFetching && !detail.data}>
        {detail.data && <SuggestionView s={detail.data} onDeleted={onClose} />}
        {detail.isError && (
          <Typography.Text type="danger">
            {detail.error instanceof Error ? detail.error.message : t('list.loadFailed')}
          </Typography.Text>
        )}
      </Spin>
    </Drawer>
  );
}

function SuggestionView({ s, onDeleted }: { s: SuggestionDetail; onDeleted: () => void }) {
  const { t } = useTranslation('suggestions');
  const { message } = App.useApp();
  const access = useAccess();
  const client = useQueryClient();
  const mayUpdate = can(access, 'update', 'Suggestion');
  const mayAnswer = can(access, 'answer', 'Suggestion');
  const mayDelete = can(access, 'delete', 'Suggestion');
  const [officer, setOfficer] = useState<string | undefined>(s.assignedToId ?? undefined);
  const [answer, setAnswer] = useState(s.answer ?? '');
  const [pubTitle, setPubTitle] = useState(s.publishedTitle ?? s.title);
  const [pubContent, setPubContent] = useState(s.publishedContent ?? s.content);
  useEffect(() => {
    setOfficer(s.assignedToId ?? undefined);
    setAnswer(s.answer ?? '');
    setPubTitle(s.publishedTitle ?? s.title);
    setPubContent(s.publishedContent ?? s.content);
  }, [s]);
  const officers = useQuery({
    queryKey: ['suggestions', 'officers'],
    queryFn: suggestionsApi.officers,
    enabled: mayUpdate,
  });

  const act = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: suggestionKeys.all });
    },
    onError: (e) => void message.error(e instanceof Error && e.message ? e.message : t('detail.failed')),
  });
  const run = (call: () => Promise<unknown>, done: string) =>
    act.mutate(call, { onSuccess: () => void message.success(done) });
  const v = { id: s.id, version: s.version };
  const closed = s.status === 'closed';

  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('list.status')}>
          <StatusTag status={s.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.sender')}>{s.senderName}</Descriptions.Item>
        <Descriptions.Item label={t('detail.contact')}>{s.senderContact ?? t('detail.noContact')}</Descriptions.Item>
        <Descriptions.Item label={t('list.topic')}>{t(`topics.${s.topic}`)}</Descriptions.Item>
        <Descriptions.Item label={t('list.createdAt')}>{formatDateTime(s.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('list.subject')}>{s.title}</Descriptions.Item>
        <Descriptions.Item label={t('detail.content')}>
          <span style={{ whiteSpace: 'pre-line' }}>{s.content}</span>
        </Descriptions.Item>
      </Descriptions>

      {mayUpdate && !closed && s.status !== 'published' && (
        <Form layout="vertical">
          <Form.Item label={t('detail.assignTo')}>
            <Flex gap={8}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ flex: 1 }}
                aria-label={t('detail.assignTo')}
                value={officer}
                onChange={setOfficer}
                loading={officers.isFetching}
                options={(officers.data ?? []).map((o) => ({ value: o.id, label: o.fullName }))}
              />
              <Button
                disabled={!officer || officer === s.assignedToId}
                loading={act.isPending}
                onClick={() => run(() => suggestionsApi.assign({ ...v, userId: officer! }), t('detail.assigned'))}
              >
                {t('detail.assign')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      )}

      <Divider style={{ margin: 0 }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.answer')}
      </Typography.Title>
      {s.answeredAt && (
        <Typography.Text type="secondary">
          {t('detail.answeredBy', { name: s.answeredByName ?? '—', date: formatDate(s.answeredAt) })}
        </Typography.Text>
      )}
      {mayAnswer && !closed ? (
        <>
          <Input.TextArea
            rows={6}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            maxLength={SUGGESTION_LIMITS.answer}
            showCount
            aria-label={t('detail.answer')}
          />
          <Flex>
            <Button
              type="primary"
              loading={act.isPending}
              onClick={() => {
                if (!answer.trim()) return void message.warning(t('detail.answerRequired'));
                run(() => suggestionsApi.answer({ ...v, answer: answer.trim() }), t('detail.answered'));
              }}
            >
              {t('detail.saveAnswer')}
            </Button>
          </Flex>
        </>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{s.answer ?? '—'}</Typography.Paragraph>
      )}

      {mayAnswer && (s.status === 'answered' || s.status === 'published') && (
        <>
          <Divider style={{ margin: 0 }} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('detail.publishHint')}
          </Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('detail.publishTitle')}>
              <Input
                value={pubTitle}
                onChange={(e) => setPubTitle(e.target.value)}
                maxLength={SUGGESTION_LIMITS.title}
              />
            </Form.Item>
            <Form.Item label={t('detail.publishContent')}>
              <Input.TextArea
                rows={5}
                value={pubContent}
                onChange={(e) => setPubContent(e.target.value)}
                maxLength={SUGGESTION_LIMITS.content}
              />
            </Form.Item>
          </Form>
          <Flex gap={8}>
            <Button
              type="primary"
              loading={act.isPending}
              disabled={!pubTitle.trim() || !pubContent.trim()}
              onClick={() =>
                run(
                  () =>
                    suggestionsApi.publish({
                      ...v,
                      publish: true,
                      publishedTitle: pubTitle.trim(),
                      publishedContent: pubContent.trim(),
                    }),
                  t('detail.published'),
                )
              }
            >
              {t('detail.publish')}
            </Button>
            {s.status === 'published' && (
              <Button
                loading={act.isPending}
                onClick={() => run(() => suggestionsApi.publish({ ...v, publish: false }), t('detail.unpublished'))}
              >
                {t('detail.unpublish')}
              </Button>
            )}
          </Flex>
        </>
      )}

      {(mayUpdate || mayDelete) && (
        <>
          <Divider style={{ margin: 0 }} />
          <Flex gap={8} justify="end">
            {mayUpdate && !closed && (
              <ConfirmPopover
                title={t('detail.closeConfirm')}
                onConfirm={() => run(() => suggestionsApi.close(v), t('detail.closed'))}
              >
                <Button loading={act.isPending}>{t('detail.close')}</Button>
              </ConfirmPopover>
            )}
            {mayDelete && (
              <ConfirmPopover
                title={t('detail.deleteConfirm')}
                onConfirm={() =>
                  act.mutate(() => suggestionsApi.remove([s.id]), {
                    onSuccess: () => {
                      void message.success(t('detail.deleted'));
                      onDeleted();
                    },
                  })
                }
              >
                <Button danger loading={act.isPending}>
                  {t('detail.delete')}
                </Button>
              </ConfirmPopover>
            )}
          </Flex>
        </>
      )}
    </Flex>
  );
}
