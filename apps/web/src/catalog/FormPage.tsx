import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Row, Skeleton } from 'antd';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { ApiError } from '../app/api-client.ts';
import { toast } from '../app/toast.ts';
import { catalogApi, type CatalogRecord } from './api.ts';
import { FieldItem, wideKinds } from './fields.tsx';
import { errorMessage } from './ListPage.tsx';
import { pageById } from './registry.ts';
import { showServerErrors, useSubmit } from '../platform/form/index.ts';
import { useCatalogText } from './text.ts';
import { useUserData } from '../platform/auth/index.ts';

/**
 * The create/edit form of an area, from its declaration: one widget per writable field, the declaration's rules
 * checked as the user types, the server's field errors shown beside the fields. Used by the form page and by
 * the tree page's side panel.
 */
export function RecordForm({
  c,
  page,
  record,
  parentId,
  onSaved,
  onCancel,
  prefill,
}: {
  c: ResolvedCatalog;
  page: ResolvedPage;
  record: CatalogRecord | null;
  parentId?: string | null;
  /** A new record's starting values (a link that adds a certificate to one machine). */
  prefill?: Record<string, string> | undefined;
  onSaved: (record: CatalogRecord) => void;
  onCancel?: () => void;
}) {
  const text = useCatalogText(c, page);
  const [form] = Form.useForm<Record<string, unknown>>();
  const queryClient = useQueryClient();
  const api = useMemo(() => catalogApi(c), [c]);
  const d = c.declaration;
  // A training body's course is its own (the server sets the training unit, the form hides it); the employer it is
  // held for is theirs to name.
  const unit = useUserData()?.unit;
  const ranByUser = d.scope === 'employer' && !!d.scopeField && unit?.kind === 'training_body';
  const ownUnitId = ranByUser ? (unit?.id ?? null) : null;
  const hiddenField = (name: string) => name in page.fixed || (ranByUser && name === d.scopeField);
  const initialValues = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const name of c.writable) {
      const f = d.fields[name]!;
      values[name] = record
        ? (record[name] ?? null)
        : f.kind === 'boolean'
          ? false
          : f.kind === 'enum'
            ? (f.default ?? null)
            : null;
    }
    if (!record && c.parentField && parentId !== undefined) values[c.parentField] = parentId;
    // The unit the server will set, so the pickers that depend on it (the groups it may train) know it.
    if (!record && ownUnitId) values[d.scopeField!] = ownUnitId;
    return { ...values, ...(record ? {} : prefill), ...page.fixed };
  }, [c, d, record, parentId, page.fixed, prefill, ownUnitId]);
  useEffect(() => form.resetFields(), [form, initialValues]);

  const save = useSubmit({
    send: (values: Record<string, unknown>, idempotencyKey: string) => {
      const body = { ...values, ...page.fixed };
      return record
        ? api.update(record.id, { ...body, updatedAt: record.updatedAt })
        : api.create(body, idempotencyKey);
    },
    onSuccess: async (saved) => {
      toast.success(text.t(record ? 'catalog:messages.updated' : 'catalog:messages.created'));
      await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
      onSaved(saved);
    },
    onError: (err) => showServerErrors(form, err, c.writable),
  });

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void save.submit(values)}>
      <Row gutter={16}>
        {c.writable.map((name) => (
          <Col key={name} span={wideKinds.has(d.fields[name]!.kind) ? 24 : 12} hidden={hiddenField(name)}>
            <FieldItem
              catalog={c}
              name={name}
              text={text}
              recordId={record?.id ?? null}
              record={record}
              hidden={hiddenField(name)}
            />
          </Col>
        ))}
      </Row>
      <Flex gap={8} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>{text.t('catalog:actions.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={save.busy}>
          {text.t('catalog:actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}

function FormPage({ pageId, mode }: { pageId: string; mode: 'create' | 'edit' }) {
  const { catalog: c, page } = pageById(pageId);
  const text = useCatalogText(c, page);
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const api = useMemo(() => catalogApi(c), [c]);
  // A create link may name starting values of writable fields in its address (`?equipmentId=…`).
  const search = params.toString();
  const prefill = useMemo(() => {
    const values: Record<string, string> = {};
    for (const name of c.writable) {
      const v = new URLSearchParams(search).get(name);
      if (v) values[name] = v;
    }
    return values;
  }, [c, search]);
  const record = useQuery({
    queryKey: ['catalog', c.key, 'record', id],
    queryFn: ({ signal }) => api.get(id!, signal),
    enabled: mode === 'edit' && Boolean(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const back = () => navigate(page.routes.list);
  if (mode === 'edit' && record.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (mode === 'edit' && record.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          message={
            record.error instanceof ApiError && record.error.status === 404
              ? text.t('catalog:messages.notFound')
              : errorMessage(record.error)
          }
          action={<Button onClick={back}>{text.t('catalog:actions.back')}</Button>}
        />
      </Card>
    );
  }
  return (
    <Card
      title={text.t(mode === 'create' ? 'catalog:form.createTitle' : 'catalog:form.editTitle', { noun: text.noun })}
      style={{ maxWidth: 1040 }}
    >
      <RecordForm
        c={c}
        page={page}
        record={mode === 'edit' ? (record.data ?? null) : null}
        prefill={mode === 'create' ? prefill : undefined}
        onSaved={back}
        onCancel={back}
      />
    </Card>
  );
}

export function bind(pageId: string, mode: 'create' | 'edit') {
  const Bound = () => <FormPage pageId={pageId} mode={mode} />;
  Bound.displayName = `CatalogForm(${pageId}, ${mode})`;
  return Bound;
}
