import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, Result, Row, Select, Skeleton, Space, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import type { Feature, UserTypeDetail } from './api.ts';
import { applyServerErrors, errorText, useAccountsText, useUnitKindOptions } from './common.tsx';
import './accounts.css';

function toTreeData(nodes: Feature[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.value,
    title: n.title,
    ...(n.children ? { children: toTreeData(n.children) } : {}),
  }));
}

function leafKeys(nodes: Feature[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) leafKeys(n.children, out);
    else out.add(n.value);
  }
  return out;
}

function selectedLeaves(nodes: Feature[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? selectedLeaves(n.children) : n.isSelect ? [n.value] : []));
}

/**
 * `/nguoi-dung/kieu-nguoi-dung/tao-moi` and `/chinh-sua/{id}`: a user type and its features, as the permission
 * tree of the whole portal — every node expanded, the type's features checked (spec §4).
 */
export default function UserTypeFormPage() {
  const { t } = useAccountsText();
  const { id } = useParams();
  const editing = !!id;
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [checked, setChecked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const kinds = useUnitKindOptions();
  const role = Form.useWatch('role', form);

  const type = useQuery({
    queryKey: ['accounts', 'user-type', id],
    enabled: editing,
    queryFn: ({ signal }) => apiFetch<UserTypeDetail>(`/api/UserTypev2/get-by-id/${id}`, { signal }),
    retry: false,
  });
  const features = useQuery({
    queryKey: ['accounts', 'features', id ?? 'new'],
    queryFn: ({ signal }) =>
      apiFetch<{ features: Feature[] }>('/api/UserTypev2/get-feature-by-usertype', {
        signal,
        ...(id ? { query: { userTypeId: id } } : {}),
      }),
  });
  useEffect(() => {
    if (type.data) form.setFieldsValue(type.data);
  }, [form, type.data]);
  useEffect(() => {
    if (features.data) setChecked(selectedLeaves(features.data.features));
  }, [features.data]);

  const tree = useMemo(() => toTreeData(features.data?.features ?? []), [features.data]);
  const leaves = useMemo(() => leafKeys(features.data?.features ?? []), [features.data]);
  const adminRole = role === 'admin';

  /** Checking an action other than "read" checks "read" of the same subject (the API implies it anyway). */
  const onCheck = (keys: string[]) => {
    const next = new Set(keys.filter((k) => leaves.has(k)));
    for (const k of [...next]) {
      const dot = k.lastIndexOf('.');
      const read = `${k.slice(0, dot)}.read`;
      if (!k.endsWith('.read') && leaves.has(read)) next.add(read);
    }
    setChecked([...next]);
  };

  const submit = async (v: {
    code: string;
    name: string;
    description?: string;
    role: 'admin' | 'client';
    unitKind?: string;
  }) => {
    setBusy(true);
    try {
      const body = {
        code: v.code.trim(),
        name: v.name,
        description: v.description || null,
        role: v.role,
        unitKind: v.unitKind ?? null,
        permissions: v.role === 'admin' ? [] : checked,
      };
      if (editing) await apiFetch('/api/UserTypev2/update', { method: 'PUT', body: { ...body, id } });
      else await apiFetch('/api/UserTypev2/create', { method: 'POST', body });
      toast.success(t('userTypes.saved'));
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      await navigate('/nguoi-dung/kieu-nguoi-dung/danh-sach');
    } catch (err) {
      applyServerErrors(form, err, ['code', 'name', 'description', 'role', 'unitKind', 'permissions']);
    } finally {
      setBusy(false);
    }
  };

  if (editing && type.isError) return <Result status="404" title={errorText(type.error)} />;
  if ((editing && !type.data) || features.isLoading) return <Skeleton active />;
  const system = !!type.data?.isSystem;
  const needle = search.trim().toLowerCase();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ role: 'client' }}
      onFinish={(v) => void submit(v)}
      disabled={busy}
    >
      <div className="acc-page">
        <Card>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('userTypes.fields.code')}
                extra={system ? t('userTypes.systemFixed') : undefined}
                rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{2,50}$/, message: t('userTypes.codeFormat') }]}
              >
                <Input disabled={system} autoFocus={!editing} data-testid="type-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="name"
                label={t('userTypes.fields.name')}
                rules={[{ required: true, whitespace: true, min: 2, max: 200, message: t('validation.required') }]}
              >
                <Input data-testid="type-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="role" label={t('userTypes.fields.role')}>
                <Select
                  disabled={system || access.role !== 'admin'}
                  options={[
                    { value: 'client', label: t('userTypes.clientRole') },
                    { value: 'admin', label: t('userTypes.adminRole') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="unitKind" label={t('userTypes.fields.unitKind')}>
                <Select allowClear placeholder={t('userTypes.anyUnit')} options={kinds} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="description" label={t('userTypes.fields.description')} rules={[{ max: 1000 }]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card
          title={t('userTypes.features', { count: adminRole ? leaves.size : checked.length, total: leaves.size })}
          extra={
            <Input.Search
              allowClear
              placeholder={t('userTypes.searchFeatures')}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
          }
        >
          {adminRole && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('userTypes.adminHasAll')} />}
          {tree.length ? (
            <div className="acc-tree" data-testid="feature-tree">
              <Tree
                checkable
                defaultExpandAll
                selectable={false}
                disabled={
                  adminRole ||
                  busy ||
                  !(editing ? can(access, 'update', 'UserType') : can(access, 'create', 'UserType'))
                }
                treeData={tree}
                checkedKeys={adminRole ? [...leaves] : checked}
                onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked) as string[])}
                filterTreeNode={(node) => !!needle && String(node.title).toLowerCase().includes(needle)}
              />
            </div>
          ) : (
            <Empty />
          )}
        </Card>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="type-save">
            {t('actions.save')}
          </Button>
          <Button onClick={() => void navigate('/nguoi-dung/kieu-nguoi-dung/danh-sach')}>{t('actions.cancel')}</Button>
        </Space>
      </div>
    </Form>
  );
}
