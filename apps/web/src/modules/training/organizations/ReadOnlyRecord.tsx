import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import type { CatalogRecord } from '../../../catalog/api.ts';
import { RecordFields } from '../../../catalog/DetailPage.tsx';
import { useCatalogText } from '../../../catalog/text.ts';

/** A record that is no longer edited (sent, acknowledged), shown as the catalogue's detail shows its fields. */
export function ReadOnlyRecord({ c, page, record }: { c: ResolvedCatalog; page: ResolvedPage; record: CatalogRecord }) {
  const text = useCatalogText(c, page);
  return <RecordFields c={c} page={page} text={text} data={record} />;
}
