import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { ApiError } from '../../app/api-client.ts';

/** What the shell reads of a record's query (a TanStack Query result fits). */
export interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

export interface RecordBack {
  label: string;
  onClick: () => void;
}

export interface RecordShellProps<T> {
  query: RecordQuery<T>;
  /** The page's body once the record is there. */
  children: (record: T) => ReactNode;
  /**
   * The header's title: with one, the record shows in a card headed by the title, the state tag, the back button
   * and the actions; without, `children` lays out the whole page (the shell only waits and reports errors).
   */
  title?: (record: T) => ReactNode;
  /** The record's state, as a tag beside the title. */
  status?: (record: T) => ReactNode;
  /** The actions slot of the header (an `ActionsBar`, downloads, links). */
  actions?: (record: T) => ReactNode;
  /** The way back to the list: in the header, and under a not-found or error message. */
  back?: RecordBack;
  /** What to say when the record does not exist (404); the common words by default. */
  notFound?: string;
  /** Props for the record's card (a width, a test id). */
  cardProps?: ComponentProps<typeof Card>;
}

/**
 * The retry rule of a record's query: a refusal (4xx — missing, forbidden) is final at once; a server or network
 * failure is tried twice more before the error shows.
 */
export const retryRecord = (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2;

/** The loading state of a record page: a skeleton in a named status region, announced as busy. */
export function RecordLoading() {
  const { t } = useTranslation('common');
  return (
    <Card role="status" aria-busy="true" aria-label={t('record.loading')}>
      <Skeleton active />
    </Card>
  );
}

/** A record that could not be shown: the app's not-found content for a 404, else the error with a retry. */
export function RecordError({
  error,
  notFound,
  back,
  retry,
}: {
  error: unknown;
  notFound?: string;
  back?: RecordBack;
  retry?: () => unknown;
}) {
  const { t } = useTranslation('common');
  const missing = error instanceof ApiError && error.status === 404;
  const backButton = back && (
    <Button key="back" onClick={back.onClick}>
      {back.label}
    </Button>
  );
  if (missing)
    return (
      <Card>
        <Result
          status="404"
          title={notFound ?? t('record.notFound')}
          extra={backButton}
          data-testid="record-not-found"
        />
      </Card>
    );
  return (
    <Card>
      <Result
        status="error"
        title={t('record.loadFailed')}
        subTitle={error instanceof Error ? error.message : String(error ?? '')}
        extra={[
          retry && (
            <Button key="retry" type="primary" onClick={() => void retry()}>
              {t('record.retry')}
            </Button>
          ),
          backButton,
        ]}
        data-testid="record-error"
      />
    </Card>
  );
}

/**
 * The head of a record's card (Card `title` and `extra`): its title and state tag, then the back button and the
 * actions. For pages that lay out their own card.
 */
export function recordCardHead({
  title,
  status,
  back,
  actions,
}: {
  title: ReactNode;
  status?: ReactNode;
  back?: RecordBack;
  actions?: ReactNode;
}) {
  return {
    title: (
      <Flex gap={8} align="center" wrap>
        <span>{title}</span>
        {status}
      </Flex>
    ),
    extra: (back || actions) && (
      <Flex gap={8} wrap>
        {back && <Button onClick={back.onClick}>{back.label}</Button>}
        {actions}
      </Flex>
    ),
  };
}

/**
 * One record page's frame: loading, not found, failed (with a retry), then the record under a header with its
 * title, state and actions. Every record page shows these states the same way.
 */
export function RecordShell<T>({
  query,
  children,
  title,
  status,
  actions,
  back,
  notFound,
  cardProps,
}: RecordShellProps<T>) {
  if (query.isError) return <RecordError error={query.error} notFound={notFound} back={back} retry={query.refetch} />;
  if (query.data === undefined) return <RecordLoading />;
  const record = query.data;
  if (!title) return <>{children(record)}</>;
  const head = recordCardHead({ title: title(record), status: status?.(record), back, actions: actions?.(record) });
  return (
    <Card {...cardProps} title={head.title} extra={head.extra}>
      {children(record)}
    </Card>
  );
}
