import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Table } from 'antd';
import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@portal/domain/format';
import { apiFetch } from '../app/api-client.ts';
import { can, useAccess } from '../app/access.ts';
import { toast } from '../app/toast.ts';
import { errorMessage } from './ListPage.tsx';
import { useConfirm } from '../platform/dialogs/index.tsx';

interface TrashItem {
  area: string;
  catalog: string;
  /** i18n key of the area's name (catalogue areas and the domains' own records alike). */
  titleKey: string;
  id: string;
  code: string | null;
  name: string;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
}

/** Selected records grouped by area: restore and purge take one area at a time. */
function byArea(items: TrashItem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const item of items) out.set(item.area, [...(out.get(item.area) ?? []), item.id]);
  return out;
}

/** The trash bin (/thung-rac): deleted records of every area the user may restore; restore or delete for good. */
export default function TrashPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [keyWord, setKeyWord] = useState('');
  // `?area=OfficalProfile`: opened from an area's own list, showing its deleted records first.
  const [area, setArea] = useState<string | undefined>(
    () => new URLSearchParams(window.location.search).get('area') ?? undefined,
  );
  const [selected, setSelected] = useState<TrashItem[]>([]);
  const areas = useQuery({
    queryKey: ['trash', 'areas'],
    queryFn: ({ signal }) =>
      apiFetch<{ area: string; catalog: string; titleKey: string }[]>('/api/RecycleBin/areas', { signal }),
  });
  const query = {
    pageNumber: String(pageNumber),
    pageSize: String(pageSize),
    ...(keyWord ? { keyWord } : {}),
    ...(area ? { area } : {}),
  };
  const list = useQuery({
    queryKey: ['trash', 'list', query],
    queryFn: ({ signal }) =>
      apiFetch<{ pageLists: TrashItem[]; totalRecord: number }>('/api/RecycleBin/recycleBins', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const done = async () => {
    setSelected([]);
    // Restored records come back in their own lists, whichever module draws them.
    await queryClient.invalidateQueries();
  };
  const restore = useMutation({
    mutationFn: async (items: TrashItem[]) => {
      let count = 0;
      for (const [a, ids] of byArea(items))
        count += (
          await apiFetch<{ restored: number }>('/api/RecycleBin/restore', { method: 'POST', body: { area: a, ids } })
        ).restored;
      return count;
    },
    onSuccess: async (count) => {
      toast.success(t('catalog:messages.restored', { count }));
      await done();
    },
    onError: async (err) => {
      toast.error(errorMessage(err));
      await done();
    },
  });
  const purge = useMutation({
    mutationFn: async (items: TrashItem[]) => {
      let count = 0;
      for (const [a, ids] of byArea(items))
        count += (
          await apiFetch<{ purged: number }>('/api/RecycleBin/permanent-delete', {
            method: 'POST',
            body: { area: a, ids },
          })
        ).purged;
      return count;
    },
    onSuccess: async (count) => {
      toast.success(t('catalog:messages.purged', { count }));
      await done();
    },
    onError: async (err) => {
      toast.error(errorMessage(err));
      await done();
    },
  });
  const mayPurge = can(access, 'delete', 'RecycleBin');

  return (
    <Card>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('catalog:actions.searchPlaceholder')}
            aria-label={t('catalog:actions.search')}
            onSearch={(v) => {
              setKeyWord(v.trim());
              setPageNumber(1);
            }}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('catalog:trash.area')}
            aria-label={t('catalog:trash.area')}
            value={area}
            onChange={(v: string | undefined) => {
              setArea(v);
              setPageNumber(1);
            }}
            options={(areas.data ?? []).map((a) => ({ value: a.area, label: t(a.titleKey) }))}
            style={{ width: 280 }}
          />
        </Flex>
        <Flex gap={8}>
          <Button
            icon={<RollbackOutlined />}
            disabled={!selected.length}
            loading={restore.isPending}
            onClick={() => restore.mutate(selected)}
          >
            {t('catalog:actions.restore')}
          </Button>
          {mayPurge && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              loading={purge.isPending}
              onClick={() =>
                void confirm({
                  title: t('catalog:actions.purge'),
                  content: t('catalog:confirm.purgeMany', { count: selected.length }),
                  okText: t('catalog:actions.purge'),
                  danger: true,
                  cancelText: t('catalog:actions.cancel'),
                  onOk: () => purge.mutateAsync(selected).catch(() => undefined),
                })
              }
            >
              {t('catalog:actions.purge')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Table<TrashItem>
        rowKey={(r) => `${r.area}:${r.id}`}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.pageLists ?? []}
        rowSelection={{
          selectedRowKeys: selected.map((r) => `${r.area}:${r.id}`),
          onChange: (_k, rows) => setSelected(rows),
        }}
        locale={{ emptyText: t('catalog:trash.empty') }}
        pagination={{
          current: pageNumber,
          pageSize,
          total: list.data?.totalRecord ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('catalog:list.total', { total }),
          onChange: (p, s) => {
            setPageNumber(s !== pageSize ? 1 : p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: t('catalog:trash.area'), key: 'area', render: (_v, r) => t(r.titleKey) },
          { title: t('catalog:trash.code'), dataIndex: 'code', key: 'code' },
          { title: t('catalog:trash.name'), dataIndex: 'name', key: 'name' },
          {
            title: t('catalog:trash.deletedAt'),
            key: 'deletedAt',
            render: (_v, r) => formatDateTime(r.deletedAt),
          },
          { title: t('catalog:trash.deletedBy'), dataIndex: 'deletedByName', key: 'deletedByName' },
        ]}
      />
    </Card>
  );
}
