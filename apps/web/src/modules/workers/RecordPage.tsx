import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { ApiError } from '../../app/api-client.ts';
import { can, useAccess } from '../../app/access.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { RecordForm } from '../../catalog/FormPage.tsx';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { pageById } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';

/**
 * An edit page of one of the workers' areas: the record's generic form (from its declaration) and what the area
 * keeps beside the record (a worker's progress and overtime, a course's participants, a report's file).
 */
export function RecordPage({
  pageId,
  children,
}: {
  pageId: string;
  children: (args: {
    c: ResolvedCatalog;
    page: ResolvedPage;
    record: CatalogRecord;
    form: ReactNode;
    canEdit: boolean;
  }) => ReactNode;
}) {
  const { catalog: c, page } = pageById(pageId);
  const text = useCatalogText(c, page);
  const access = useAccess();
  const navigate = useNavigate();
  const { id } = useParams();
  const api = useMemo(() => catalogApi(c), [c]);
  const record = useQuery({
    queryKey: ['catalog', c.key, 'record', id],
    queryFn: ({ signal }) => api.get(id!, signal),
    enabled: Boolean(id),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const back = () => navigate(page.routes.list);
  if (record.isLoading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
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
  const form = <RecordForm c={c} page={page} record={record.data} onSaved={back} onCancel={back} />;
  return <>{children({ c, page, record: record.data, form, canEdit: can(access, 'update', c.subject) })}</>;
}
