import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  PlusOutlined,
  StarFilled,
  StarOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ResolvedCatalog } from '@portal/domain/catalog/index';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import type { CatalogRecord } from '../../catalog/api.ts';
import { useDebounced } from '../../catalog/fields.tsx';
import { useCatalogText } from '../../catalog/text.ts';
import { accountApi, sectorApi, type EmployerAccount, type NewAccount } from './api.ts';
import { errorText, showDateTime, showServerErrors } from './shared.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { useSubmit } from '../../platform/form/index.ts';

/** Parts of an employer shown on the list's drawer and on the employer's own profile page. */

export const STATUS_COLORS: Record<string, string> = { active: 'green', pending: 'gold', inactive: 'default' };

/** Groups of the employer record, as an office reads it. */
const SECTIONS: { key: string; fields: string[] }[] = [
  { key: 'identity', fields: ['code', 'name', 'shortName', 'englishName', 'businessTypeId', 'registeredOn', 'status'] },
  {
    key: 'contact',
    fields: ['address', 'wardCode', 'phone', 'email', 'website', 'representativeName', 'representativeTitle'],
  },
  { key: 'workforce', fields: ['employeeCount', 'femaleCount', 'hazardousCount', 'oshOfficerName', 'oshOfficerPhone'] },
  { key: 'registry', fields: ['legalForm', 'industryCode', 'industryName', 'registryStatus'] },
];

