import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { errorText } from './common.tsx';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

/**
 * A user's groups on the account page: a paged, searchable list of the groups the user belongs to, removal with
 * confirmation, and a dialog listing the groups not joined yet (search, several at once). Shown with
 * GroupUser.read; changes need GroupUser.update, as the API says.
 */

interface Group {
  id: string;
  code: string;
  name: string;
  description?: string | null;
}
interface GroupPage {
  pageLists: Group[];
  totalRecord: number;
}

const PAGE_SIZE = 10;
const DIALOG_PAGE_SIZE = 8;

function useGroups(userId: string, member: boolean, keyWord: string, pageNumber: number, pageSize: number) {
  return useQuery({
    queryKey: ['groupMembers', userId, member, keyWord, pageNumber, pageSize],
    queryFn: ({ signal }) =>
      apiFetch<GroupPage>(`/api/GroupUser/${member ? 'list-group-user-register' : 'list-group-user-not-register'}`, {
        signal,
        query: {
          userId,
          pageNumber: String(pageNumber),
          pageSize: String(pageSize),
          ...(keyWord.trim() ? { keyWord: keyWord.trim() } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

function change(userId: string, groupIds: string[], add: boolean) {
  return apiFetch<{ changed: number }>(`/api/GroupUser/${add ? 'register-group-user' : 'unregister-group-user'}`, {
    method: 'POST',
    body: { userId, groupIds },
  });
}

function AddGroupsDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('groupMembers');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyWord, setKeyWord] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const groups = useGroups(userId, false, keyWord, pageNumber, DIALOG_PAGE_SIZE);
  const close = () => {
    setSelected([]);
    setSearch('');
    setKeyWord('');
    setPageNumber(1);
    onClose();
  };
  const add = useMutation({
    mutationFn: () => change(userId, selected, true),
    onSuccess: async (res) => {
      toast.success(t('dialog.added', { count: res.changed }));
      await queryClient.invalidateQueries({ queryKey: ['groupMembers', userId] });
      close();
    },
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <Modal
      open={open}
      title={t('dialog.title')}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('dialog.selected', { count: selected.length })}</Typography.Text>
          <Flex gap={8}>
            <Button onClick={close}>{t('dialog.cancel')}</Button>
            <Button
              type="primary"
              disabled={selected.length === 0}
              loading={add.isPending}
              onClick={() => add.mutate()}
            >
              {t('dialog.submit', { count: selected.length })}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('dialog.hint')}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setKeyWord(v);
            setPageNumber(1);
          }}
        />
        <Table<Group>
          rowKey="id"
          size="small"
          loading={groups.isFetching}
          dataSource={groups.data?.pageLists ?? []}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('columns.code'), width: 160 },
            { key: 'name', dataIndex: 'name', title: t('columns.name') },
          ]}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          onRow={(g) => ({
            onClick: () => setSelected((s) => (s.includes(g.id) ? s.filter((id) => id !== g.id) : [...s, g.id])),
          })}
          locale={{ emptyText: t('dialog.empty') }}
          pagination={{
            current: pageNumber,
            pageSize: DIALOG_PAGE_SIZE,
            total: groups.data?.totalRecord ?? 0,
            showSizeChanger: false,
            onChange: setPageNumber,
          }}
        />
      </Flex>
    </Modal>
  );
}

export function UserGroupsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('groupMembers');
  const access = useAccess();
  const queryClient = useQueryClient();
  const editable = can(access, 'update', 'GroupUser');
  const [search, setSearch] = useState('');
  const [keyWord, setKeyWord] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [adding, setAdding] = useState(false);
  const groups = useGroups(userId, true, keyWord, pageNumber, PAGE_SIZE);
  const remove = useMutation({
    mutationFn: (g: Group) => change(userId, [g.id], false),
    onSuccess: async (_res, g) => {
      toast.success(t('removed', { name: g.name }));
      // The last row of a later page gone: step back so the list is not empty.
      const total = (groups.data?.totalRecord ?? 1) - 1;
      if (pageNumber > 1 && (pageNumber - 1) * PAGE_SIZE >= total) setPageNumber(pageNumber - 1);
      await queryClient.invalidateQueries({ queryKey: ['groupMembers', userId] });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const columns: ColumnsType<Group> = [
    { key: 'code', dataIndex: 'code', title: t('columns.code'), width: 180 },
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('columns.description'),
      render: (v: string | null | undefined) => v ?? '',
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 120,
            render: (_: unknown, g: Group) => (
              <ConfirmPopover
                title={t('removeConfirm', { name: g.name })}
                okText={t('remove')}
                cancelText={t('dialog.cancel')}
                danger
                onConfirm={() => remove.mutateAsync(g)}
              >
                <Button danger size="small" icon={<DeleteOutlined />} aria-label={`${t('remove')} ${g.name}`}>
                  {t('remove')}
                </Button>
              </ConfirmPopover>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={t('title')}
      data-testid="user-groups"
      extra={
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setKeyWord(v);
              setPageNumber(1);
            }}
            style={{ width: 300 }}
          />
          {editable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )}
        </Flex>
      }
    >
      <Table<Group>
        rowKey="id"
        size="middle"
        loading={groups.isFetching}
        dataSource={groups.data?.pageLists ?? []}
        columns={columns}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: pageNumber,
          pageSize: PAGE_SIZE,
          total: groups.data?.totalRecord ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('total', { count }),
          onChange: setPageNumber,
        }}
      />
      {editable && <AddGroupsDialog userId={userId} open={adding} onClose={() => setAdding(false)} />}
    </Card>
  );
}
