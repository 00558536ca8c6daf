import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Input, List, Pagination, Select, Spin } from 'antd';

/** A filter of a public list: a select whose value goes to the query under `name`. */
export interface PublicListFilter {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  width: number;
  /** Long lists (the province's communes): typed words narrow the options, accents and case aside. */
  searchable?: boolean;
  /** The options are still loading. */
  loading?: boolean;
}

/** Lower-case, accents and đ folded: "xuan huong" finds "Xuân Hương". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

export interface PublicPageOf<T> {
  pageLists: T[];
  totalRecord: number;
}

interface Props<T> {
  /** The query's key without the query itself (the list adds it). */
  queryKey: readonly unknown[];
  fetchPage: (query: Record<string, unknown>, signal?: AbortSignal) => Promise<PublicPageOf<T>>;
  /** The API's name of the words searched ('keyWord' on most, 'keyword' on some). */
  keyWordParam?: string;
  searchLabel: string;
  searchWidth?: number;
  filters?: PublicListFilter[];
  pageSize?: number;
  /** Nothing published yet / nothing matches the words and filters / the list could not be loaded. */
  texts: { empty: string; noResult?: string; loadFailed?: string };
  itemTestId: string;
  rowKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** What stands beside an item (a download link). */
  extra?: (item: T) => ReactNode;
}

/**
 * A public list (legal documents, violating employers, published answers): words searched without accents,
 * filters, page by page, with an empty state that says whether nothing exists or nothing matches. One place for
 * the behaviour, so every public list searches, filters and pages alike.
 */
export function PublicSearchList<T>({
  queryKey,
  fetchPage,
  keyWordParam = 'keyWord',
  searchLabel,
  searchWidth = 420,
  filters = [],
  pageSize = 10,
  texts,
  itemTestId,
  rowKey,
  renderItem,
  extra,
}: Props<T>) {
  const [keyWord, setKeyWord] = useState('');
  const [chosen, setChosen] = useState<Record<string, string | number | undefined>>({});
  const [page, setPage] = useState(1);
  const query = { pageNumber: page, pageSize, [keyWordParam]: keyWord, ...chosen };
  const list = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = !!keyWord || Object.values(chosen).some((v) => v !== undefined);
  const total = list.data?.totalRecord ?? 0;
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={searchLabel}
          aria-label={searchLabel}
          onSearch={(v) => {
            setKeyWord(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: searchWidth }}
        />
        {filters.map((f) => (
          <Select
            key={f.name}
            allowClear
            placeholder={f.label}
            aria-label={f.label}
            value={chosen[f.name]}
            onChange={(v: string | number | undefined) => {
              setChosen((c) => ({ ...c, [f.name]: v ?? undefined }));
              setPage(1);
            }}
            options={f.options}
            {...(f.searchable && {
              showSearch: { filterOption: (input, option) => fold(String(option?.label ?? '')).includes(fold(input)) },
            })}
            loading={f.loading}
            style={{ width: f.width }}
          />
        ))}
      </Flex>
      {list.isError && texts.loadFailed && (
        <Alert type="error" showIcon message={texts.loadFailed} style={{ marginBottom: 16 }} />
      )}
      <Spin spinning={list.isFetching}>
        {list.data && list.data.pageLists.length === 0 ? (
          <Empty description={filtered && texts.noResult ? texts.noResult : texts.empty} />
        ) : (
          <List
            itemLayout="vertical"
            dataSource={list.data?.pageLists ?? []}
            renderItem={(item) => (
              <List.Item key={rowKey(item)} data-testid={itemTestId} extra={extra?.(item)}>
                {renderItem(item)}
              </List.Item>
            )}
          />
        )}
      </Spin>
      {total > pageSize && (
        <Pagination
          style={{ marginTop: 16 }}
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}