export function EmployerDetails({ c, record }: { c: ResolvedCatalog; record: CatalogRecord }) {
  const { t } = useTranslation('businesses');
  const text = useCatalogText(c);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {SECTIONS.map((s) => {
        const shown = s.fields.filter((f) => s.key !== 'registry' || record[f] != null);
        if (!shown.length) return null;
        return (
          <Descriptions
            key={s.key}
            title={t(`employers.sections.${s.key}`)}
            column={1}
            bordered
            size="small"
            labelStyle={{ width: 260 }}
          >
            {shown.map((f) => (
              <Descriptions.Item key={f} label={text.label(f)}>
                {f === 'status' && record.status ? (
                  <Tag color={STATUS_COLORS[String(record.status)]}>{text.display(f, record)}</Tag>
                ) : f === 'registryStatus' && record.registryStatus ? (
                  t(`employers.registryStatuses.${String(record.registryStatus)}`, {
                    defaultValue: String(record.registryStatus),
                  })
                ) : (
                  text.display(f, record) || '—'
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        );
      })}
    </Space>
  );
}

/** The sectors an employer works in: the main one first; add from the sector list, remove, choose the main one. */
export function SectorsPanel({ businessId, editable }: { businessId: string; editable: boolean }) {
  const { t } = useTranslation('businesses');
  const queryClient = useQueryClient();
  const [keyWord, setKeyWord] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [asMain, setAsMain] = useState(false);
  const search = useDebounced(keyWord);
  const key = ['businesses', 'sectors', businessId];
  const sectors = useQuery({ queryKey: key, queryFn: ({ signal }) => sectorApi.of(businessId, signal) });
  const candidates = useQuery({
    queryKey: [...key, 'candidates', search],
    queryFn: ({ signal }) => sectorApi.notRegistered(businessId, search, signal),
    enabled: editable,
    placeholderData: keepPreviousData,
  });
  const done = (list: Awaited<ReturnType<typeof sectorApi.of>>) => {
    queryClient.setQueryData(key, list);
    void queryClient.invalidateQueries({ queryKey: [...key, 'candidates'] });
  };
  // Adding links is harmless to repeat (no key to send), but the button stays busy while it runs.
  const add = useSubmit({
    send: () => sectorApi.add(businessId, chosen, asMain && chosen.length === 1 ? chosen[0] : null),
    onSuccess: (list) => {
      done(list);
      setChosen([]);
      setAsMain(false);
      toast.success(t('sectors.added'));
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => sectorApi.remove(businessId, [id]),
    onSuccess: done,
    onError: (err) => toast.error(errorText(err)),
  });
  const main = useMutation({
    mutationFn: (id: string) => sectorApi.add(businessId, [id], id),
    onSuccess: done,
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {editable && (
        <Flex gap={8} wrap align="center">
          <Select
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            showSearch={{ filterOption: false, onSearch: setKeyWord }}
            loading={candidates.isFetching}
            placeholder={t('sectors.choose')}
            aria-label={t('sectors.choose')}
            options={(candidates.data ?? []).map((s) => ({ value: s.id, label: `${s.code} — ${s.name}` }))}
            style={{ flex: 1, minWidth: 320 }}
          />
          <Checkbox checked={asMain} disabled={chosen.length !== 1} onChange={(e) => setAsMain(e.target.checked)}>
            {t('sectors.asMain')}
          </Checkbox>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!chosen.length}
            loading={add.busy}
            onClick={() => void add.submit(undefined)}
          >
            {t('sectors.add')}
          </Button>
        </Flex>
      )}
      <List
        bordered
        size="small"
        loading={sectors.isLoading}
        locale={{ emptyText: t('sectors.none') }}
        dataSource={sectors.data ?? []}
        renderItem={(s) => (
          <List.Item
            actions={
              editable
                ? [
                    s.isMain ? null : (
                      <Tooltip key="main" title={t('sectors.makeMain')}>
                        <Button
                          type="text"
                          icon={<StarOutlined />}
                          aria-label={t('sectors.makeMain')}
                          onClick={() => main.mutate(s.id)}
                        />
                      </Tooltip>
                    ),
                    <Tooltip key="del" title={t('actions.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.delete')}
                        onClick={() => remove.mutate(s.id)}
                      />
                    </Tooltip>,
                  ].filter(Boolean)
                : []
            }
          >
            <Space>
              {s.isMain ? (
                <StarFilled style={{ color: '#faad14' }} aria-label={t('sectors.main')} />
              ) : (
                <span style={{ width: 14, display: 'inline-block' }} />
              )}
              <Typography.Text code>{s.code}</Typography.Text>
              <Typography.Text>{s.name}</Typography.Text>
              {s.isMain && <Tag color="gold">{t('sectors.main')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

const ACCOUNT_COLORS: Record<EmployerAccount['status'], string> = {
  active: 'green',
  inactive: 'default',
  disabled: 'red',
  locked: 'orange',
};

/** User accounts of an employer (identity's users in the employer's unit): add one, activate in bulk. */
export function AccountsPanel({ businessId }: { businessId: string }) {
  const { t } = useTranslation('businesses');
  const access = useAccess();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const key = ['businesses', 'accounts', businessId];
  const accounts = useQuery({ queryKey: key, queryFn: ({ signal }) => accountApi.list(businessId, signal) });
  const activate = useMutation({
    mutationFn: () => accountApi.activate(selected),
    onSuccess: async (r) => {
      if (r.activated.length) toast.success(t('accounts.activated', { count: r.activated.length }));
      if (r.skipped.length)
        toast.warning(t('accounts.skipped', { count: r.skipped.length }), r.skipped.map((s) => s.message).join('; '));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const inactive = (accounts.data?.pageLists ?? []).filter((a) => a.status === 'inactive');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Flex gap={8} justify="flex-end">
        {can(access, 'update', 'Account') && (
          <Button
            icon={<CheckCircleOutlined />}
            disabled={!selected.length}
            loading={activate.isPending}
            onClick={() =>
              void confirm({
                title: t('accounts.activateConfirm', { count: selected.length }),
                okText: t('accounts.activate'),
                cancelText: t('actions.cancel'),
                onOk: () => activate.mutateAsync(),
              })
            }
          >
            {t('accounts.activateSelected', { count: selected.length })}
          </Button>
        )}
        {can(access, 'create', 'User') && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('accounts.add')}
          </Button>
        )}
      </Flex>
      <Table<EmployerAccount>
        rowKey="id"
        size="small"
        loading={accounts.isLoading}
        dataSource={accounts.data?.pageLists ?? []}
        pagination={false}
        locale={{ emptyText: accounts.isError ? errorText(accounts.error) : t('accounts.none') }}
        rowSelection={
          can(access, 'update', 'Account') && inactive.length
            ? {
                selectedRowKeys: selected,
                onChange: (k) => setSelected(k as string[]),
                getCheckboxProps: (a) => ({ disabled: a.status !== 'inactive' }),
              }
            : undefined
        }
        columns={[
          { title: t('accounts.fields.userName'), dataIndex: 'userName' },
          { title: t('accounts.fields.fullName'), dataIndex: 'fullName' },
          { title: t('accounts.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          {
            title: t('accounts.fields.status'),
            dataIndex: 'status',
            render: (v: EmployerAccount['status']) => (
              <Tag color={ACCOUNT_COLORS[v]}>{t(`accounts.statuses.${v}`)}</Tag>
            ),
          },
          { title: t('accounts.fields.lastLoginAt'), dataIndex: 'lastLoginAt', render: showDateTime },
        ]}
      />
      {adding && <AddAccount businessId={businessId} onClose={() => setAdding(false)} />}
    </Space>
  );
}

function AddAccount({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const { t } = useTranslation('businesses');
  const [form] = Form.useForm<NewAccount>();
  const queryClient = useQueryClient();
  const save = useSubmit({
    send: (v: NewAccount, idempotencyKey: string) =>
      accountApi.add(
        businessId,
        {
          ...v,
          email: v.email || null,
          phone: v.phone || null,
          jobTitle: v.jobTitle || null,
          password: v.password || null,
        },
        idempotencyKey,
      ),
    onSuccess: async (_r, v) => {
      toast.success(t(v.password ? 'accounts.created' : 'accounts.invited'));
      await queryClient.invalidateQueries({ queryKey: ['businesses', 'accounts', businessId] });
      onClose();
    },
    onError: (err) => showServerErrors(form, err, ['userName', 'fullName', 'email', 'phone', 'jobTitle', 'password']),
  });
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Modal
      open
      title={t('accounts.add')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save.submit(v)}>
        <Form.Item name="userName" label={t('accounts.fields.userName')} rules={required}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="fullName" label={t('accounts.fields.fullName')} rules={required}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="email" label={t('accounts.fields.email')}>
          <Input maxLength={200} type="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('accounts.fields.phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('accounts.fields.jobTitle')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="password" label={t('accounts.fields.password')} extra={t('accounts.passwordHint')}>
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
