import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Select, Skeleton, Table, Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@portal/domain/notifications/kinds';
import type { NotificationPreference } from '@portal/domain/notifications/schemas';
import { toast } from '../../app/toast.ts';
import { notificationApi, notificationKeys } from './api.ts';

/**
 * How the signed-in user receives each kind of notification (the account page's tab): in the portal, by mail at
 * once, in a daily digest, or off. Statutory kinds show locked: they cannot be turned off.
 */
export function PreferencesSection() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => notificationApi.preferences(signal),
  });
  const save = useMutation({
    mutationFn: (change: { kind: string; channel: NotificationChannel }) => notificationApi.savePreferences([change]),
    onSuccess: (next) => {
      queryClient.setQueryData(notificationKeys.preferences, next);
      toast.success(t('preferences.saved'));
    },
    onError: (err) => toast.error((err as Error).message),
  });
  if (!prefs.data)
    return prefs.isError ? <Alert type="error" title={(prefs.error as Error).message} /> : <Skeleton active />;
  return (
    <div data-testid="notification-preferences">
      <Alert type="info" showIcon title={t('preferences.hint')} style={{ marginBottom: 16 }} />
      <Table<NotificationPreference>
        rowKey="kind"
        size="middle"
        pagination={false}
        dataSource={prefs.data}
        columns={[
          {
            key: 'kind',
            title: t('preferences.kind'),
            render: (_: unknown, p) => (
              <>
                {t(`kinds.${p.kind}.label`)}{' '}
                {p.statutory && (
                  <Tooltip title={t('preferences.statutory')}>
                    <Tag icon={<LockOutlined />} data-testid={`statutory-${p.kind}`}>
                      {t('preferences.statutory')}
                    </Tag>
                  </Tooltip>
                )}
              </>
            ),
          },
          {
            key: 'channel',
            title: t('preferences.channel'),
            width: 240,
            render: (_: unknown, p) => (
              <Select<NotificationChannel>
                value={p.channel}
                style={{ width: '100%' }}
                disabled={save.isPending}
                aria-label={t(`kinds.${p.kind}.label`)}
                data-testid={`channel-${p.kind}`}
                onChange={(channel) => save.mutate({ kind: p.kind, channel })}
                options={NOTIFICATION_CHANNELS.map((c) => ({
                  value: c,
                  label: t(`preferences.channels.${c}`),
                  // Statutory kinds cannot be turned off (the API refuses it too).
                  disabled: c === 'off' && p.statutory,
                }))}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
