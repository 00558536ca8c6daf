import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Skeleton } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ApiError } from '../app/api-client.ts';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { catalogApi, type CatalogRecord } from './api.ts';
import { FileLink } from './FileField.tsx';
import { errorMessage, routeTo, useCatalogAbility, useDeleteAction } from './ListPage.tsx';
import { pageById } from './registry.ts';
import { useCatalogText, type CatalogText } from './text.ts';

/** Every declared field of a record with its display value (the detail page, and pages areas draw themselves). */
export function RecordFields({
  c,
  page,
  text,
  data,
}: {
  c: ResolvedCatalog;
  page: ResolvedPage;
  text: CatalogText;
  data: CatalogRecord;
}) {
  const names = [...Object.keys(c.declaration.fields).filter((n) => !(n in page.fixed)), 'createdAt', 'updatedAt'];
  return (
    <Descriptions
      bordered
      column={2}
      size="middle"
      items={names.map((name) => ({
        key: name,
        label: text.label(name),
        span: c.declaration.fields[name]?.kind === 'longText' ? 2 : 1,
        children:
          c.declaration.fields[name]?.kind === 'file' && typeof data[name] === 'string' ? (
            <FileLink id={data[name]} name={text.display(name, data)} />
          ) : (
            text.display(name, data) || '—'
          ),
      }))}
    />
  );
}

/** A record of an area, every declared field with its display value, and the edit and delete actions. */
function DetailPage({ pageId }: { pageId: string }) {
  const { catalog: c, page } = pageById(pageId);
  const text = useCatalogText(c, page);
  const navigate = useNavigate();
  const { id } = useParams();
  const ability = useCatalogAbility(c);
  const api = useMemo(() => catalogApi(c), [c]);
  const back = () => navigate(page.routes.list);
  const confirmDelete = useDeleteAction(c, api, text, back);
  const record = useQuery({
    queryKey: ['catalog', c.key, 'record', id],
    queryFn: ({ signal }) => api.get(id!, signal),
    enabled: Boolean(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  if (record.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (record.isError || !record.data) {
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
  const data = record.data;
  return (
    <Card
      title={text.t('catalog:form.detailTitle', { noun: text.noun })}
      extra={
        <Flex gap={8}>
          <Button onClick={back}>{text.t('catalog:actions.back')}</Button>
          {ability.update && page.routes.edit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(routeTo(page.routes.edit, data.id)!)}>
              {text.t('catalog:actions.edit')}
            </Button>
          )}
          {ability.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([data])}>
              {text.t('catalog:actions.delete')}
            </Button>
          )}
        </Flex>
      }
      style={{ maxWidth: 1040 }}
    >
      <RecordFields c={c} page={page} text={text} data={data} />
    </Card>
  );
}

export function bind(pageId: string) {
  const Bound = () => <DetailPage pageId={pageId} />;
  Bound.displayName = `CatalogDetail(${pageId})`;
  return Bound;
}
