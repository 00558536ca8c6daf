import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Select, Space, Tooltip } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { AccountActions } from './AccountActions.tsx';
import { listQuery, type Page, type UserListItem } from './api.ts';
import {
  StatusTag,
  UnitSelect,
  UserTypeSelect,
  errorText,
  formatDateTime,
  saveBlob,
  useAccountsText,
} from './common.tsx';
import { SearchBox, type ListColumn, ServerTable, TrashButton } from '../../platform/list/index.tsx';
import './accounts.css';
import { useConfirm } from '../../platform/dialogs/index.tsx';

const STATUSES = ['active', 'inactive', 'locked', 'disabled'] as const;

/**
 * `/nguoi-dung/danh-sach`: users in the caller's scope — search, filters, paging, sorting, account actions, Excel.
 * The user area's own list page (the catalogue engine serves its calls); deleted users are in the trash bin.
 */
export default function UserListPage() {
  const { t, i18n } = useAccountsText();
  const confirm = useConfirm();
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<'template' | 'export' | 'delete' | null>(null);
  const may = {
    create: can(access, 'create', 'User'),
    update: can(access, 'update', 'User'),
    delete: can(access, 'delete', 'User'),
    import: can(access, 'import', 'User'),
    export: can(access, 'export', 'User'),
  };

  const filters = {
    pageNumber: Number(params.get('pageNumber') ?? 1) || 1,
    pageSize: Number(params.get('pageSize') ?? 10) || 10,
    keyWord: params.get('keyWord') ?? '',
    unitId: params.get('unitId') ?? undefined,
    userTypeId: params.get('userTypeId') ?? undefined,
    status: params.get('status') ?? undefined,
    sortField: params.get('sortField') ?? undefined,
    sortOrder: params.get('sortOrder') ?? undefined,
  };
  const update = (patch: Record<string, string | number | undefined>, resetPage = true) => {
    const next = { ...filters, ...(resetPage ? { pageNumber: 1 } : {}), ...patch };
    setParams(listQuery(next), { replace: true });
  };

  const query = useQuery({
    queryKey: ['accounts', 'users', filters],
    queryFn: ({ signal }) =>
      apiFetch<Page<UserListItem>>('/api/OfficalProfile/users', { signal, query: listQuery(filters) }),
    placeholderData: keepPreviousData,
  });

  const download = async (kind: 'template' | 'export') => {
    setBusy(kind);
    try {
      const file =
        kind === 'template'
          ? await apiDownload('/api/OfficalProfile/generateTemplate')
          : await apiDownload('/api/OfficalProfile/export-excel', {
              query: listQuery({
                keyWord: filters.keyWord,
                unitId: filters.unitId,
                userTypeId: filters.userTypeId,
                status: filters.status,
              }),
            });
      saveBlob(file, `${t(kind === 'template' ? 'users.excel.templateFile' : 'users.excel.exportFile')}.xlsx`);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = (ids: string[], names: string) =>
    void confirm({
      title: t('userList.deleteConfirm', { count: ids.length, names }),
      content: t('userList.deleteHint'),
      okText: t('actions.delete'),
      danger: true,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setBusy('delete');
        try {
          const res = await apiFetch<{ deleted: number }>('/api/OfficalProfile/delete-users', {
            method: 'POST',
            body: ids,
          });
          toast.success(t('userList.deleted', { count: res.deleted }));
          setSelected([]);
          await queryClient.invalidateQueries({ queryKey: ['accounts', 'users'] });
        } catch (err) {
          toast.error(errorText(err));
        } finally {
          setBusy(null);
        }
      },
    });

  const sortOrderOf = (key: string) =>
    filters.sortField === key ? (filters.sortOrder === 'desc' ? 'descend' : 'ascend') : null;
  const columns: ListColumn<UserListItem>[] = [
    {
      key: 'fullName',
      title: t('users.fields.fullName'),
      sorter: true,
      sortOrder: sortOrderOf('fullName'),
      width: 220,
      ellipsis: true,
      render: (_, u) => (
        <Space style={{ whiteSpace: 'nowrap' }}>
          <Avatar size={32} src={u.avatar ?? undefined} icon={<UserOutlined />} />
          <span>
            <Link to={`/thong-tin-tai-khoan/${u.id}`}>{u.fullName}</Link>
            <br />
            <small style={{ opacity: 0.7 }}>{u.userName}</small>
          </span>
        </Space>
      ),
    },
    {
      key: 'unitName',
      priority: 2,
      dataIndex: 'unitName',
      title: t('users.fields.unit'),
      ellipsis: true,
    },
    {
      key: 'userTypeName',
      priority: 3,
      dataIndex: 'userTypeName',
      title: t('users.fields.userType'),
      ellipsis: true,
      width: 170,
    },
    {
      key: 'email',
      priority: 4,
      dataIndex: 'email',
      title: t('users.fields.email'),
      sorter: true,
      sortOrder: sortOrderOf('email'),
      ellipsis: true,
      responsive: ['xxl'],
    },
    {
      key: 'status',
      title: t('users.fields.status'),
      sorter: true,
      sortOrder: sortOrderOf('status'),
      width: 140,
      render: (_, u) => <StatusTag status={u.status} temporarilyLocked={u.temporarilyLocked} />,
    },
    {
      key: 'lastLoginAt',
      priority: 5,
      title: t('users.fields.lastLoginAt'),
      width: 140,
      responsive: ['xl'],
      render: (_, u) => formatDateTime(u.lastLoginAt, i18n.language),
    },
    {
      key: 'actions',
      title: t('actions.title'),
      width: 150,
      fixed: 'right',
      render: (_, u) => (
        <Space size={4}>
          <Tooltip title={t('actions.view')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('actions.view')}
              onClick={() => void navigate(`/thong-tin-tai-khoan/${u.id}`)}
            />
          </Tooltip>
          {may.update && (
            <Tooltip title={t('actions.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('actions.edit')}
                onClick={() => void navigate(`/nguoi-dung/chinh-sua/${u.id}`)}
                data-testid={`edit-${u.userName}`}
              />
            </Tooltip>
          )}
          <AccountActions row={u} selfId={access.user?.userId} compact />
          {may.delete && u.id !== access.user?.userId && (
            <Tooltip title={t('actions.delete')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.delete')}
                onClick={() => remove([u.id], u.fullName)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="acc-page">
      <Card>
        <div className="acc-toolbar">
          <SearchBox
            value={filters.keyWord}
            onSearch={(q) => update({ keyWord: q ?? undefined })}
            placeholder={t('userList.search')}
            data-testid="user-search"
          />
          <UnitSelect
            allowClear
            placeholder={t('users.fields.unit')}
            style={{ width: 220 }}
            value={filters.unitId}
            onChange={(v) => update({ unitId: v })}
            aria-label={t('users.fields.unit')}
          />
          <UserTypeSelect
            allowClear
            placeholder={t('users.fields.userType')}
            style={{ width: 200 }}
            value={filters.userTypeId}
            onChange={(v) => update({ userTypeId: v })}
            aria-label={t('users.fields.userType')}
          />
          <Select
            allowClear
            placeholder={t('users.fields.status')}
            style={{ width: 160 }}
            value={filters.status}
            onChange={(v) => update({ status: v })}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            aria-label={t('users.fields.status')}
          />
          <div className="acc-right">
            {may.delete && selected.length > 0 && (
              <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} onClick={() => remove(selected, '')}>
                {t('userList.deleteSelected', { count: selected.length })}
              </Button>
            )}
            <TrashButton area="OfficalProfile" subject="User" />
            {may.import && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  loading={busy === 'template'}
                  onClick={() => void download('template')}
                >
                  {t('actions.template')}
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => void navigate('/nguoi-dung/them-tu-tep')}>
                  {t('actions.import')}
                </Button>
              </>
            )}
            {may.export && (
              <Button icon={<FileExcelOutlined />} loading={busy === 'export'} onClick={() => void download('export')}>
                {t('actions.export')}
              </Button>
            )}
            {may.create && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate('/nguoi-dung/tao-moi')}
                data-testid="user-create"
              >
                {t('actions.create')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <Card>
        <ServerTable<UserListItem>
          list={query}
          columns={columns}
          empty={filters.keyWord || filters.unitId || filters.status ? t('userList.noMatch') : t('userList.empty')}
          rowSelection={
            may.delete
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as string[]),
                  getCheckboxProps: (u) => ({ disabled: u.id === access.user?.userId }),
                }
              : undefined
          }
          paging={{ ...filters, sortBy: filters.sortField }}
          onPaging={(p) =>
            update(
              { pageNumber: p.pageNumber, pageSize: p.pageSize, sortField: p.sortBy, sortOrder: p.sortOrder },
              false,
            )
          }
          data-testid="user-table"
        />
      </Card>
    </div>
  );
}
