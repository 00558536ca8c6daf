import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Select, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { HISTORY_ACTIONS } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { listQuery, type HistoryEntry, type Page } from './api.ts';
import { accentFreeSearch, formatDateTime, useAccountsText } from './common.tsx';
import './accounts.css';
import { SearchBox, type ListColumn, ServerTable, useUrlListState } from '../../platform/list/index.tsx';

const COLORS: Record<string, string> = {
  login: 'green',
  logout: 'blue',
  login_failed: 'red',
  refresh_token_reuse: 'volcano',
  delete: 'orange',
  create: 'cyan',
  update: 'geekblue',
};

/** A short, readable browser name from a user agent. */
function browserOf(agent: string | null): string {
  if (!agent) return '—';
  const m = /(Edg|OPR|Chrome|Firefox|Safari)\/([\d]+)/.exec(agent);
  const os = /Windows|Android|iPhone|iPad|Mac OS X|Linux/.exec(agent)?.[0] ?? '';
  if (!m) return agent.slice(0, 40);
  const name = { Edg: 'Edge', OPR: 'Opera' }[m[1]!] ?? m[1];
  return `${name} ${m[2]}${os ? ` · ${os.replace('Mac OS X', 'macOS')}` : ''}`;
}

/** `/nguoi-dung/lich-su-truy-cap/danh-sach`: sign-ins, sign-outs, failed sign-ins and data changes. */
export default function AccessHistoryPage() {
  const { t, i18n } = useAccountsText();
  // Paging, sorting and filters in the address, as every list.
  const state = useUrlListState();
  const filters = {
    ...state.paging,
    keyWord: state.get('q'),
    action: state.get('action') || undefined,
    fromDate: state.get('from') || undefined,
    toDate: state.get('to') || undefined,
  };
  const query = useQuery({
    queryKey: ['accounts', 'history', filters],
    queryFn: ({ signal }) =>
      apiFetch<Page<HistoryEntry>>('/api/AccessHistory/get-paging', { signal, query: listQuery(filters) }),
    placeholderData: keepPreviousData,
  });
  // Every action the API records has its words (workflow moves included); an unknown one shows as recorded.
  const actionLabel = (a: string) => (i18n.exists(`accounts:history.actions.${a}`) ? t(`history.actions.${a}`) : a);
  const columns: ListColumn<HistoryEntry>[] = [
    {
      key: 'at',
      title: t('history.fields.at'),
      sorter: true,
      defaultSortOrder: 'descend',
      width: 150,
      render: (_, h) => formatDateTime(h.at, i18n.language),
    },
    {
      key: 'userName',
      title: t('history.fields.user'),
      sorter: true,
      ellipsis: true,
      render: (_, h) => (
        <span>
          {h.fullName ?? h.userName ?? '—'}
          {h.fullName && h.userName && <small style={{ opacity: 0.7 }}> ({h.userName})</small>}
        </span>
      ),
    },
    {
      key: 'action',
      priority: 2,
      title: t('history.fields.action'),
      sorter: true,
      width: 200,
      render: (_, h) => <Tag color={COLORS[h.action] ?? 'default'}>{actionLabel(h.action)}</Tag>,
    },
    {
      key: 'subject',
      priority: 3,
      title: t('history.fields.subject'),
      ellipsis: true,
      responsive: ['lg'],
      render: (_, h) => {
        const reason = (h.details as { reason?: string } | null)?.reason;
        // Named as the permission tree names it (the API gives its key), else as recorded.
        const subject = h.subjectLabelKey ? t(h.subjectLabelKey) : h.subject;
        return (
          [subject, reason ? t(`history.reasons.${reason}`, { defaultValue: reason }) : null]
            .filter(Boolean)
            .join(' · ') || '—'
        );
      },
    },
    { key: 'ip', priority: 4, dataIndex: 'ip', title: t('history.fields.ip'), sorter: true, width: 140 },
    {
      key: 'agent',
      priority: 5,
      title: t('history.fields.agent'),
      width: 200,
      responsive: ['xl'],
      render: (_, h) => (
        <Tooltip title={h.userAgent}>
          <span>{browserOf(h.userAgent)}</span>
        </Tooltip>
      ),
    },
  ];
  return (
    <div className="acc-page">
      <Card>
        <div className="acc-toolbar">
          <SearchBox value={filters.keyWord} onSearch={(q) => state.set({ q })} placeholder={t('history.search')} />
          <Select
            allowClear
            showSearch={accentFreeSearch}
            placeholder={t('history.fields.action')}
            style={{ width: 240 }}
            options={HISTORY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            value={filters.action}
            onChange={(v: string | undefined) => state.set({ action: v })}
            aria-label={t('history.fields.action')}
          />
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            placeholder={[t('history.from'), t('history.to')]}
            value={[filters.fromDate ? dayjs(filters.fromDate) : null, filters.toDate ? dayjs(filters.toDate) : null]}
            onChange={(range) => {
              const [from, to] = (range ?? [null, null]) as [Dayjs | null, Dayjs | null];
              state.set({ from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') });
            }}
            aria-label={t('history.from')}
          />
        </div>
      </Card>
      <Card>
        <ServerTable<HistoryEntry>
          size="small"
          list={query}
          columns={columns}
          paging={state.paging}
          onPaging={state.onPaging}
          empty={t('history.empty')}
          data-testid="history-table"
        />
      </Card>
    </div>
  );
}
