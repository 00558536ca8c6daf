import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Divider, Flex, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import {
  MESSAGE_LABELS,
  MESSAGE_PAGES,
  type MailBox,
  type MailDetail,
  type MessageLabel,
} from '@portal/domain/messaging/index';
import { ApiError } from '../../app/api-client.ts';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { FileLink } from '../../catalog/FileField.tsx';
import { errorText } from '../accounts/index.ts';
import { messagingApi, messagingKeys } from './api.ts';
import { useCompose } from './ComposeModal.tsx';
import { Mailbox, MailFrame } from './Mailbox.tsx';
import { LabelTag } from './ui.tsx';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

/** Open an entry of the box the address names; without one, the inbox's, then the sent box's. */
async function openEntry(id: string, box: MailBox | null, signal: AbortSignal): Promise<MailDetail> {
  if (box) return messagingApi.detail(box, id, signal);
  try {
    return await messagingApi.detail('inbox', id, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return messagingApi.detail('sent', id, signal);
    throw err;
  }
}

function Message({ id, box }: { id: string; box: MailBox | null }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const { node, compose } = useCompose();
  const detail = useQuery({
    queryKey: messagingKeys.detail(id),
    queryFn: ({ signal }) => openEntry(id, box, signal),
    retry: false,
  });
  const mail = detail.data;
  // Opening marks it read: the counts, the preview and the lists change (not this message itself).
  useEffect(() => {
    if (!mail?.id) return;
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === messagingKeys.all[0] && q.queryKey[1] !== 'detail',
    });
  }, [mail?.id, queryClient]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  const back = mail?.box === 'sent' ? MESSAGE_PAGES.sent : MESSAGE_PAGES.inbox;
  const remove = useMutation({
    mutationFn: () => messagingApi.remove(mail!.box, [mail!.id]),
    onSuccess: (r) => {
      toast.success(t('list.deleted', { count: r.deleted }));
      refresh();
      void navigate(back);
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const label = useMutation({
    mutationFn: (value: MessageLabel | null) => messagingApi.setLabel([mail!.id], value),
    onSuccess: refresh,
    onError: (err) => toast.error(errorText(err)),
  });

  if (detail.isPending) return <Skeleton active />;
  if (!mail) return <Alert type="warning" showIcon title={t('detail.notFound')} data-testid="mail-not-found" />;

  const reply = () =>
    compose({
      recipients: [mail.sender],
      subject: t('detail.replySubject', { subject: mail.subject.replace(/^(Trả lời|Re):\s*/i, '') }),
      body: `\n\n${t('detail.quote', { time: formatDateTime(mail.sentDate), name: mail.sender.fullName })}\n${mail.body
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`,
      replyToId: mail.id,
    });

  return (
    <div data-testid="mail-detail" data-mail-id={mail.id}>
      <Flex justify="space-between" wrap gap={8}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(back)}>
          {t('detail.back')}
        </Button>
        <Space wrap>
          <Select<MessageLabel | 'none'>
            value={mail.label ?? 'none'}
            onChange={(v) => label.mutate(v === 'none' ? null : v)}
            options={[...MESSAGE_LABELS, 'none' as const].map((l) => ({ value: l, label: t(`labels.${l}`) }))}
            style={{ width: 170 }}
            aria-label={t('labels.title')}
            data-testid="mail-label"
          />
          {mail.box === 'inbox' && can(access, 'create', 'Message') && (
            <Button icon={<RollbackOutlined />} onClick={reply} data-testid="mail-reply">
              {t('detail.reply')}
            </Button>
          )}
          {can(access, 'delete', 'Message') && (
            <ConfirmPopover title={t('list.deleteConfirm', { count: 1 })} onConfirm={() => remove.mutate()}>
              <Button danger icon={<DeleteOutlined />}>
                {t('list.delete')}
              </Button>
            </ConfirmPopover>
          )}
        </Space>
      </Flex>
      <Typography.Title level={4} style={{ marginTop: 16 }}>
        {mail.subject} <LabelTag label={mail.label} />
      </Typography.Title>
      <Flex gap={12} align="flex-start">
        <Avatar size={40} src={mail.sender.avatar ?? undefined} icon={<UserOutlined />} />
        <div>
          <div>
            <Typography.Text type="secondary">{t('detail.from')}: </Typography.Text>
            <Typography.Text strong>{mail.sender.fullName}</Typography.Text>
            {mail.sender.unitName && <Typography.Text type="secondary"> — {mail.sender.unitName}</Typography.Text>}
          </div>
          <div>
            <Typography.Text type="secondary">{t('detail.to')}: </Typography.Text>
            {mail.recipients.map((r, i) => (
              <span key={r.id}>
                {i > 0 && ', '}
                {mail.box === 'sent' ? (
                  <Tooltip
                    title={r.readDate ? t('detail.readAt', { time: formatDateTime(r.readDate) }) : t('detail.notRead')}
                  >
                    <span>
                      {r.fullName}{' '}
                      {r.readDate && (
                        <CheckOutlined aria-label={t('detail.readAt', { time: formatDateTime(r.readDate) })} />
                      )}
                    </span>
                  </Tooltip>
                ) : (
                  r.fullName
                )}
              </span>
            ))}
          </div>
          <Typography.Text type="secondary">
            {t('detail.sentAt', { time: formatDateTime(mail.sentDate) })}
          </Typography.Text>
        </div>
      </Flex>
      <div className="mail-body" data-testid="mail-body-text">
        {mail.body}
      </div>
      {mail.files.length > 0 && (
        <>
          <Divider titlePlacement="start">{t('detail.files')}</Divider>
          <Flex vertical gap={4} data-testid="mail-files">
            {mail.files.map((f) => (
              <FileLink key={f.id} id={f.id} name={f.name} />
            ))}
          </Flex>
        </>
      )}
      {node}
    </div>
  );
}

/** `apps-email` (spec §2): one message with `?idMail=…` (its box in `box` when known), else the inbox. */
export default function MessagePage() {
  const [params] = useSearchParams();
  const id = params.get('idMail');
  const boxParam = params.get('box');
  const box: MailBox | null = boxParam === 'inbox' || boxParam === 'sent' ? boxParam : null;
  if (!id) return <Mailbox view="inbox" />;
  return (
    <MailFrame current={box}>
      <Message key={id} id={id} box={box} />
    </MailFrame>
  );
}
