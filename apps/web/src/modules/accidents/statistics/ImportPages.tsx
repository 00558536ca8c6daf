import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { areaText, resolveCatalog, type ResolvedPage } from '@portal/domain/catalog/index';
import { injuryFile, specializeLineFile } from '@portal/domain/accidents/statistics/files';
import { STATISTICS_PATHS } from '@portal/domain/accidents/statistics/index';
import { ImportView } from '../../../catalog/ImportPage.tsx';

const injuryCatalog = resolveCatalog(injuryFile);
const lineCatalog = resolveCatalog(specializeLineFile);

/** An import page for one report: its id (and classification) sent with every row; back to the report after. */
function pageFor(c: ReturnType<typeof resolveCatalog>, back: string, fixed: Record<string, string>): ResolvedPage {
  return {
    id: c.key,
    catalogKey: c.key,
    view: null,
    fixed,
    titleKey: areaText(c.declaration, 'title'),
    routes: { list: back, create: null, edit: null, detail: null, import: null, aliases: {} },
  };
}

function useRefreshOnLeave(key: string) {
  const queryClient = useQueryClient();
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: ['accidentStatistics', key] }),
    [queryClient, key],
  );
}

/**
 * `/an-toan-ve-sinh-lao-dong/thong-ke-tai-nan-lao-dong-co-quan/them-tu-tep/{id}`: a report's worker list with the
 * losses filled in (the file its export gives), through the catalogue's import page: checked, then saved.
 */
export function InjuryImportPage() {
  const { id = '' } = useParams();
  useRefreshOnLeave('report');
  const page = useMemo(
    () => pageFor(injuryCatalog, `${STATISTICS_PATHS.base}/chinh-sua/${id}`, { accidentStatisticalId: id }),
    [id],
  );
  return <ImportView c={injuryCatalog} page={page} />;
}

/**
 * `/an-toan-ve-sinh-lao-dong/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/them-tu-tep/{id}` and `…/{id}/{type}`:
 * a specialised report's lines from a file, every title or only those of one facility-type classification.
 */
export function LineImportPage() {
  const { id = '', type } = useParams();
  useRefreshOnLeave('specialize');
  const page = useMemo(
    () =>
      pageFor(lineCatalog, `${STATISTICS_PATHS.specializeBase}/chinh-sua/${id}`, {
        reportId: id,
        ...(type ? { facilityTypeId: type } : {}),
      }),
    [id, type],
  );
  return <ImportView c={lineCatalog} page={page} />;
}

export default InjuryImportPage;
