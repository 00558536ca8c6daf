import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Empty, Popover, Spin } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { formatCount, formatDateTime } from '@portal/domain/format';
import { toLanguage } from '@portal/domain/languages';
import {
  INBOX_PREVIEW_SIZE,
  MAIL_POLL_MS,
  MAIL_POPUP_MS,
  MAIL_PREVIEW_WIDTH,
  MESSAGE_PAGES,
  NEW_MAIL_EVENT,
  type MailSummary,
  type NewMailPayload,
} from '@portal/domain/messaging/index';
import { can, useAccess } from '../../app/access.ts';
import { CornerCount } from '../../app/components/CornerCount.tsx';
import { uiStore } from '../../app/ui-store.ts';
import { useHubEvent } from '../../platform/realtime/index.ts';
import { messagingApi, messagingKeys } from './api.ts';
import { mailPath } from './Mailbox.tsx';
import { useNewMailCount } from './ui.tsx';
import './messaging.css';

/**
 * The header's inbox (spec §7, §9): the unread count (above 999 as "1k"), the 3 latest in a 300 px preview, a
 * link to the whole inbox. A new message pops up for 60 s as the real-time hub pushes it; without the hub the
 * count is looked at again every two minutes (and when the window regains focus), never more than once a minute.
 */
export function InboxPreview() {
  const { t, i18n } = useTranslation('messaging');
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const allowed = !!access.user && can(access, 'read', 'Message');
  const count = useNewMailCount(allowed ? MAIL_POLL_MS : false);
  const latest = useQuery({
    queryKey: messagingKeys.preview,
    queryFn: ({ signal }) => messagingApi.preview(INBOX_PREVIEW_SIZE, signal),
    enabled: allowed && open,
  });
  const unread = count.data?.count ?? 0;

  // The shell's state keeps the count (spec §2 "UI state kept").
  useEffect(() => uiStore.set({ newInboxCount: unread }), [unread]);

  const popUp = (mail: NewMailPayload) =>
    notification.open({
      key: `mail-${mail.id}`,
      title: t('popup.title', { name: mail.fullName }),
      description: mail.subject,
      icon: <MailOutlined />,
      placement: 'topRight',
      duration: MAIL_POPUP_MS / 1000,
      showProgress: false,
      className: 'mail-popup',
      onClick: () => {
        notification.destroy(`mail-${mail.id}`);
        void navigate(mailPath({ id: mail.id, box: 'inbox' }));
      },
    });

  // Pushed by the hub as it arrives: the counts and lists reload, the pop-up opens at once.
  useHubEvent(NEW_MAIL_EVENT, (payload) => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    const mail = payload as Partial<NewMailPayload> | null;
    if (mail?.id && mail.subject !== undefined && mail.fullName !== undefined)
      popUp({ id: mail.id, subject: mail.subject, fullName: mail.fullName, sentDate: mail.sentDate ?? '' });
  });

  // Without the hub (or between its pushes), a count that grew since the last look means new mail: show the
  // newest unread one (the same pop-up: one per message).
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (!count.data) return;
    const before = previous.current;
    previous.current = count.data.count;
    if (before === null || count.data.count <= before) return;
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all, refetchType: 'active' });
    void messagingApi.list('inbox', { pageNumber: 1, pageSize: 1, unread: true }).then((page) => {
      const mail = page.pageLists[0];
      if (mail) popUp({ id: mail.id, subject: mail.subject, fullName: mail.fullName, sentDate: mail.sentDate });
    });
    // popUp is recreated each render; the count alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count.data, queryClient]);

  if (!allowed) return null;

  const line = (m: MailSummary) => (
    <div
      key={m.id}
      role="link"
      tabIndex={0}
      className={`mail-preview-line${m.read ? '' : ' is-unread'}`}
      onClick={() => {
        setOpen(false);
        void navigate(mailPath(m));
      }}
      onKeyDown={(e) => e.key === 'Enter' && (setOpen(false), void navigate(mailPath(m)))}
      data-testid="mail-preview-line"
    >
      <Avatar size={32} src={m.avatar ?? undefined} icon={<UserOutlined />} />
      <div className="mail-preview-text">
        <div className="mail-preview-subject">{m.subject}</div>
        <div className="mail-preview-meta">
          {m.fullName} · {formatDateTime(m.sentDate)}
        </div>
      </div>
    </div>
  );

  const content = (
    <div style={{ width: MAIL_PREVIEW_WIDTH }} data-testid="mail-preview">
      <div className="mail-preview-meta" style={{ padding: '4px 12px' }}>
        {unread > 0 ? t('preview.unread', { count: unread }) : t('preview.empty')}
      </div>
      {latest.isPending ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : latest.data?.pageLists.length ? (
        latest.data.pageLists.map(line)
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />
      )}
      <div style={{ textAlign: 'center', padding: 8 }}>
        <Link to={MESSAGE_PAGES.inbox} onClick={() => setOpen(false)}>
          {t('preview.viewAll')}
        </Link>
      </div>
    </div>
  );

  const shown = formatCount(unread, toLanguage(i18n.language));
  return (
    <CornerCount count={unread > 0 ? shown : 0}>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        title={t('preview.title')}
        content={content}
      >
        <button
          type="button"
          className="portal-icon-button"
          // The name carries the count the badge shows, so what is read out matches what is seen.
          aria-label={unread > 0 ? t('preview.openWithCount', { count: shown }) : t('preview.open')}
          title={t('preview.open')}
          data-testid="mail-preview-open"
        >
          <MailOutlined />
        </button>
      </Popover>
    </CornerCount>
  );
}
