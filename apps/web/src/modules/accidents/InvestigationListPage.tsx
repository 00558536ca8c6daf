import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { INVESTIGATION_STATUSES } from '@portal/domain/accidents/rules';
import { can, useAccess } from '../../app/access.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  sortedAs,
  type ListColumn,
  useUrlListState,
} from '../../platform/list/index.tsx';
import { accidentApi, accidentKeys, type InvestigationSummary } from './api.ts';
import { accidentPath, InvestigationStatusTag, investigationPath, SeverityTag, showDate } from './ui.tsx';

/**
 * /an-toan-ve-sinh-lao-dong/quan-li-tai-nan-lao-dong/danh-sach: investigations of the accidents the caller sees,
 * the nearest deadline first; open, concluded or overdue only.
 */
export default function InvestigationListPage() {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const access = useAccess();
  const state = useUrlListState();
  const { pageNumber, pageSize, paging } = state;
  const keyWord = state.get('q');
  const status = state.get('status');
  const overdue = state.get('overdue') === 'true';
  const mayOpen = can(access, 'investigate', 'AccidentDeclaration');

  const query = useMemo(() => {
    const q: Record<string, unknown> = { pageNumber, pageSize, keyWord };
    if (status) q.status = status;
    if (overdue) q.overdue = 'true';
    if (paging.sortBy) {
      q.sortField = paging.sortBy;
      q.sortOrder = paging.sortOrder;
    }
    return q;
  }, [pageNumber, pageSize, keyWord, status, overdue, paging.sortBy, paging.sortOrder]);

  const list = useQuery({
    queryKey: accidentKeys.investigations(query),
    queryFn: ({ signal }) => accidentApi.investigations(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns: ListColumn<InvestigationSummary>[] = [
    {
      title: t('investigations.accident'),
      key: 'code',
      width: 150,
      sorter: true,
      sortOrder: sortedAs(paging, 'code'),
      render: (_v, r) => <Link to={investigationPath(r.id)}>{r.accidentCode}</Link>,
    },
    {
      title: t('fields.business'),
      key: 'businessName',
      minWidth: 220,
      render: (_v, r) => <Link to={accidentPath(r.accidentId)}>{r.businessName ?? '—'}</Link>,
    },
    {
      title: t('fields.severity'),
      key: 'severity',
      width: 130,
      render: (_v, r) => <SeverityTag severity={r.severity} />,
    },
    {
      title: t('investigations.class'),
      key: 'class',
      minWidth: 200,
      priority: 4,
      render: (_v, r) => t(`investigationClasses.${r.investigationClass}`),
    },
    {
      title: t('investigations.notifiedOn'),
      key: 'notifiedOn',
      width: 120,
      priority: 3,
      render: (_v, r) => showDate(r.notifiedOn),
    },
    {
      title: t('investigations.dueOn'),
      key: 'dueOn',
      width: 130,
      sorter: true,
      sortOrder: sortedAs(paging, 'dueOn') ?? (paging.sortBy ? null : 'ascend'),
      render: (_v, r) => showDate(r.dueOn),
    },
    {
      title: t('investigations.status'),
      key: 'status',
      width: 140,
      ellipsis: false,
      render: (_v, r) => <InvestigationStatusTag status={r.status} overdue={r.overdue} />,
    },
    {
      title: '',
      key: 'actions',
      width: actionsWidth(1),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => (
        <RowActions actions={[{ kind: 'view', onClick: () => void navigate(investigationPath(r.id)) }]} />
      ),
    },
  ];

  return (
    <Card title={t('investigations.title')}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <SearchBox value={keyWord} onSearch={(q) => state.set({ q })} placeholder={t('list.search')} width={300} />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('list.allStatuses')}
            aria-label={t('investigations.status')}
            value={status || undefined}
            onChange={(v: string | undefined) => state.set({ status: v ?? null })}
            options={INVESTIGATION_STATUSES.map((s) => ({ value: s, label: t(`investigationStatuses.${s}`) }))}
          />
          <Checkbox checked={overdue} onChange={(e) => state.set({ overdue: e.target.checked ? 'true' : null })}>
            {t('investigations.onlyOverdue')}
          </Checkbox>
        </Flex>
        {mayOpen && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(ACCIDENT_PATHS.investigationCreate)}
          >
            {t('investigations.create')}
          </Button>
        )}
      </Flex>
      <ServerTable<InvestigationSummary>
        list={list}
        columns={columns}
        paging={paging}
        onPaging={state.onPaging}
        onRow={(r) => ({ onDoubleClick: () => void navigate(investigationPath(r.id)) })}
        empty={t('investigations.empty')}
        data-testid="investigation-list"
      />
    </Card>
  );
}
