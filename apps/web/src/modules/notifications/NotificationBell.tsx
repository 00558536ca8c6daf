import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Empty, List, Popover, Spin } from 'antd';
import { BellOutlined, UserOutlined } from '@ant-design/icons';
import { NOTIFICATION_LIMITS, NOTIFICATION_PAGE } from '@portal/domain/notifications/kinds';
import type { NotificationItem } from '@portal/domain/notifications/schemas';
import { formatCount, formatDateTime } from '@portal/domain/format';
import { toLanguage } from '@portal/domain/languages';
import { useAccess } from '../../app/access.ts';
import { CornerCount } from '../../app/components/CornerCount.tsx';
import { markSeen, notificationApi, notificationKeys, type NotificationPage } from './api.ts';
import { useNotificationHub } from './hub.ts';
import './notifications.css';

/** One notification in the drop-down and the pop-up: sender's avatar, text, time; unread ones stand out. */
export function NotificationLine({ item }: { item: NotificationItem }) {
  return (
    <div className={`ntf-line${item.viewDate ? '' : ' is-unread'}`}>
      <Avatar size={32} src={item.avatar ?? undefined} icon={<UserOutlined />} />
      <div className="ntf-line-body">
        <div className="ntf-line-content">{item.content}</div>
        <div className="ntf-line-meta">
          {item.fullName} · {formatDateTime(item.createdDate)}
        </div>
      </div>
    </div>
  );
}

/**
 * The header's bell (spec §4, §9): the unread count (above 999 as "1k"), the 5 latest in a drop-down, a click
 * marks one seen and follows its link, "view all" opens /thong-bao/danh-sach. Live through the hub: a new
 * notification reloads the lists and the count and pops up for 5 s.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const access = useAccess();
  const userId = access.user?.userId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);

  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => notificationApi.unreadCount(signal),
    enabled: !!userId,
  });
  const latest = useQuery({
    queryKey: notificationKeys.dropdown,
    queryFn: ({ signal }) => notificationApi.dropdown(signal),
    enabled: !!userId,
  });

  const follow = async (item: NotificationItem) => {
    setOpen(false);
    await markSeen(queryClient, item).catch(() => undefined);
    if (item.link) await navigate(item.link);
  };

  useNotificationHub(userId, () => {
    const newest = queryClient.getQueryData<NotificationPage>(notificationKeys.dropdown)?.pageLists[0];
    if (!newest) return;
    const key = `ntf-${newest.id}`;
    notification.info({
      key,
      title: t('newNotification'),
      description: (
        <button
          type="button"
          className="ntf-popup"
          data-testid="notification-popup"
          onClick={() => {
            notification.destroy(key);
            void follow(newest);
          }}
        >
          {newest.content}
        </button>
      ),
      placement: 'topRight',
      duration: NOTIFICATION_LIMITS.popupMs / 1000,
      showProgress: false,
    });
  });

  if (!userId) return null;
  const count = unread.data ?? 0;
  const shown = formatCount(count, toLanguage(i18n.language));
  const items = latest.data?.pageLists ?? [];
  const panel = (
    <div className="ntf-panel" data-testid="notification-panel">
      <div className="ntf-panel-head">
        <strong>{t('title')}</strong>
        {count > 0 && (
          <span className="ntf-panel-count">
            {t('unread')}: {count}
          </span>
        )}
      </div>
      {latest.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <List
          dataSource={items}
          renderItem={(item) => (
            <List.Item className="ntf-item" data-testid="notification-item" onClick={() => void follow(item)}>
              <NotificationLine item={item} />
            </List.Item>
          )}
        />
      )}
      <div className="ntf-panel-foot">
        <Link to={NOTIFICATION_PAGE} onClick={() => setOpen(false)} data-testid="notification-view-all">
          <Button type="link">{t('viewAll')}</Button>
        </Link>
      </div>
    </div>
  );
  return (
    // The spec's compact count: above 999 as thousands ("1k").
    <CornerCount count={count > 0 ? shown : 0}>
      <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
        <button
          type="button"
          className="portal-icon-button ntf-bell"
          aria-label={count > 0 ? t('bellWithCount', { count: shown }) : t('bell')}
          title={t('bell')}
          data-testid="notification-bell"
          data-count={unread.data}
        >
          <BellOutlined />
        </button>
      </Popover>
    </CornerCount>
  );
}
