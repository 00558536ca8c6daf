import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popover,
  Progress,
  Segmented,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { AdminUnitSelect, ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { displayCount } from '../../platform/format.ts';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../platform/list/index.tsx';
import {
  expectedApi,
  expectedKeys,
  type ExpectedChange,
  type ExpectedRow,
  type OpenRun,
  type OpenedPeriodRow,
} from './api.ts';

const reportType = catalogByKey('reportType');
const showDate = (value: string | null | undefined) => (value ? dayjs(value).format(DATE_FORMAT) : '');
const showDateTime = (value: string | null | undefined) => (value ? dayjs(value).format(`${DATE_FORMAT} HH:mm`) : '');
const STATES = ['active', 'removed', 'all'] as const;
const CHANGE_COLORS: Record<string, string> = { added: 'green', restored: 'blue', removed: 'orange' };
/** An opening's progress is polled this often until it is over. */
const POLL_MS = 1000;
const unfinished = (run: OpenRun | undefined) => run?.status === 'queued' || run?.status === 'running';

/** Opens a period of the chosen type (its key typed: 2026, 2026-H1, 2026-Q3, 2026-07), after a confirmation. */
function OpenPeriodButton({ typeId, onStarted }: { typeId: string; onStarted: (run: OpenRun) => void }) {
  const { t } = useTranslation('reports');
  const confirm = useConfirm();
  const [key, setKey] = useState('');
  const [shown, setShown] = useState(false);
  const open = useMutation({ mutationFn: expectedApi.open, onSuccess: onStarted });
  const submit = () =>
    void confirm({
      title: t('expected.open'),
      content: t('expected.openConfirm', { periodKey: key.trim() }),
      okText: t('expected.open'),
      onOk: async () => {
        await open.mutateAsync({ reportTypeId: typeId, periodKey: key.trim() });
        setShown(false);
        setKey('');
      },
    });
  return (
    <Popover
      open={shown}
      onOpenChange={setShown}
      trigger="click"
      title={t('expected.open')}
      content={
        <Space.Compact>
          <Input
            aria-label={t('expected.period')}
            placeholder="2026-H1"
            value={key}
            maxLength={10}
            onChange={(e) => setKey(e.target.value)}
            onPressEnter={() => key.trim() && submit()}
            style={{ width: 140 }}
          />
          <Button type="primary" disabled={!key.trim()} loading={open.isPending} onClick={submit}>
            {t('expected.open')}
          </Button>
        </Space.Compact>
      }
    >
      <Button icon={<PlusOutlined />} data-testid="open-period">
        {t('expected.open')}
      </Button>
    </Popover>
  );
}

/**
 * An opening under way (a background run on the server): its progress, polled until it is over; then the answer
 * goes to `onDone`, or its error is said.
 */
function OpeningProgress({ runId, onDone }: { runId: string; onDone: (run: OpenRun) => void }) {
  const { t } = useTranslation('reports');
  const run = useQuery({
    queryKey: expectedKeys.run(runId),
    queryFn: ({ signal }) => expectedApi.run(runId, signal),
    refetchInterval: (query) => (query.state.data && !unfinished(query.state.data) ? false : POLL_MS),
  });
  const data = run.data;
  const over = Boolean(data && !unfinished(data));
  // Said once, however often the panel renders meanwhile.
  const told = useRef(false);
  useEffect(() => {
    if (!data || !over || told.current) return;
    told.current = true;
    onDone(data);
  }, [data, over, onDone]);
  const percent = data?.total ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <Card size="small" data-testid="open-period-progress">
      <Typography.Text>{t('expected.opening')}</Typography.Text>
      <Progress percent={percent} status={data?.status === 'failed' ? 'exception' : over ? 'success' : 'active'} />
    </Card>
  );
}

