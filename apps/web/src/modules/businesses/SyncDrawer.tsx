import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Input,
  List,
  Progress,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CloudSyncOutlined, SyncOutlined } from '@ant-design/icons';
import type { SyncRun } from '@portal/domain/integration/business-registry';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { syncApi, type RegistryItem } from './api.ts';
import { errorText, showDateTime } from './shared.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';

const RUN_COLORS: Record<SyncRun['status'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};
const active = (run: SyncRun | null | undefined) => run?.status === 'queued' || run?.status === 'running';
/** Progress is polled this often while a run is queued or running. */
const POLL_MS = 2000;

/**
 * Synchronisation with the provincial business registry: the latest run's live progress, the registry's list
 * (marked when the employer is already in the portal) to synchronise chosen employers, or all of them.
 */
export function SyncDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['integration', 'businesses']);
  const access = useAccess();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const mayRun = can(access, 'create', 'BusinessSync');
  const [page, setPage] = useState(1);
  const [keyWord, setKeyWord] = useState('');
  const [selected, setSelected] = useState<string[]>([]);

  const status = useQuery({
    queryKey: ['businesses', 'sync', 'status'],
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<Awaited<ReturnType<typeof syncApi.status>>>([
        'businesses',
        'sync',
        'status',
      ]);
      const next = await syncApi.status(signal);
      // A run just finished: the employers and the registry marks have changed.
      if (active(previous?.run) && !active(next.run)) {
        void queryClient.invalidateQueries({ queryKey: ['catalog', 'bussiness'] });
        void queryClient.invalidateQueries({ queryKey: ['businesses', 'sync', 'registry'] });
      }
      return next;
    },
    enabled: open,
    refetchInterval: (q) => (active(q.state.data?.run) ? POLL_MS : false),
  });
  const registry = useQuery({
    queryKey: ['businesses', 'sync', 'registry', page, keyWord],
    queryFn: ({ signal }) => syncApi.registry({ pageNumber: page, pageSize: 20, keyWord }, signal),
    enabled: open && status.data?.configured === true,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const start = useMutation({
    mutationFn: (codes: string[] | null) => (codes ? syncApi.chosen(codes) : syncApi.all()),
    onSuccess: (run) => {
      queryClient.setQueryData(['businesses', 'sync', 'status'], { configured: true, run });
      setSelected([]);
      toast.info(t('businesses:sync.requested'));
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const run = status.data?.run ?? null;
  const running = active(run);
  const percent = run?.total
    ? Math.min(100, Math.round(((run.done + run.failed) / run.total) * 100))
    : running
      ? 0
      : 100;

  return (
    <Drawer open={open} onClose={onClose} size={980} title={t('integration:sync.title')} destroyOnHidden>
      {status.data && !status.data.configured && (
        <Alert type="warning" showIcon message={t('integration:sync.notConfigured')} />
      )}
      {status.data?.configured && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card size="small" title={t('businesses:sync.latestRun')} data-testid="sync-progress">
            {run ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Flex gap={16} align="center" wrap>
                  <Tag icon={running ? <SyncOutlined spin /> : undefined} color={RUN_COLORS[run.status]}>
                    {t(`integration:sync.status.${run.status}`)}
                  </Tag>
                  <Typography.Text>{t(`businesses:sync.kinds.${run.kind}`)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('integration:sync.progress', { done: run.done + run.failed, total: run.total ?? '…' })}
                  </Typography.Text>
                </Flex>
                <Progress
                  percent={percent}
                  status={run.status === 'failed' ? 'exception' : running ? 'active' : 'success'}
                />
                <Flex gap={32} wrap>
                  <Statistic title={t('businesses:sync.total')} value={run.total ?? '—'} />
                  <Statistic title={t('businesses:sync.done')} value={run.done} />
                  <Statistic title={t('businesses:sync.created')} value={run.created} />
                  <Statistic title={t('businesses:sync.updated')} value={run.updated} />
                  <Statistic
                    title={t('businesses:sync.failed')}
                    value={run.failed}
                    valueStyle={run.failed ? { color: '#cf1322' } : undefined}
                  />
                </Flex>
                <Descriptions size="small" column={2}>
                  <Descriptions.Item label={t('integration:sync.startedAt')}>
                    {showDateTime(run.startedAt)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('integration:sync.finishedAt')}>
                    {showDateTime(run.finishedAt)}
                  </Descriptions.Item>
                </Descriptions>
                {run.error && <Alert type="error" showIcon message={run.error} />}
                {run.errors.length > 0 && (
                  <List
                    size="small"
                    bordered
                    header={t('integration:sync.failed', { count: run.failed })}
                    dataSource={run.errors}
                    renderItem={(e) => (
                      <List.Item>
                        <Typography.Text code>{e.taxCode ?? '—'}</Typography.Text>{' '}
                        {t(`integration:sync.${e.message}`, { defaultValue: e.message })}
                      </List.Item>
                    )}
                  />
                )}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('businesses:sync.neverRun')}</Typography.Text>
            )}
          </Card>
          <Card
            size="small"
            title={t('businesses:sync.registry')}
            extra={
              mayRun && (
                <Space>
                  <Button
                    icon={<CloudSyncOutlined />}
                    disabled={!selected.length || running}
                    loading={start.isPending}
                    onClick={() => start.mutate(selected)}
                  >
                    {t('integration:sync.startSelected')} {selected.length ? `(${selected.length})` : ''}
                  </Button>
                  <Button
                    type="primary"
                    icon={<SyncOutlined />}
                    disabled={running}
                    loading={start.isPending}
                    onClick={() =>
                      void confirm({
                        title: t('integration:sync.start'),
                        content: t('businesses:sync.allConfirm', { total: registry.data?.totalRecord ?? '…' }),
                        okText: t('integration:sync.start'),
                        cancelText: t('businesses:actions.cancel'),
                        onOk: () => start.mutateAsync(null),
                      })
                    }
                  >
                    {t('integration:sync.start')}
                  </Button>
                </Space>
              )
            }
          >
            <Input.Search
              allowClear
              placeholder={t('businesses:sync.searchPlaceholder')}
              aria-label={t('businesses:actions.search')}
              onSearch={(v) => {
                setKeyWord(v.trim());
                setPage(1);
              }}
              style={{ maxWidth: 360, marginBottom: 12 }}
            />
            {registry.isError && (
              <Alert type="error" showIcon message={errorText(registry.error)} style={{ marginBottom: 12 }} />
            )}
            <Table<RegistryItem>
              rowKey="taxCode"
              size="small"
              loading={registry.isFetching}
              dataSource={registry.data?.pageLists ?? []}
              rowSelection={
                mayRun
                  ? {
                      selectedRowKeys: selected,
                      onChange: (k) => setSelected(k as string[]),
                      preserveSelectedRowKeys: true,
                    }
                  : undefined
              }
              pagination={{
                current: page,
                pageSize: 20,
                total: registry.data?.totalRecord ?? 0,
                showSizeChanger: false,
                onChange: setPage,
              }}
              columns={[
                { title: t('businesses:areas.bussiness.fields.code'), dataIndex: 'taxCode', width: 120 },
                {
                  title: t('businesses:areas.bussiness.fields.name'),
                  dataIndex: 'name',
                  render: (v: string, r) => (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text>{v}</Typography.Text>
                      <Typography.Text type="secondary">
                        {r.legalForm} · {r.address.wardName ?? '—'}
                      </Typography.Text>
                    </Space>
                  ),
                },
                {
                  title: t('businesses:areas.bussiness.fields.registryStatus'),
                  dataIndex: 'status',
                  width: 140,
                  render: (v: string) => t(`businesses:employers.registryStatuses.${v}`),
                },
                {
                  title: t('businesses:sync.inPortal'),
                  dataIndex: 'isSynced',
                  width: 140,
                  render: (v: boolean) =>
                    v ? (
                      <Tag color="green">{t('integration:sync.synced')}</Tag>
                    ) : (
                      <Tag>{t('integration:sync.notSynced')}</Tag>
                    ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
