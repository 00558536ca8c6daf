import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, DatePicker, Flex, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { ACCIDENT_STATUSES, SEVERITIES } from '@portal/domain/accidents/rules';
import { ACCIDENT_SORTS } from '@portal/domain/accidents/schemas';
import { DATE_FORMAT } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  type ListColumn,
  useServerList,
} from '../../platform/list/index.tsx';
import { accidentApi, accidentKeys, type AccidentSummary } from './api.ts';
import { accidentPath, investigationPath, SeverityTag, showTime, StatusTag } from './ui.tsx';

/**
 * /an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach: the declarations the caller sees (the employer
 * its own, a commune those of its commune, the department all), newest accident first; class, status, dates and
 * keyword in the address.
 */
export default function AccidentListPage() {
  const { t } = useTranslation('accidents');
  const navigate = useNavigate();
  const access = useAccess();
  const { table, sortedAs, keyWord, setKeyWord, filter, setFilter, setFilters } = useServerList({
    key: accidentKeys.list,
    fetch: accidentApi.list,
    // toInvestigate: the department's workspace card (fatal or serious, no investigation yet).
    filters: ['severity', 'status', 'from', 'to', 'toInvestigate'],
    params: ({ from, to, ...rest }) => ({ ...rest, occurredFrom: from, occurredTo: to }),
    sortable: ACCIDENT_SORTS,
    defaultSort: { sortBy: 'occurredAt', sortOrder: 'desc' },
    sortParam: 'sortField',
  });
  const severity = filter('severity');
  const status = filter('status');
  const from = filter('from');
  const to = filter('to');
  const toInvestigate = filter('toInvestigate') === 'true';
  const mayCreate = can(access, 'create', 'AccidentDeclaration');

  const columns: ListColumn<AccidentSummary>[] = [
    {
      title: t('fields.code'),
      key: 'code',
      width: 150,
      sorter: true,
      sortOrder: sortedAs('code'),
      render: (_v, r) => <Link to={accidentPath(r.id)}>{r.code}</Link>,
    },
    {
      title: t('fields.occurredAt'),
      key: 'occurredAt',
      width: 140,
      sorter: true,
      sortOrder: sortedAs('occurredAt'),
      render: (_v, r) => showTime(r.occurredAt),
    },
    {
      title: t('fields.declarant'),
      key: 'businessName',
      minWidth: 220,
      render: (_v, r) => r.businessName ?? r.declaredByUnitName ?? '—',
    },
    { title: t('fields.place'), dataIndex: 'place', key: 'place', minWidth: 200, priority: 3 },
    { title: t('fields.ward'), dataIndex: 'wardName', key: 'wardName', width: 180, priority: 4 },
    {
      title: t('list.victims'),
      key: 'victims',
      width: 110,
      align: 'center',
      priority: 2,
      render: (_v, r) => `${r.victimCount} / ${r.deathCount} / ${r.seriousCount}`,
    },
    {
      title: t('fields.severity'),
      key: 'severity',
      width: 130,
      sorter: true,
      sortOrder: sortedAs('severity'),
      render: (_v, r) => <SeverityTag severity={r.severity} />,
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 170,
      ellipsis: false,
      render: (_v, r) => <StatusTag status={r.status} />,
    },
    {
      title: t('list.investigation'),
      key: 'investigation',
      width: 100,
      align: 'center',
      priority: 5,
      render: (_v, r) =>
        r.investigationId ? <Link to={investigationPath(r.investigationId)}>{t('form.openInvestigation')}</Link> : '—',
    },
    {
      title: '',
      key: 'actions',
      width: actionsWidth(1),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => <RowActions actions={[{ kind: 'view', onClick: () => void navigate(accidentPath(r.id)) }]} />,
    },
  ];

  return (
    <Card title={t('list.title')}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('list.search')} width={300} />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('list.allSeverities')}
            aria-label={t('fields.severity')}
            value={severity || undefined}
            onChange={(v: string | undefined) => setFilter('severity', v)}
            options={SEVERITIES.map((s) => ({ value: s, label: t(`severities.${s}`) }))}
          />
          <Select
            allowClear
            style={{ width: 190 }}
            placeholder={t('list.allStatuses')}
            aria-label={t('fields.status')}
            value={status || undefined}
            onChange={(v: string | undefined) => setFilter('status', v)}
            options={ACCIDENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            placeholder={[t('list.occurredFrom'), t('list.occurredTo')]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            onChange={(range) =>
              setFilters({
                from: range?.[0]?.format('YYYY-MM-DD') ?? null,
                to: range?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
          {toInvestigate && (
            <Tag
              closable
              color="red"
              onClose={() => setFilter('toInvestigate', undefined)}
              data-testid="accident-to-investigate"
            >
              {t('list.toInvestigate')}
            </Tag>
          )}
        </Flex>
        {mayCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(ACCIDENT_PATHS.declarationCreate)}
            data-testid="accident-create"
          >
            {t('list.create')}
          </Button>
        )}
      </Flex>
      <ServerTable<AccidentSummary>
        {...table}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => void navigate(accidentPath(r.id)) })}
        empty={t('list.empty')}
        data-testid="accident-list"
      />
    </Card>
  );
}
