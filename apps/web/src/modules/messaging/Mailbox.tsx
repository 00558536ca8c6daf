import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Dropdown, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, PaperClipOutlined, TagOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import { MESSAGE_LABELS, MESSAGE_PAGES, type MailBox, type MailSummary } from '@portal/domain/messaging/index';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { SearchBox, ServerTable, TrashButton, useUrlListState } from '../../platform/list/index.tsx';
import { errorText } from '../accounts/index.ts';
import { messagingApi, messagingKeys } from './api.ts';
import { useCompose } from './ComposeModal.tsx';
import { LabelTag, MailNav, type MailView } from './ui.tsx';
import './messaging.css';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

export const mailPath = (m: Pick<MailSummary, 'id' | 'box'>) =>
  `${MESSAGE_PAGES.mailbox}?idMail=${encodeURIComponent(m.id)}&box=${m.box}`;

/** The mailbox frame: its menu on the left, the page's content on the right, the compose window. */
export function MailFrame({ current, children }: { current: MailView | null; children: React.ReactNode }) {
  const { node, compose } = useCompose();
  return (
    <Card className="mail-frame">
      <Flex gap={16} align="flex-start" wrap>
        <MailNav current={current} onCompose={() => compose()} />
        <div className="mail-main">{children}</div>
      </Flex>
      {node}
    </Card>
  );
}

/**
 * One list of the mailbox: the inbox, the sent box or one label (both boxes). Paging and keyword live in the
 * address; rows open `apps-email?idMail=…`; selected rows are marked read or unread, labelled, or deleted to
 * the trash bin.
 */
export function Mailbox({ view }: { view: MailView }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const state = useUrlListState();
  const [selected, setSelected] = useState<MailSummary[]>([]);
  const keyWord = state.get('q');
  const unread = view === 'inbox' && state.get('unread') === '1';
  const apiView: MailBox | 'label' = view === 'inbox' || view === 'sent' ? view : 'label';
  const params = useMemo(
    () => ({
      pageNumber: state.pageNumber,
      pageSize: state.pageSize,
      keyWord: keyWord || undefined,
      label: apiView === 'label' ? (view as Exclude<MailView, MailBox>) : undefined,
      unread: unread || undefined,
    }),
    [state.pageNumber, state.pageSize, keyWord, apiView, view, unread],
  );
  const list = useQuery({
    queryKey: messagingKeys.list(apiView, params),
    queryFn: ({ signal }) => messagingApi.list(apiView, params, signal),
    placeholderData: keepPreviousData,
  });

  const done = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  };
  const failed = (err: unknown) => toast.error(errorText(err));
  const remove = useMutation({
    mutationFn: async (rows: MailSummary[]) => {
      let deleted = 0;
      for (const box of ['inbox', 'sent'] as const) {
        const ids = rows.filter((r) => r.box === box).map((r) => r.id);
        if (ids.length) deleted += (await messagingApi.remove(box, ids)).deleted;
      }
      return deleted;
    },
    onSuccess: (count) => {
      toast.success(t('list.deleted', { count }));
      done();
    },
    onError: failed,
  });
  const mark = useMutation({
    mutationFn: (read: boolean) =>
      messagingApi.markRead(
        selected.filter((r) => r.box === 'inbox').map((r) => r.id),
        read,
      ),
    onSuccess: done,
    onError: failed,
  });
  const label = useMutation({
    mutationFn: (value: string) =>
      messagingApi.setLabel(
        selected.map((r) => r.id),
        value === 'none' ? null : (value as (typeof MESSAGE_LABELS)[number]),
      ),
    onSuccess: done,
    onError: failed,
  });

  const counterpart = (r: MailSummary) =>
    r.box === 'sent' && r.recipientCount > 1
      ? t('list.moreRecipients', { name: r.fullName, count: r.recipientCount - 1 })
      : r.fullName;
  const columns: ColumnsType<MailSummary> = [
    {
      title: view === 'sent' ? t('list.to') : view === 'inbox' ? t('list.from') : t('list.from'),
      key: 'person',
      width: 220,
      ellipsis: true,
      render: (_v, r) => (
        <Typography.Text strong={!r.read}>
          {apiView === 'label' && r.box === 'sent' ? `${t('list.to')}: ` : ''}
          {counterpart(r)}
        </Typography.Text>
      ),
    },
    {
      title: t('list.subject'),
      key: 'subject',
      ellipsis: true,
      render: (_v, r) => (
        <Space size={4} className="mail-row-subject">
          {view !== r.label && <LabelTag label={r.label} />}
          <Link to={mailPath(r)} onClick={(e) => e.stopPropagation()} className="mail-row-link">
            <Typography.Text strong={!r.read}>{r.subject}</Typography.Text>
          </Link>
          <Typography.Text type="secondary">— {r.content}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '',
      key: 'files',
      width: 40,
      render: (_v, r) =>
        r.fileCount > 0 ? <PaperClipOutlined aria-label={t('list.attachments', { count: r.fileCount })} /> : null,
    },
    {
      title: t('list.sentDate'),
      key: 'sentDate',
      width: 150,
      render: (_v, r) => formatDateTime(r.sentDate),
    },
  ];

  const mayDelete = can(access, 'delete', 'Message');
  const anyInbox = selected.some((r) => r.box === 'inbox');
  const empty = view === 'inbox' ? t('list.emptyInbox') : view === 'sent' ? t('list.emptySent') : t('list.emptyLabel');

  return (
    <MailFrame current={view}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap align="center">
          <SearchBox value={keyWord} onSearch={(q) => state.set({ q })} placeholder={t('list.searchPlaceholder')} />
          {view === 'inbox' && (
            <Checkbox checked={unread} onChange={(e) => state.set({ unread: e.target.checked ? '1' : null })}>
              {t('list.unreadOnly')}
            </Checkbox>
          )}
        </Flex>
        <Flex gap={8} wrap align="center">
          {selected.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('list.selected', { count: selected.length })}</Typography.Text>
              {anyInbox && (
                <>
                  <Button icon={<EyeOutlined />} onClick={() => mark.mutate(true)}>
                    {t('list.markRead')}
                  </Button>
                  <Button icon={<EyeInvisibleOutlined />} onClick={() => mark.mutate(false)}>
                    {t('list.markUnread')}
                  </Button>
                </>
              )}
              <Dropdown
                menu={{
                  items: [...MESSAGE_LABELS, 'none' as const].map((l) => ({ key: l, label: t(`labels.${l}`) })),
                  onClick: ({ key }) => label.mutate(key),
                }}
              >
                <Button icon={<TagOutlined />} data-testid="mail-set-label">
                  {t('list.setLabel')}
                </Button>
              </Dropdown>
              {mayDelete && (
                <ConfirmPopover
                  title={t('list.deleteConfirm', { count: selected.length })}
                  onConfirm={() => remove.mutate(selected)}
                >
                  <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="mail-delete">
                    {t('list.delete')}
                  </Button>
                </ConfirmPopover>
              )}
            </>
          )}
          <TrashButton area="Message" />
        </Flex>
      </Flex>
      <ServerTable<MailSummary>
        list={list}
        paging={state.paging}
        onPaging={state.onPaging}
        columns={columns}
        empty={empty}
        rowClassName={(r) => (r.read ? 'mail-row' : 'mail-row is-unread')}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        onRow={(r) => ({ onClick: () => void navigate(mailPath(r)) })}
        data-testid="mail-list"
      />
    </MailFrame>
  );
}
