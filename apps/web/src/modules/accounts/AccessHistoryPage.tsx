import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Tag, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { HISTORY_ACTIONS } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { listQuery, type HistoryEntry, type Page } from './api.ts';
import { accentFreeSearch, formatDateTime, useAccountsText } from './common.tsx';
import './accounts.css';
import { ServerTable } from '../../platform/list/index.tsx';

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
  const [filters, setFilters] = useState({
    pageNumber: 1,
    pageSize: 20,
    keyWord: '',
    action: undefined as string | undefined,
    fromDate: undefined as string | undefined,
    toDate: undefined as string | undefined,
    sortBy: undefined as string | undefined,
    sortOrder: undefined as string | undefined,
  });
  const query = useQuery({
    queryKey: ['accounts', 'history', filters],
    queryFn: ({ signal }) =>
      apiFetch<Page<HistoryEntry>>('/api/AccessHistory/get-paging', { signal, query: listQuery(filters) }),
    placeholderData: keepPreviousData,
  });
  const actionLabel = (a: string) => (HISTORY_ACTIONS.includes(a as never) ? t(`history.actions.${a}`) : a);
  const columns: TableProps<HistoryEntry>['columns'] = [
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
      title: t('history.fields.action'),
      sorter: true,
      width: 200,
      render: (_, h) => <Tag color={COLORS[h.action] ?? 'default'}>{actionLabel(h.action)}</Tag>,
    },
    {
      key: 'subject',
      title: t('history.fields.subject'),
      ellipsis: true,
      responsive: ['lg'],
      render: (_, h) => {
        const reason = (h.details as { reason?: string } | null)?.reason;
        const subject =
          h.subject && i18n.exists(`accounts:permissions.subjects.${h.subject}`)
            ? t(`permissions.subjects.${h.subject}`)
            : h.subject;
        return (
          [subject, reason ? t(`history.reasons.${reason}`, { defaultValue: reason }) : null]
            .filter(Boolean)
            .join(' · ') || '—'
        );
      },
    },
    { key: 'ip', dataIndex: 'ip', title: t('history.fields.ip'), sorter: true, width: 140 },
    {
      key: 'agent',
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
          <Input.Search
            className="acc-grow"
            allowClear
            placeholder={t('history.search')}
            aria-label={t('history.search')}
            onSearch={(v) => setFilters((f) => ({ ...f, pageNumber: 1, keyWord: v.trim() }))}
          />
          <Select
            allowClear
            showSearch={accentFreeSearch}
            placeholder={t('history.fields.action')}
            style={{ width: 240 }}
            options={HISTORY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            onChange={(v) => setFilters((f) => ({ ...f, pageNumber: 1, action: v }))}
          />
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            placeholder={[t('history.from'), t('history.to')]}
            onChange={(range) => {
              const [from, to] = (range ?? [null, null]) as [Dayjs | null, Dayjs | null];
              setFilters((f) => ({
                ...f,
                pageNumber: 1,
                fromDate: from?.format('YYYY-MM-DD'),
                toDate: to?.format('YYYY-MM-DD'),
              }));
            }}
          />
        </div>
      </Card>
      <Card>
        <ServerTable<HistoryEntry>
          size="small"
          list={query}
          columns={columns}
          paging={filters}
          onPaging={(p) => setFilters((f) => ({ ...f, ...p }))}
          scroll={{ x: 820 }}
          empty={t('history.empty')}
          data-testid="history-table"
        />
      </Card>
    </div>
  );
}
