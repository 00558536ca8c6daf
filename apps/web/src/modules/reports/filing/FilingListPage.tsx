import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Segmented, Select, Tag, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { FILING_SORTS, filingViewOf, submissionPath } from '@portal/domain/reports/workflow';
import { can, useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { newIdempotencyKey } from '../../../platform/form/index.ts';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../../platform/list/index.tsx';
import { CalendarSubscribeButton } from '../reminders/CalendarSubscribe.tsx';
import { filingApi, filingKeys, type FilingRow } from './api.ts';
import { FilingStatusTag, LateTag, dateText, dateTimeText, usePeriodText } from './parts.tsx';

/** The department's tabs: its queue first. A filer's: everything, what waits on it sorted first. */
const REVIEW_TABS = ['submitted', 'returned', 'overdue', 'accepted', 'all'] as const;
const FILER_TABS = ['all', 'open', 'draft', 'returned', 'overdue', 'submitted', 'accepted'] as const;
const PERIOD = /^\d{4}(-(H[12]|Q[1-4]|0[1-9]|1[0-2]))?$/;

/**
 * The address names the API's parameters (`status`, `reportTypeId`, `periodKey`, `mine`), so the workspace's cards
 * and the reminders open the list filtered as they counted it.
 *
 * `/nop-bao-cao/danh-sach` and the domains' views of it (annual OSH reports, the communes' reports, the action-month
 * summaries): one list, the view's report types fixed by its path. A filer sees its reports due, drafts and
 * returned ones first and opens one to fill it in; the department sees its queue of filed reports first; a commune
 * also reads its area's employers' reports. Tab, type, period, keyword and paging live in the address.
 */
export default function FilingListPage() {
  const { t } = useTranslation('reportFiling');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const view = filingViewOf(pathname);
  const access = useAccess();
  const reviewer = can(access, 'review', 'ReportSubmission');
  const mayOpen = can(access, 'create', 'ReportSubmission');
  const period = usePeriodText();
  const tabs: readonly string[] = reviewer ? REVIEW_TABS : FILER_TABS;
  const tabOf = (value: string | undefined) => (value && tabs.includes(value) ? value : tabs[0]!);
  const { table, rowNumber, sortedAs, keyWord, setKeyWord, filter, setFilter, setFilters } = useServerList({
    key: (q) => filingKeys.list({ view: view.key, ...q }),
    fetch: filingApi.list,
    filters: ['status', 'reportTypeId', 'periodKey', 'mine'],
    params: (f) => ({
      status: tabOf(f.status) === 'all' ? undefined : tabOf(f.status),
      reportTypeId: f.reportTypeId || undefined,
      typeCodes: view.typeCodes.length ? view.typeCodes.join(',') : undefined,
      periodKey: f.periodKey && PERIOD.test(f.periodKey) ? f.periodKey : undefined,
      mine: f.mine === 'true' ? 'true' : undefined,
    }),
    sortable: FILING_SORTS,
    sortParam: 'sortField',
  });
  const tab = tabOf(filter('status'));
  const types = useQuery({
    queryKey: filingKeys.types,
    queryFn: ({ signal }) => filingApi.types(signal),
    enabled: !view.typeCodes.length,
    staleTime: 5 * 60_000,
  });

  const open = useMutation({
    mutationFn: (row: FilingRow) => filingApi.open(row.reportTypeId, row.periodKey, newIdempotencyKey()),
    onSuccess: (s) => void navigate(submissionPath(s.id)),
    onError: (err) => toast.error(err instanceof Error ? err.message : String(err)),
  });

  /** The row's one action: fill in one's own report (opening it first), or read it. */
  const action = (r: FilingRow) => {
    if (r.submissionId) {
      const editing = r.mine && (r.status === 'draft' || r.status === 'returned');
      return (
        <Button
          size="small"
          icon={editing ? <EditOutlined /> : <EyeOutlined />}
          onClick={() => void navigate(submissionPath(r.submissionId!))}
          data-testid="filing-row-view"
        >
          {t(editing ? 'pages.list.continue' : 'pages.list.view')}
        </Button>
      );
    }
    if (!r.mine || !mayOpen) return null;
    const notYet = r.status === 'notOpen';
    const why = notYet
      ? t('pages.list.opensOn', { date: dateText(r.opensOn) })
      : r.closed
        ? t('pages.list.closedOn', { date: dateText(r.closesOn) })
        : null;
    const button = (
      <Button
        size="small"
        type="primary"
        icon={<EditOutlined />}
        disabled={!!why}
        loading={open.isPending && open.variables?.expectedId === r.expectedId}
        onClick={() => open.mutate(r)}
        data-testid="filing-row-open"
      >
        {t('pages.list.fill')}
      </Button>
    );
    return why ? <Tooltip title={why}>{button}</Tooltip> : button;
  };

  const columns: ListColumn<FilingRow>[] = [
    { title: t('pages.fields.index'), key: 'index', width: 56, align: 'center', render: (_v, _r, i) => rowNumber(i) },
    {
      title: t('pages.fields.report'),
      key: 'typeName',
      minWidth: 260,
      sorter: true,
      sortOrder: sortedAs('typeName'),
      render: (_v, r) => r.typeName,
    },
    {
      title: t('pages.fields.period'),
      key: 'periodKey',
      width: 170,
      sorter: true,
      sortOrder: sortedAs('periodKey'),
      render: (_v, r) => period(r.periodKey),
    },
    {
      title: t('pages.fields.reporter'),
      key: 'reporterName',
      minWidth: 220,
      priority: 2,
      sorter: true,
      sortOrder: sortedAs('reporterName'),
      render: (_v, r) => [r.reporterName, r.wardName].filter(Boolean).join(' — '),
    },
    {
      title: t('pages.fields.dueOn'),
      key: 'dueOn',
      width: 120,
      sorter: true,
      sortOrder: sortedAs('dueOn'),
      render: (_v, r) => dateText(r.dueOn),
    },
    {
      title: t('pages.fields.status'),
      key: 'status',
      width: 210,
      ellipsis: false,
      render: (_v, r) => (
        <Flex gap={4} wrap>
          <FilingStatusTag status={r.status} />
          <LateTag late={r.late} />
        </Flex>
      ),
    },
    { title: t('pages.fields.number'), key: 'number', width: 150, priority: 3, render: (_v, r) => r.number ?? '—' },
    {
      title: t('pages.fields.submittedAt'),
      key: 'submittedAt',
      width: 150,
      priority: 4,
      sorter: true,
      sortOrder: sortedAs('submittedAt'),
      render: (_v, r) => dateTimeText(r.submittedAt),
    },
    {
      title: t('pages.fields.actions'),
      key: 'actions',
      width: 150,
      align: 'center',
      ellipsis: false,
      render: (_v, r) => action(r),
    },
  ];

  return (
    <Card>
      <Segmented
        style={{ marginBottom: 16 }}
        value={tab}
        onChange={(v) => setFilter('status', v === tabs[0] ? null : String(v))}
        options={tabs.map((k) => ({ value: k, label: t(`pages.tabs.${k}`) }))}
        aria-label={t('pages.list.tabs')}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('pages.list.search')} width={320} />
        {!view.typeCodes.length && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 320, maxWidth: '100%' }}
            placeholder={t('pages.list.type')}
            aria-label={t('pages.list.type')}
            value={filter('reportTypeId') || undefined}
            loading={types.isLoading}
            options={(types.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
            onChange={(v?: string) => setFilters({ reportTypeId: v ?? null })}
            data-testid="filing-type-filter"
          />
        )}
        <Input
          allowClear
          style={{ width: 200 }}
          placeholder={t('pages.list.periodPlaceholder')}
          aria-label={t('pages.list.period')}
          defaultValue={filter('periodKey')}
          status={filter('periodKey') && !PERIOD.test(filter('periodKey')) ? 'error' : undefined}
          onPressEnter={(e) => setFilter('periodKey', e.currentTarget.value.trim() || null)}
          onChange={(e) => !e.target.value && setFilter('periodKey', null)}
          data-testid="filing-period-filter"
        />
        {filter('mine') === 'true' && (
          <Tag closable onClose={() => setFilter('mine', null)} style={{ alignSelf: 'center' }}>
            {t('pages.list.mine')}
          </Tag>
        )}
        {mayOpen && (
          // The reporter's due days in its own calendar (the reminders' feed).
          <div style={{ marginInlineStart: 'auto' }}>
            <CalendarSubscribeButton />
          </div>
        )}
      </Flex>
      <ServerTable<FilingRow>
        {...table}
        rowKey="expectedId"
        columns={columns}
        empty={t(reviewer ? 'pages.list.emptyReview' : 'pages.list.empty')}
        data-testid="filing-list"
      />
    </Card>
  );
}
