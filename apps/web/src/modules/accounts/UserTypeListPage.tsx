import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { listQuery, type Page, type UserTypeItem } from './api.ts';
import { errorText, useAccountsText } from './common.tsx';
import './accounts.css';
import { RowActions, SearchBox, type ListColumn, ServerTable, useServerList } from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';

/** `/nguoi-dung/kieu-nguoi-dung/danh-sach`: user types, their number of features and users. */
export default function UserTypeListPage() {
  const { t } = useAccountsText();
  const confirm = useConfirm();
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Paging, sorting and the keyword in the address, as every list.
  const list = useServerList({
    key: (request) => ['accounts', 'user-types', request],
    fetch: (request, signal) =>
      apiFetch<Page<UserTypeItem>>('/api/UserTypev2/get-paging', { signal, query: listQuery(request) }),
  });
  const may = {
    create: can(access, 'create', 'UserType'),
    update: can(access, 'update', 'UserType'),
    delete: can(access, 'delete', 'UserType'),
  };

  const remove = (type: UserTypeItem) =>
    void confirm({
      title: t('userTypes.deleteConfirm', { name: type.name }),
      okText: t('actions.delete'),
      danger: true,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await apiFetch('/api/UserTypev2/delete', { method: 'POST', body: [type.id] });
          toast.success(t('userTypes.deleted'));
          await queryClient.invalidateQueries({ queryKey: ['accounts'] });
        } catch (err) {
          toast.error(errorText(err));
        }
      },
    });

  const columns: ListColumn<UserTypeItem>[] = [
    {
      key: 'name',
      title: t('userTypes.fields.name'),
      sorter: true,
      render: (_, x) => (
        <Space wrap>
          <span>{x.name}</span>
          {x.role === 'admin' && <Tag color="gold">{t('userTypes.adminRole')}</Tag>}
          {x.isSystem && <Tag>{t('userTypes.system')}</Tag>}
        </Space>
      ),
    },
    { key: 'code', priority: 2, dataIndex: 'code', title: t('userTypes.fields.code'), sorter: true, width: 200 },
    {
      key: 'unitKind',
      priority: 3,
      title: t('userTypes.fields.unitKind'),
      width: 200,
      responsive: ['lg'],
      render: (_, x) => (x.unitKind ? t(`unitKinds.${x.unitKind}`) : t('userTypes.anyUnit')),
    },
    {
      key: 'permissionCount',
      priority: 4,
      dataIndex: 'permissionCount',
      title: t('userTypes.fields.permissionCount'),
      width: 120,
      align: 'right',
    },
    {
      key: 'userCount',
      priority: 5,
      dataIndex: 'userCount',
      title: t('userTypes.fields.userCount'),
      sorter: true,
      width: 120,
      align: 'right',
    },
    {
      key: 'actions',
      title: t('actions.title'),
      width: 110,
      render: (_, x) => (
        <RowActions
          size="small"
          actions={[
            {
              kind: 'edit',
              allowed: may.update,
              onClick: () => void navigate(`/nguoi-dung/kieu-nguoi-dung/chinh-sua/${x.id}`),
              'data-testid': `edit-type-${x.code}`,
            },
            {
              kind: 'delete',
              allowed: may.delete && !x.isSystem,
              disabledReason: x.userCount > 0 ? t('userTypes.inUse') : undefined,
              onClick: () => remove(x),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="acc-page">
      <Card>
        <div className="acc-toolbar">
          <SearchBox value={list.keyWord} onSearch={(q) => list.set({ q })} placeholder={t('userTypes.search')} />
          <div className="acc-right">
            {may.create && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate('/nguoi-dung/kieu-nguoi-dung/tao-moi')}
              >
                {t('actions.create')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <Card>
        <ServerTable<UserTypeItem> {...list.table} columns={columns} empty={t('userTypes.empty')} />
      </Card>
    </div>
  );
}
