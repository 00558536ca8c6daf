import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Tag } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { NOTIFICATION_LIMITS, NOTIFY_STATUSES } from '@portal/domain/notifications/kinds';
import type { NotificationItem } from '@portal/domain/notifications/schemas';
import { formatDateTime } from '@portal/domain/format';
import { toast } from '../../app/toast.ts';
import type { ColumnType } from 'antd/es/table';
import { ServerTable, useUrlListState } from '../../platform/list/index.tsx';
import { markSeen, notificationApi, notificationKeys } from './api.ts';
import './notifications.css';
import { useConfirm } from '../../platform/dialogs/index.tsx';

const STATUS_SLUGS = { all: NOTIFY_STATUSES.all, unread: NOTIFY_STATUSES.unread, read: NOTIFY_STATUSES.read } as const;
type StatusSlug = keyof typeof STATUS_SLUGS;

/**
 * `/thong-bao/danh-sach` (spec §2, §9): every notification of the user, 10 a page from page 1, filtered read or
 * unread (in the address), mark all read, delete the selected ones after a confirmation; a click opens one.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const state = useUrlListState();
  const slug = (state.get('status') in STATUS_SLUGS ? state.get('status') : 'all') as StatusSlug;
  const status = STATUS_SLUGS[slug];
  // The spec's page size for this list is 10 (the shared lists' default is larger).
  const paging = { ...state.paging, pageSize: state.get('size') ? state.pageSize : NOTIFICATION_LIMITS.pageSize };
  const [selected, setSelected] = useState<string[]>([]);

  const list = useQuery({
    queryKey: notificationKeys.page(status, paging.pageNumber, paging.pageSize),
    queryFn: ({ signal }) => notificationApi.list(status, paging.pageNumber, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const readAll = useMutation({
    mutationFn: notificationApi.readAll,
    onSuccess: async () => {
      // Spec §4: on 200 the unread count is 0.
      queryClient.setQueryData(notificationKeys.unread, 0);
      toast.success(t('allRead'));
      await refresh();
    },
    onError: (err) => toast.error((err as Error).message),
  });
  const remove = useMutation({
    mutationFn: notificationApi.remove,
    onSuccess: async ({ count }) => {
      setSelected([]);
      toast.success(t('deleted', { count }));
      await refresh();
    },
    onError: (err) => toast.error((err as Error).message),
  });

  const open = async (item: NotificationItem) => {
    await markSeen(queryClient, item).catch(() => undefined);
    if (item.link) await navigate(item.link);
  };

  const columns: ColumnType<NotificationItem>[] = [
    {
      key: 'content',
      title: t('content'),
      render: (_: unknown, item) => (
        <button
          type="button"
          className={`ntf-link${item.viewDate ? '' : ' is-unread'}`}
          onClick={() => void open(item)}
          data-testid="notification-row"
        >
          {item.content}
        </button>
      ),
    },
    { key: 'sender', title: t('sender'), dataIndex: 'fullName', width: 200 },
    {
      key: 'createdDate',
      title: t('createdDate'),
      width: 170,
      render: (_: unknown, item) => formatDateTime(item.createdDate),
    },
    {
      key: 'status',
      title: t('status'),
      width: 120,
      render: (_: unknown, item) => (item.viewDate ? <Tag>{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>),
    },
  ];

  return (
    <Card>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<StatusSlug>
          value={slug}
          onChange={(value) => state.set({ status: value === 'all' ? null : value })}
          options={(Object.keys(STATUS_SLUGS) as StatusSlug[]).map((s) => ({ value: s, label: t(s) }))}
          data-testid="notification-filter"
        />
        <Flex gap={8} wrap>
          <Button icon={<CheckOutlined />} loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('markAllRead')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={() =>
              void confirm({
                title: t('deleteConfirm', { count: selected.length }),
                danger: true,
                onOk: () => remove.mutateAsync(selected),
              })
            }
          >
            {t('delete')}
          </Button>
        </Flex>
      </Flex>
      <ServerTable<NotificationItem>
        list={list}
        columns={columns}
        paging={paging}
        onPaging={state.onPaging}
        empty={t('empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        data-testid="notification-list"
      />
    </Card>
  );
}
