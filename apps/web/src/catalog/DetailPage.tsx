import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { catalogApi, type CatalogRecord } from './api.ts';
import { FileLink } from './FileField.tsx';
import { RecordShell, retryRecord } from '../platform/record/index.ts';
import { routeTo, useCatalogAbility, useDeleteAction } from './ListPage.tsx';
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
    retry: retryRecord,
  });
  return (
    <RecordShell
      query={record}
      back={{ label: text.t('catalog:actions.back'), onClick: back }}
      notFound={text.t('catalog:messages.notFound')}
      title={() => text.t('catalog:form.detailTitle', { noun: text.noun })}
      actions={(data) => (
        <>
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
        </>
      )}
      cardProps={{ style: { maxWidth: 1040 } }}
    >
      {(data) => <RecordFields c={c} page={page} text={text} data={data} />}
    </RecordShell>
  );
}

export function bind(pageId: string) {
  const Bound = () => <DetailPage pageId={pageId} />;
  Bound.displayName = `CatalogDetail(${pageId})`;
  return Bound;
}
