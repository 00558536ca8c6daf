import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { catalogApi, type CatalogRecord } from '../../../catalog/api.ts';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
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
    retry: retryRecord,
  });
  return (
    <RecordShell
      query={record}
      back={{ label: text.t('catalog:actions.back'), onClick: back }}
      notFound={text.t('catalog:messages.notFound')}
    >
      {(data) => children({ data, text, back })}
    </RecordShell>
  );
}
