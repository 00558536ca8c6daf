import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Segmented, Select, Typography } from 'antd';
import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import { PERMIT_PATHS } from '@portal/domain/permits/features';
import type { PermitSummary } from '@portal/domain/permits/schemas';
import { PERMIT_EXPIRING_DAYS } from '@portal/domain/permits/rules';
import { PERMIT_KINDS, PERMIT_STATUSES } from '@portal/domain/permits/state';
import { can, useAccess } from '../../app/access.ts';
import { permitKeys, permitsApi } from './api.ts';
import { SearchBox, type ListColumn, ServerTable, TrashButton, useServerList } from '../../platform/list/index.tsx';
import { requestPath, showDate, showPeriod, showTime, StatusTag, useCountryName } from './ui.tsx';

/** The department's queues: what waits for it first. */
const REVIEW_TABS = ['submitted', 'returned', 'approved', 'expiring', 'expired', 'rejected', 'all'] as const;
type ReviewTab = (typeof REVIEW_TABS)[number];

/**
 * The list of requests and permits. `employer`: the employer's own (drafts included), with the buttons to file
 * requests. `review`: the department's licensing list, by queue, with the employer column. Paging, keyword and
 * filters live in the address, so the list survives opening a request and coming back.
 */
export function PermitList({ mode }: { mode: 'employer' | 'review' }) {
  const { t } = useTranslation('permits');
  const navigate = useNavigate();
  const access = useAccess();
  const country = useCountryName();
  const mayFile = can(access, 'create', 'WorkerLicense') && mode === 'employer';
  const tabOf = (value: string | undefined): ReviewTab =>
    (REVIEW_TABS as readonly string[]).includes(value ?? '') ? (value as ReviewTab) : 'submitted';
  const { table, rowNumber, keyWord, setKeyWord, filter, set } = useServerList({
    key: (q) => permitKeys.list({ mode, ...q }),
    fetch: permitsApi.list,
    filters: ['kind', 'status', 'tab', 'expiring'],
    params: ({ kind, status, tab, expiring }) => {
      // `expiring=true`: the employer's workspace card of permits ending soon, the queue's own filter.
      if (mode !== 'review')
        return { kind, status, expiringWithinDays: expiring === 'true' ? PERMIT_EXPIRING_DAYS : undefined };
      const queue = tabOf(tab);
      if (queue === 'expiring') return { kind, expiringWithinDays: PERMIT_EXPIRING_DAYS };
      return { kind, status: queue === 'all' ? undefined : queue };
    },
    // The queues' own order (what waits longest, what expires soonest first); the columns do not sort.
    sortable: [],
    defaultSort: ({ tab }) => {
      if (mode !== 'review') return undefined;
      const queue = tabOf(tab);
      return queue === 'submitted'
        ? { sortBy: 'submittedAt', sortOrder: 'asc' }
        : queue === 'expiring'
          ? { sortBy: 'validTo', sortOrder: 'asc' }
          : { sortBy: 'updatedAt', sortOrder: 'desc' };
    },
  });
  const kind = filter('kind') || undefined;
  const status = filter('status') || undefined;
  const tab = tabOf(filter('tab'));
  const update = set;

  const columns: ListColumn<PermitSummary>[] = [
    {
      title: t('list.index'),
      key: 'index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => rowNumber(i),
    },
    {
      title: t('fields.worker'),
      key: 'worker',
      render: (_v, r) => (
        <Flex vertical>
          <Link to={requestPath(r.kind, r.id)}>{r.workerName}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {country(r.nationality)}
            {r.passportNumber ? ` · ${r.passportNumber}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(mode === 'review'
      ? [{ title: t('fields.business'), dataIndex: 'businessName', key: 'business', minWidth: 200, priority: 2 }]
      : []),
    {
      title: t('fields.kind'),
      key: 'kind',
      width: 130,
      priority: 3,
      render: (_v, r) => <span title={t(`kinds.${r.kind}`)}>{t(`kindsShort.${r.kind}`)}</span>,
    },
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      priority: 4,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('fields.validity'),
      key: 'validity',
      width: 200,
      priority: 5,
      render: (_v, r) => showPeriod(r.validFrom, r.validTo),
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 160,
      ellipsis: false,
      render: (_v, r) => <StatusTag status={r.status} />,
    },
    mode === 'review'
      ? {
          title: t('fields.submittedAt'),
          key: 'submittedAt',
          width: 150,
          priority: 2,
          render: (_v, r) => showTime(r.submittedAt),
        }
      : {
          title: t('fields.updatedAt'),
          key: 'updatedAt',
          width: 120,
          priority: 6,
          render: (_v, r) => showDate(r.updatedAt),
        },
  ];

  return (
    <Card>
      {mode === 'review' && (
        <Segmented
          style={{ marginBottom: 16 }}
          value={tab}
          onChange={(v) => update({ tab: v === 'submitted' ? null : String(v) })}
          options={REVIEW_TABS.map((k) => ({ value: k, label: t(`list.tabs.${k}`, { days: PERMIT_EXPIRING_DAYS }) }))}
        />
      )}
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('list.searchPlaceholder')} width={320} />
          <Select
            allowClear
            placeholder={t('fields.kind')}
            aria-label={t('fields.kind')}
            value={kind}
            onChange={(v: string | undefined) => update({ kind: v })}
            options={PERMIT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            style={{ width: 260 }}
          />
          {mode === 'employer' && (
            <Select
              allowClear
              placeholder={t('fields.status')}
              aria-label={t('fields.status')}
              value={status}
              onChange={(v: string | undefined) => update({ status: v })}
              options={PERMIT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              style={{ width: 180 }}
            />
          )}
        </Flex>
        {mayFile && (
          <Flex gap={8} wrap>
            <TrashButton area="WorkerLicense" />
            <Button icon={<FileAddOutlined />} onClick={() => navigate(PERMIT_PATHS.createConfirm)}>
              {t('list.newConfirm')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PERMIT_PATHS.create)}>
              {t('list.newLicense')}
            </Button>
          </Flex>
        )}
      </Flex>
      <ServerTable<PermitSummary>
        {...table}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => navigate(requestPath(r.kind, r.id)) })}
        empty={t('list.empty')}
      />
    </Card>
  );
}
