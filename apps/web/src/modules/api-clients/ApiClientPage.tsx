import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  API_CLIENTS_API,
  API_DATASETS,
  DATASET_KEYS,
  DEFAULT_GRACE_HOURS,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SECRET_DAYS,
  MAX_GRACE_HOURS,
  MAX_SECRET_DAYS,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
  type Credentials,
  type SecretStatus,
  type UsageRow,
} from '@portal/domain/api-clients/index';
import { formatDateTime } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { useSubmit } from '../../platform/form/use-submit.ts';
import { ServerTable, useServerList, type ListColumn } from '../../platform/list/index.tsx';
import { apiClientApi, apiClientKeys, type NewSecret } from './api.ts';

const STATUS_COLOURS: Record<SecretStatus, string> = {
  active: 'green',
  expiring: 'gold',
  expired: 'default',
  revoked: 'red',
};

/**
 * /tai-khoan-khai-thac/{id}/truy-cap: a linked account's API access: the datasets its client may read and its
 * rate limit, its secrets (created, rotated with a grace period, revoked; each shown once), and its usage log.
 */
export default function ApiClientPage() {
  const { t } = useTranslation('apiClients');
  const id = useParams().id ?? '';
  const access = useAccess();
  const mayEdit = can(access, 'update', 'AccountLinked');
  const queryClient = useQueryClient();
  const credentials = useQuery({
    queryKey: apiClientKeys.credentials(id),
    queryFn: ({ signal }) => apiClientApi.credentials(id, signal),
  });
  const [shown, setShown] = useState<NewSecret | null>(null);
  const refresh = (data?: Credentials) =>
    data
      ? queryClient.setQueryData(apiClientKeys.credentials(id), data)
      : queryClient.invalidateQueries({ queryKey: apiClientKeys.credentials(id) });

  if (credentials.error) return <Alert type="error" showIcon message={(credentials.error as Error).message} />;
  const data = credentials.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={data ? `${data.fullName ?? data.userName} (${data.userName})` : t('pageTitle')} loading={!data}>
        {data && (
          <>
            {!data.active && <Alert type="warning" showIcon message={t('inactive')} style={{ marginBottom: 12 }} />}
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'clientId',
                  label: t('clientId'),
                  children: (
                    <Typography.Text code copyable={{ tooltips: [t('secrets.copy'), t('secrets.copied')] }}>
                      {data.clientId}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'tokenUrl',
                  label: t('tokenUrl'),
                  children: <Typography.Text code>{`POST ${API_CLIENTS_API.token}`}</Typography.Text>,
                },
              ]}
            />
          </>
        )}
      </Card>
      {data && <SettingsCard id={id} data={data} mayEdit={mayEdit} onSaved={refresh} />}
      {data && <SecretsCard id={id} data={data} mayEdit={mayEdit} onChanged={refresh} onSecret={setShown} />}
      <UsageCard id={id} />
      <Modal
        open={!!shown}
        title={t('secrets.shownOnce')}
        onCancel={() => setShown(null)}
        onOk={() => setShown(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        data-testid="api-client-secret"
      >
        <Typography.Paragraph>{t('secrets.shownOnceHelp')}</Typography.Paragraph>
        <Typography.Paragraph
          code
          copyable={{ tooltips: [t('secrets.copy'), t('secrets.copied')] }}
          style={{ wordBreak: 'break-all' }}
        >
          {shown?.secret}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {t('secrets.expiresAt')}: {shown ? formatDateTime(shown.expiresAt) : ''}
        </Typography.Text>
      </Modal>
    </Space>
  );
}

