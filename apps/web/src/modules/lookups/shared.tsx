import type { ReactNode } from 'react';
import { Alert, Empty } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatDate } from '@portal/domain/format';
import { ApiError } from '../../app/api-client.ts';
import { PublicSection } from '../home/index.ts';

/** Pieces the public look-ups share. */

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const isoDate = (d: Dayjs) => d.format('YYYY-MM-DD');

/** A 404 is "nothing matches" (the same answer whatever did not match); anything else says what went wrong. */
export function LookupError({ error, notFound }: { error: unknown; notFound: string }) {
  if (error instanceof ApiError && error.status === 404) return <Empty description={notFound} />;
  return <Alert type="error" showIcon message={error instanceof Error ? error.message : String(error)} />;
}

/** The page's frame: title, introduction, the form, the answer and a note on what is never shown. */
export function LookupFrame(props: { title: string; intro?: string; privacy?: string; children: ReactNode }) {
  return <PublicSection narrow {...props} />;
}

/** Don't retry a 4xx (not found, bad input, too many look-ups). */
export const retryServerErrors = (count: number, err: Error) =>
  !(err instanceof ApiError && err.status < 500) && count < 2;
