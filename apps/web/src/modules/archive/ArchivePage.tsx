import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Tabs, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, ExportOutlined, FolderAddOutlined } from '@ant-design/icons';
import { ARCHIVE_SORTS, ARCHIVE_SOURCES } from '@portal/domain/archive/index';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { can, useAccess } from '../../app/access.ts';
import { YearSelect } from '../../app/components/YearSelect.tsx';
import { toast } from '../../app/toast.ts';
import { ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useAskReason } from '../../platform/dialogs/index.tsx';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../platform/list/index.tsx';
import { archiveApi, archiveKeys, type ArchiveRow } from './api.ts';
import { ExportDialog } from './ExportDialog.tsx';

const STATUS_COLORS = { kept: 'blue', due: 'orange', disposed: 'default' } as const;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * `/quan-ly-ho-so-luu-tru/danh-sach`: the archive of closed records in the user's scope (the department all, a
 * commune its area, an employer its own): searched, filtered by index file, kind and year, sorted and paged by
 * the server, all in the address; a second tab lists the records due for disposal, where the department records
 * their disposal (with its basis, after a confirmation). The department files the closed records at once instead
 * of waiting for the night; whoever may export takes an index file's year, or the chosen records, as a ZIP.
 */
export default function ArchivePage() {
  const { t } = useTranslation('archive');
  const access = useAccess();
  const client = useQueryClient();
  const mayFile = can(access, 'file', 'ArchiveRecord');
  const mayDispose = can(access, 'dispose', 'ArchiveRecord');
  const mayExport = can(access, 'export', 'ArchiveRecord');
  const { table, rowNumber, keyWord, setKeyWord, filter, setFilter, sortedAs } = useServerList({
    key: archiveKeys.list,
    fetch: (q, signal) => archiveApi.list(q, signal),
    filters: ['tab', 'indexFileId', 'source', 'year'],
    params: ({ tab, ...rest }) => ({ ...rest, due: tab === 'due' ? 'true' : undefined }),
    sortable: ARCHIVE_SORTS,
    // The due list oldest first; the archive newest first.
    defaultSort: ({ tab }) =>
      tab === 'due' ? { sortBy: 'disposeOn', sortOrder: 'asc' } : { sortBy: 'closedOn', sortOrder: 'desc' },
  });
  const due = filter('tab') === 'due';
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const { ask, holder } = useAskReason();

  const refresh = () => client.invalidateQueries({ queryKey: archiveKeys.all });
  const fileNow = useMutation({
    mutationFn: () => archiveApi.file(),
    onSuccess: async (outcome) => {
      if (outcome.filed) toast.success(t('page.filed', { count: outcome.filed }));
      else toast.info(t('page.filedNone'));
      if (outcome.unfiled) toast.warning(t('page.unfiled', { count: outcome.unfiled }));
      await refresh();
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const dispose = useMutation({
    mutationFn: (reason: string) => archiveApi.dispose(selected, reason),
    onSuccess: async (answer) => {
      toast.success(t('page.disposed', { count: answer.disposed }));
      setSelected([]);
      await refresh();
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const askDisposal = () =>
    void ask({
      title: t('page.disposeTitle', { count: selected.length }),
      label: t('page.disposeReason'),
      okText: t('page.disposeOk'),
      cancelText: t('page.cancel'),
      danger: true,
      max: 1000,
      children: <Typography.Paragraph>{t('page.disposeContent')}</Typography.Paragraph>,
      onSubmit: (reason) => dispose.mutateAsync(reason),
      'data-testid': 'archive-dispose-dialog',
    });

  const sortable = (key: (typeof ARCHIVE_SORTS)[number]) => ({ key, sorter: true, sortOrder: sortedAs(key) });
  const columns: ListColumn<ArchiveRow>[] = [
    { title: t('fields.index'), key: 'index', width: 56, align: 'center', render: (_v, _r, i) => rowNumber(i) },
    { title: t('fields.number'), dataIndex: 'number', width: 140, ...sortable('number') },
    { title: t('fields.title'), dataIndex: 'title', minWidth: 260, ...sortable('title') },
    {
      title: t('fields.source'),
      key: 'source',
      width: 200,
      priority: 3,
      render: (_v, r) => t(`sources.${r.source}`),
    },
    {
      title: t('fields.indexFile'),
      key: 'indexFile',
      width: 200,
      priority: 2,
      render: (_v, r) => [r.indexFileCode, r.indexFileName].filter(Boolean).join(' – '),
    },
    { title: t('fields.business'), dataIndex: 'businessName', width: 200, priority: 4 },
    {
      title: t('fields.closedOn'),
      dataIndex: 'closedOn',
      width: 130,
      render: (v: string) => formatDate(v),
      ...sortable('closedOn'),
    },
    {
      title: t('fields.retention'),
      key: 'retention',
      width: 130,
      priority: due ? 3 : 2,
      render: (_v, r) =>
        r.retentionYears === null ? t('retention.permanent') : t('retention.years', { count: r.retentionYears }),
    },
    {
      title: t('fields.disposeOn'),
      dataIndex: 'disposeOn',
      width: 130,
      // What the due list is about.
      priority: due ? 1 : 2,
      render: (v: string | null) => (v ? formatDate(v) : '—'),
      ...sortable('disposeOn'),
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 150,
      ellipsis: false,
      render: (_v, r) => {
        const tag = <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>;
        return r.status === 'disposed' ? (
          <Tooltip
            title={[r.disposalReason, r.disposedByName, formatDateTime(r.disposedAt)].filter(Boolean).join(' · ')}
          >
            {tag}
          </Tooltip>
        ) : (
          tag
        );
      },
    },
  ];

  // Records are chosen to export them, or (due list) to record their disposal.
  const selectable = mayExport || (due && mayDispose);
  return (
    <Card>
      <Tabs
        activeKey={due ? 'due' : 'all'}
        onChange={(key) => {
          setSelected([]);
          setFilter('tab', key === 'due' ? 'due' : null);
        }}
        items={[
          { key: 'all', label: t('page.tabs.all') },
          { key: 'due', label: t('page.tabs.due') },
        ]}
      />
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <SearchBox
          value={keyWord}
          onSearch={setKeyWord}
          placeholder={t('page.search')}
          width={340}
          data-testid="archive-search"
        />
        <Flex gap={8} wrap>
          {mayFile && (
            <Button icon={<FolderAddOutlined />} loading={fileNow.isPending} onClick={() => fileNow.mutate()}>
              {t('page.fileNow')}
            </Button>
          )}
          {due && mayDispose && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={askDisposal}
              data-testid="archive-dispose"
            >
              {t('page.dispose', { count: selected.length })}
            </Button>
          )}
          {mayExport && (
            <Button
              type="primary"
              icon={<ExportOutlined />}
              onClick={() => setExporting(true)}
              data-testid="archive-export"
            >
              {selected.length ? t('page.exportSelected', { count: selected.length }) : t('page.export')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <div style={{ width: 300 }}>
          <ReferenceSelect
            target={catalogByKey('indexFile')}
            placeholder={t('page.allIndexFiles')}
            value={filter('indexFileId') || null}
            onChange={(v) => setFilter('indexFileId', v)}
          />
        </div>
        <Select
          allowClear
          aria-label={t('fields.source')}
          placeholder={t('page.allSources')}
          value={filter('source') || undefined}
          onChange={(v?: string) => setFilter('source', v)}
          options={ARCHIVE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
          style={{ width: 260 }}
        />
        <YearSelect
          allowClear
          placeholder={t('page.allYears')}
          value={filter('year') ? Number(filter('year')) : undefined}
          onChange={(v?: number) => setFilter('year', v)}
        />
        {selected.length > 0 && (
          <Typography.Text type="secondary">{t('page.selected', { count: selected.length })}</Typography.Text>
        )}
      </Flex>
      <ServerTable<ArchiveRow>
        {...table}
        rowKey="id"
        size="small"
        columns={columns}
        empty={due ? t('page.emptyDue') : mayFile ? `${t('page.empty')} ${t('page.emptyFileNow')}` : t('page.empty')}
        data-testid="archive-table"
        {...(selectable
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
                // A disposed record is neither exported nor disposed again.
                getCheckboxProps: (r: ArchiveRow) => ({ disabled: r.status === 'disposed' }),
              },
            }
          : {})}
      />
      {exporting && (
        <ExportDialog
          open
          onClose={() => setExporting(false)}
          selected={selected}
          indexFileId={filter('indexFileId')}
          year={filter('year')}
        />
      )}
      {holder}
    </Card>
  );
}
