import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/domain/format';

/** Times as Vietnamese documents write them (day first, seconds: a signature's time is exact). */
export const showDateTime = (value: string | null | undefined): string =>
  value ? dayjs(value).format(`${DATE_FORMAT} HH:mm:ss`) : '';
export const showDate = (value: string | null | undefined): string => (value ? dayjs(value).format(DATE_FORMAT) : '');