/** The changes to the list of a (type, period) since it opened, newest first. */
function ChangesCard({ typeId, periodKey }: { typeId: string; periodKey: string }) {
  const { t } = useTranslation('reports');
  const { table } = useServerList({
    prefix: 'c',
    pageSize: 10,
    key: (q) => expectedKeys.changes({ ...q, typeId, periodKey }),
    fetch: (q, signal) => expectedApi.changes({ ...q, reportTypeId: typeId, periodKey }, signal),
    sortable: [],
  });
  const columns: ListColumn<ExpectedChange>[] = [
    { title: t('expected.changeColumns.at'), dataIndex: 'at', width: 150, render: showDateTime },
    { title: t('expected.changeColumns.reporterName'), dataIndex: 'reporterName', minWidth: 220 },
    {
      title: t('expected.changeColumns.change'),
      dataIndex: 'change',
      width: 190,
      render: (v: string) => <Tag color={CHANGE_COLORS[v]}>{t(`changes.${v}`)}</Tag>,
    },
    { title: t('expected.changeColumns.reason'), dataIndex: 'reason', minWidth: 220, priority: 2 },
    { title: t('expected.changeColumns.actor'), dataIndex: 'actorName', width: 160, priority: 3 },
  ];
  return (
    <Card size="small" title={t('expected.changesTitle')}>
      <ServerTable<ExpectedChange>
        {...table}
        size="small"
        columns={columns}
        empty={t('expected.changesEmpty')}
        data-testid="expected-changes"
      />
    </Card>
  );
}

/**
 * Who must report for a (type, period): the reporters the assignment rules named when the period opened and
 * those added since, the ones removed with the reason, and every change to the list. The department opens a
 * period, or evaluates an open one again after changing the rules.
 */
