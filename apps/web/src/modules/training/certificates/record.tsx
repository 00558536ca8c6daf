import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import { ApiError } from '../../../app/api-client.ts';
import { catalogApi, type CatalogRecord } from '../../../catalog/api.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { pageById } from '../../../catalog/registry.ts';
import { useCatalogText, type CatalogText } from '../../../catalog/text.ts';

/**
 * The record of a catalogue area a detail page of this module shows (read through the catalogue's own call, under
 * the same query key as the generic pages, so their writes refresh it), with the loading and error states.
 */
export function CatalogRecordPage({
  pageId,
  children,
}: {
  pageId: string;
  children: (args: { data: CatalogRecord; text: CatalogText; back: () => void }) => ReactNode;
}) {
  const { catalog: c, page } = pageById(pageId);
  const text = useCatalogText(c, page);
  const navigate = useNavigate();
  const { id } = useParams();
  const api = useMemo(() => catalogApi(c), [c]);
  const back = () => void navigate(page.routes.list);
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
  if (record.isError || !record.data)
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
  return <>{children({ data: record.data, text, back })}</>;
}
