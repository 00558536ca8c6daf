import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Menu, Tag } from 'antd';
import { EditOutlined, InboxOutlined, SendOutlined, TagOutlined } from '@ant-design/icons';
import { formatCount } from '@portal/domain/format';
import { toLanguage } from '@portal/domain/languages';
import { labelPath, MESSAGE_LABELS, MESSAGE_PAGES, type MessageLabel } from '@portal/domain/messaging/index';
import { can, useAccess } from '../../app/access.ts';
import { messagingApi, messagingKeys } from './api.ts';

export const LABEL_COLORS: Record<MessageLabel, string> = {
  personal: 'green',
  company: 'blue',
  important: 'red',
  private: 'purple',
};

export function LabelTag({ label }: { label: MessageLabel | null }) {
  const { t } = useTranslation('messaging');
  return label ? <Tag color={LABEL_COLORS[label]}>{t(`labels.${label}`)}</Tag> : null;
}

/** The unread count of the inbox (shared by the side menu and the header). */
export function useNewMailCount(refetchInterval?: number | false) {
  return useQuery({
    queryKey: messagingKeys.count,
    queryFn: ({ signal }) => messagingApi.countNew(signal),
    refetchInterval: refetchInterval ?? false,
  });
}

export type MailView = 'inbox' | 'sent' | MessageLabel;

/** The mailbox's own menu: compose, the two boxes (the inbox with its unread count) and the four labels. */
export function MailNav({ current, onCompose }: { current: MailView | null; onCompose: () => void }) {
  const { t, i18n } = useTranslation('messaging');
  const navigate = useNavigate();
  const access = useAccess();
  const count = useNewMailCount().data?.count ?? 0;
  const pathOf = (key: string) =>
    key === 'inbox' ? MESSAGE_PAGES.inbox : key === 'sent' ? MESSAGE_PAGES.sent : labelPath(key as MessageLabel);
  return (
    <div className="mail-nav">
      {can(access, 'create', 'Message') && (
        <Button type="primary" block icon={<EditOutlined />} onClick={onCompose} data-testid="mail-compose">
          {t('list.compose')}
        </Button>
      )}
      <Menu
        mode="inline"
        selectedKeys={current ? [current] : []}
        onClick={({ key }) => void navigate(pathOf(key))}
        items={[
          {
            key: 'inbox',
            icon: <InboxOutlined />,
            label: (
              <span className="mail-nav-item">
                {t('boxes.inbox')}
                {count > 0 && <Badge count={formatCount(count, toLanguage(i18n.language))} />}
              </span>
            ),
          },
          { key: 'sent', icon: <SendOutlined />, label: t('boxes.sent') },
          {
            type: 'group',
            label: t('labels.title'),
            children: MESSAGE_LABELS.map((l) => ({
              key: l,
              icon: <TagOutlined style={{ color: `var(--ant-color-${LABEL_COLORS[l]})` }} />,
              label: t(`labels.${l}`),
            })),
          },
        ]}
      />
    </div>
  );
}
