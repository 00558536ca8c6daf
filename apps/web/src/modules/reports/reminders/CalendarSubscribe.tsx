import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { CalendarOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { api, type ResponseOf } from '../../../platform/api/client.ts';
import { useConfirm } from '../../../platform/dialogs/index.tsx';
import { toast } from '../../../app/toast.ts';

type Link = ResponseOf<'/api/Report/calendar-link'>;
const linkKey = ['reports', 'calendar-link'] as const;

/**
 * "Subscribe to due dates" for a reporter's filing page: the unit's reports not filed yet as a calendar feed
 * (iCalendar) the user adds to their calendar app, with a reminder 7 days before each due day. The dialog shows
 * the private address, copies it, opens it as a webcal: link, and makes a new one (after a confirmation) when
 * the old one leaked. Show it to users who file reports (the API answers 403 to others).
 */
export function CalendarSubscribeButton() {
  const { t } = useTranslation('reportReminders');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)} data-testid="report-calendar-subscribe">
        {t('subscribe.button')}
      </Button>
      {open && <CalendarSubscribeDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function CalendarSubscribeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reportReminders');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: linkKey,
    queryFn: ({ signal }) => api.get('/api/Report/calendar-link', { signal }),
  });
  const reset = useMutation({
    mutationFn: () => api.post('/api/Report/calendar-link/reset', { body: { confirm: true } }),
    onSuccess: (next: Link) => {
      queryClient.setQueryData(linkKey, next);
      toast.success(t('subscribe.resetDone'));
    },
    onError: (err) => toast.error((err as Error).message),
  });
  const copy = (url: string) =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success(t('subscribe.copied')))
      .catch(() => undefined);

  return (
    <Modal
      open
      title={t('subscribe.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('subscribe.close')}</Button>}
      width={640}
      data-testid="report-calendar-dialog"
    >
      {link.isError ? (
        <Alert type="error" showIcon title={(link.error as Error).message} />
      ) : !link.data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('subscribe.hint')}</Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={link.data.url}
              aria-label={t('subscribe.link')}
              data-testid="report-calendar-url"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => copy(link.data.url)}>
              {t('subscribe.copy')}
            </Button>
          </Space.Compact>
          <Space wrap>
            <Button type="primary" icon={<CalendarOutlined />} href={link.data.webcalUrl}>
              {t('subscribe.open')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              loading={reset.isPending}
              onClick={() =>
                void confirm({
                  title: t('subscribe.reset'),
                  content: t('subscribe.resetConfirm'),
                  okText: t('subscribe.reset'),
                  danger: true,
                  onOk: () => reset.mutateAsync(),
                })
              }
            >
              {t('subscribe.reset')}
            </Button>
          </Space>
          <Alert type="warning" showIcon title={t('subscribe.private')} />
        </Space>
      )}
    </Modal>
  );
}