export default function ExpectedPanel() {
  const { t } = useTranslation('reports');
  const access = useAccess();
  const keeper = can(access, 'update', 'ReportAssignment');
  const client = useQueryClient();
  const confirm = useConfirm();
  const [address] = useSearchParams();
  const typeId = address.get('type') ?? '';
  const periods = useQuery({
    queryKey: expectedKeys.periods(typeId),
    queryFn: ({ signal }) => expectedApi.periods(typeId, signal),
    enabled: Boolean(typeId),
  });
  // The newest opened period until another is chosen.
  const periodKey = address.get('period') || periods.data?.[0]?.periodKey || '';
  const period: OpenedPeriodRow | undefined = periods.data?.find((p) => p.periodKey === periodKey);
  const list = useServerList({
    key: (q) => expectedKeys.list(q),
    fetch: (q, signal) => expectedApi.list(q, signal),
    filters: ['type', 'period', 'state', 'ward'],
    params: (f) => ({ reportTypeId: f.type, periodKey, state: f.state, wardCode: f.ward }),
    sortable: ['reporterName', 'wardName', 'dueOn'],
    defaultSort: { sortBy: 'reporterName', sortOrder: 'asc' },
    enabled: Boolean(typeId && periodKey),
  });
  const state = (list.filter('state') || 'active') as (typeof STATES)[number];

  // The opening under way (the department opened a period or asked for its list again), followed to its end.
  const [runId, setRunId] = useState<string | null>(null);
  const onStarted = (run: OpenRun) => setRunId(run.id);
  const onDone = (run: OpenRun) => {
    setRunId(null);
    const answer = run.result;
    if (!answer) {
      toast.error(run.error?.message ?? t('expected.openFailed'));
      return;
    }
    toast.success(t('expected.opened', { added: answer.added + answer.restored, removed: answer.removed }));
    list.setFilter('period', answer.periodKey);
    void client.invalidateQueries({ queryKey: expectedKeys.all });
  };
  const evaluate = useMutation({ mutationFn: expectedApi.open, onSuccess: onStarted });

  const columns: ListColumn<ExpectedRow>[] = [
    {
      title: t('expected.columns.reporterName'),
      key: 'reporterName',
      dataIndex: 'reporterName',
      minWidth: 260,
      sorter: true,
      sortOrder: list.sortedAs('reporterName'),
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{name}</span>
          {r.taxCode && <Typography.Text type="secondary">{r.taxCode}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('expected.columns.reporterKind'),
      dataIndex: 'reporterKind',
      width: 170,
      priority: 3,
      render: (kind: string) => t(`reporterKinds.${kind}`),
    },
    {
      title: t('expected.columns.wardCode'),
      key: 'wardName',
      dataIndex: 'wardName',
      width: 190,
      priority: 2,
      sorter: true,
      sortOrder: list.sortedAs('wardName'),
    },
    {
      title: t('expected.columns.dueOn'),
      key: 'dueOn',
      dataIndex: 'dueOn',
      width: 120,
      sorter: true,
      sortOrder: list.sortedAs('dueOn'),
      render: showDate,
    },
    {
      title: t('expected.columns.status'),
      key: 'status',
      width: 150,
      render: (_v, r) =>
        r.removedAt ? (
          <Tooltip title={r.removedReason}>
            <Tag color="orange">{t('expected.removed')}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t('expected.active')}</Tag>
        ),
    },
    {
      title: t('expected.columns.removedReason'),
      dataIndex: 'removedReason',
      minWidth: 200,
      priority: 4,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={8} wrap align="center">
            <div style={{ width: 360 }}>
              <ReferenceSelect
                target={reportType}
                value={typeId || null}
                onChange={(v) => list.setFilters({ type: v ?? null, period: null })}
                placeholder={t('expected.reportType')}
                id="expected-report-type"
              />
            </div>
            <Select
              aria-label={t('expected.period')}
              placeholder={t('expected.period')}
              style={{ width: 200 }}
              disabled={!typeId}
              value={periodKey || undefined}
              onChange={(v: string) => list.setFilter('period', v)}
              options={(periods.data ?? []).map((p) => ({ value: p.periodKey, label: p.periodKey }))}
              data-testid="expected-period"
            />
            {period && (
              <Typography.Text type="secondary">
                {t('expected.schedule', { opensOn: showDate(period.opensOn), dueOn: showDate(period.dueOn) })}
              </Typography.Text>
            )}
          </Flex>
          {keeper && typeId && (
            <Flex gap={8}>
              {period && (
                <Button
                  icon={<SyncOutlined />}
                  loading={evaluate.isPending || runId !== null}
                  onClick={() =>
                    void confirm({
                      title: t('expected.reevaluate'),
                      content: t('expected.reevaluateConfirm', { periodKey }),
                      okText: t('expected.reevaluate'),
                      onOk: () => evaluate.mutateAsync({ reportTypeId: typeId, periodKey }),
                    })
                  }
                >
                  {t('expected.reevaluate')}
                </Button>
              )}
              <OpenPeriodButton typeId={typeId} onStarted={onStarted} />
            </Flex>
          )}
        </Flex>
      </Card>
      {runId && <OpeningProgress runId={runId} onDone={onDone} />}
      {!typeId || !periodKey ? (
        <Card>
          <Empty description={typeId && periods.isSuccess ? t('expected.noPeriod') : t('expected.choose')} />
        </Card>
      ) : (
        <>
          <Card size="small">
            <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
              <Segmented
                value={state}
                onChange={(v) => list.setFilter('state', v === 'active' ? null : String(v))}
                options={STATES.map((s) => ({
                  value: s,
                  label:
                    s === 'all'
                      ? t('expected.all')
                      : `${t(`expected.${s}`)} (${displayCount(s === 'active' ? period?.expected : period?.removed)})`,
                }))}
              />
              <SearchBox value={list.keyWord} onSearch={list.setKeyWord} placeholder={t('expected.search')} />
              <div style={{ width: 240 }}>
                <AdminUnitSelect
                  level="ward"
                  value={list.filter('ward') || null}
                  onChange={(v) => list.setFilter('ward', v ?? null)}
                  placeholder={t('expected.columns.wardCode')}
                />
              </div>
            </Flex>
            <ServerTable<ExpectedRow>
              {...list.table}
              size="small"
              columns={columns}
              empty={t('expected.empty')}
              data-testid="expected-list"
            />
          </Card>
          <ChangesCard typeId={typeId} periodKey={periodKey} />
        </>
      )}
    </Space>
  );
}
