import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, Flex, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { INVESTIGATION_STATUSES } from '@portal/domain/accidents/rules';
import { INVESTIGATION_SORTS } from '@portal/domain/accidents/schemas';
import { can, useAccess } from '../../app/access.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  type ListColumn,
  useServerList,
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
  const { table, sortedAs, keyWord, setKeyWord, filter, setFilter } = useServerList({
    key: accidentKeys.investigations,
    fetch: accidentApi.investigations,
    filters: ['status', 'overdue'],
    params: ({ status, overdue }) => ({ status, overdue: overdue === 'true' ? 'true' : undefined }),
    sortable: INVESTIGATION_SORTS,
    defaultSort: { sortBy: 'dueOn', sortOrder: 'asc' },
    sortParam: 'sortField',
  });
  const status = filter('status');
  const overdue = filter('overdue') === 'true';
  const mayOpen = can(access, 'investigate', 'AccidentDeclaration');

  const columns: ListColumn<InvestigationSummary>[] = [
    {
      title: t('investigations.accident'),
      key: 'code',
      width: 150,
      sorter: true,
      sortOrder: sortedAs('code'),
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
      sortOrder: sortedAs('dueOn'),
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
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('list.search')} width={300} />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('list.allStatuses')}
            aria-label={t('investigations.status')}
            value={status || undefined}
            onChange={(v: string | undefined) => setFilter('status', v)}
            options={INVESTIGATION_STATUSES.map((s) => ({ value: s, label: t(`investigationStatuses.${s}`) }))}
          />
          <Checkbox checked={overdue} onChange={(e) => setFilter('overdue', e.target.checked ? 'true' : null)}>
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
        {...table}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => void navigate(investigationPath(r.id)) })}
        empty={t('investigations.empty')}
        data-testid="investigation-list"
      />
    </Card>
  );
}
