import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resolveCatalog } from '@portal/domain/catalog/index';
import { monitoringFile } from '@portal/domain/monitoring/file';
import { ImportView } from '../../catalog/ImportPage.tsx';

const fileCatalog = resolveCatalog(monitoringFile);

/**
 * `/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong/them-tu-tep`: the monitoring organisation's whole file — the
 * report and its readings of every factor, one row each, its kind in the first column — through the catalogue's
 * import page (template, check, per-row report, save), driven by the file's declaration.
 */
export default function MonitoringImportPage() {
  const queryClient = useQueryClient();
  const page = fileCatalog.pages[0]!;
  // The reports and their readings the file stored show at once on the list and the report pages.
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'monitoringReport'] });
      void queryClient.invalidateQueries({ queryKey: ['monitoring'] });
    },
    [queryClient],
  );
  return <ImportView c={fileCatalog} page={page} />;
}