function SettingsCard({
  id,
  data,
  mayEdit,
  onSaved,
}: {
  id: string;
  data: Credentials;
  mayEdit: boolean;
  onSaved: (data: Credentials) => unknown;
}) {
  const { t } = useTranslation('apiClients');
  const [form] = Form.useForm<{ scopes: string[]; rateLimitPerMinute: number }>();
  const { submit, busy } = useSubmit({
    send: (values: { scopes: string[]; rateLimitPerMinute: number }) =>
      apiClientApi.save(id, { scopes: values.scopes as never, rateLimitPerMinute: values.rateLimitPerMinute }),
    onSuccess: (saved: Credentials) => {
      onSaved(saved);
      toast.success(t('saved'));
    },
  });
  return (
    <Card title={t('settings')}>
      <Form
        form={form}
        layout="vertical"
        disabled={!mayEdit}
        initialValues={{ scopes: data.scopes, rateLimitPerMinute: data.rateLimitPerMinute || DEFAULT_RATE_LIMIT }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="scopes" label={t('scopes')} extra={t('scopesHelp')}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Flex wrap gap={8} style={{ width: '100%' }}>
              {DATASET_KEYS.map((key) => (
                <Tooltip
                  key={key}
                  title={
                    <>
                      {t('operations')}:
                      {API_DATASETS[key].operations.map(([method, path]) => (
                        <div key={path}>{`${method} ${path}`}</div>
                      ))}
                    </>
                  }
                >
                  <Checkbox value={key} style={{ minWidth: 300 }} data-testid={`scope-${key}`}>
                    {t(API_DATASETS[key].label)}
                  </Checkbox>
                </Tooltip>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="rateLimitPerMinute" label={t('rateLimit')} rules={[{ required: true }]}>
          <InputNumber min={RATE_LIMIT_MIN} max={RATE_LIMIT_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
        {mayEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function SecretsCard({
  id,
  data,
  mayEdit,
  onChanged,
  onSecret,
}: {
  id: string;
  data: Credentials;
  mayEdit: boolean;
  onChanged: (data?: Credentials) => unknown;
  onSecret: (secret: NewSecret) => void;
}) {
  const { t } = useTranslation('apiClients');
  const confirm = useConfirm();
  const [validDays, setValidDays] = useState<number>(DEFAULT_SECRET_DAYS);
  const [graceHours, setGraceHours] = useState<number>(DEFAULT_GRACE_HOURS);
  const create = useSubmit({
    send: () => apiClientApi.createSecret(id, validDays),
    onSuccess: (secret: NewSecret) => {
      onSecret(secret);
      void onChanged();
    },
  });
  type Secret = Credentials['secrets'][number];
  const live = (s: Secret) => s.status === 'active' || s.status === 'expiring';
  const columns = [
    { title: t('secrets.hint'), dataIndex: 'hint', key: 'hint', render: (v: string) => <code>…{v}</code> },
    { title: t('secrets.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: formatDateTime },
    { title: t('secrets.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt', render: formatDateTime },
    {
      title: t('secrets.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: SecretStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`secrets.states.${s}`)}</Tag>,
    },
    ...(mayEdit
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, s: Secret) =>
              live(s) && (
                <Space>
                  <Button
                    size="small"
                    onClick={() =>
                      void confirm({
                        title: t('secrets.rotate'),
                        content: (
                          <>
                            <p>{t('secrets.rotateConfirm')}</p>
                            <Space>
                              {t('secrets.graceHours')}
                              <InputNumber
                                min={0}
                                max={MAX_GRACE_HOURS}
                                precision={0}
                                defaultValue={graceHours}
                                onChange={(v) => setGraceHours(v ?? DEFAULT_GRACE_HOURS)}
                              />
                            </Space>
                          </>
                        ),
                        okText: t('secrets.rotate'),
                        onOk: async () => {
                          onSecret(await apiClientApi.rotate(id, s.id, graceHours));
                          await onChanged();
                        },
                      })
                    }
                  >
                    {t('secrets.rotate')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      void confirm({
                        title: t('secrets.revoke'),
                        content: t('secrets.revokeConfirm'),
                        okText: t('secrets.revoke'),
                        danger: true,
                        onOk: async () => {
                          await onChanged(await apiClientApi.revoke(id, s.id));
                          toast.success(t('secrets.revoked'));
                        },
                      })
                    }
                  >
                    {t('secrets.revoke')}
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={t('secrets.title')}
      extra={
        mayEdit && (
          <Space>
            {t('secrets.validDays')}
            <InputNumber
              min={1}
              max={MAX_SECRET_DAYS}
              precision={0}
              value={validDays}
              onChange={(v) => setValidDays(v ?? DEFAULT_SECRET_DAYS)}
              aria-label={t('secrets.validDays')}
            />
            <Button type="primary" loading={create.busy} onClick={() => void create.submit(undefined)}>
              {t('secrets.create')}
            </Button>
          </Space>
        )
      }
    >
      <Table<Secret>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.secrets}
        columns={columns}
        locale={{ emptyText: t('secrets.none') }}
      />
    </Card>
  );
}

function UsageCard({ id }: { id: string }) {
  const { t } = useTranslation('apiClients');
  const { table, filter, setFilter } = useServerList({
    key: apiClientKeys.usage(id),
    fetch: apiClientApi.usage(id),
    filters: ['failedOnly'],
    prefix: 'u',
  });
  const columns: ListColumn<UsageRow>[] = [
    { title: t('usage.at'), dataIndex: 'at', key: 'at', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('usage.operation'),
      key: 'operation',
      priority: 1,
      render: (_: unknown, r: UsageRow) => `${r.method} ${r.operation}`,
    },
    {
      title: t('usage.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: number) => <Tag color={s < 400 ? 'green' : s === 429 ? 'gold' : 'red'}>{s}</Tag>,
    },
    { title: t('usage.duration'), dataIndex: 'durationMs', key: 'durationMs', width: 160, align: 'right' },
  ];
  return (
    <Card
      title={t('usage.title')}
      extra={
        <Checkbox
          checked={filter('failedOnly') === 'true'}
          onChange={(e) => setFilter('failedOnly', e.target.checked ? 'true' : null)}
        >
          {t('usage.failedOnly')}
        </Checkbox>
      }
    >
      <ServerTable<UsageRow> {...table} columns={columns} empty={t('usage.empty')} data-testid="api-client-usage" />
    </Card>
  );
}
