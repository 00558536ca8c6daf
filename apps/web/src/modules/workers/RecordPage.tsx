import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { can, useAccess } from '../../app/access.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { RecordForm } from '../../catalog/FormPage.tsx';
import { pageById } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { RecordShell, retryRecord } from '../../platform/record/index.ts';

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
    retry: retryRecord,
  });
  const back = () => navigate(page.routes.list);
  return (
    <RecordShell
      query={record}
      back={{ label: text.t('catalog:actions.back'), onClick: back }}
      notFound={text.t('catalog:messages.notFound')}
    >
      {(data) =>
        children({
          c,
          page,
          record: data,
          form: <RecordForm c={c} page={page} record={data} onSaved={back} onCancel={back} />,
          canEdit: can(access, 'update', c.subject),
        })
      }
    </RecordShell>
  );
}
