import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Calendar, Card, Flex, Segmented, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TRAINING_ORGANIZATION_PATHS as PATHS, withId } from '@portal/domain/training/organizations';
import { catalogApi } from '../../../catalog/api.ts';
import { bind, errorMessage } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import './organizations.css';

const PAGE_ID = 'trainingNotice.department';
const NoticeList = bind(PAGE_ID);
/** Cells stay one line per course: a day shows this many, then "+n". */
const PER_DAY = 2;

interface NoticeRow {
  id: string;
  name: string;
  startDate: string;
  status: string;
  unitName?: string;
}

/** The month's courses on their planned first day; a course opens its notice. */
function NoticeCalendar() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const api = useMemo(() => catalogApi(catalogByKey('trainingNotice')), []);
  // The weeks the month's grid shows, so the days of the neighbouring months are filled too.
  const from = month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD');
  const to = month.endOf('month').add(14, 'day').format('YYYY-MM-DD');
  const list = useQuery({
    queryKey: ['catalog', 'trainingNotice', 'calendar', from, to],
    queryFn: ({ signal }) =>
      api.list({ pageNumber: 1, pageSize: 500, startDateFrom: from, startDateTo: to, sortField: 'startDate' }, signal),
    placeholderData: keepPreviousData,
  });
  const byDay = useMemo(() => {
    const out = new Map<string, NoticeRow[]>();
    for (const r of (list.data?.pageLists ?? []) as unknown as NoticeRow[])
      out.set(r.startDate, [...(out.get(r.startDate) ?? []), r]);
    return out;
  }, [list.data]);
  return (
    <Card size="small">
      <Typography.Text type="secondary">{t('notices.web.calendarHint')}</Typography.Text>
      {list.isError && <Alert type="error" showIcon message={errorMessage(list.error)} style={{ marginBottom: 8 }} />}
      <Calendar
        className="notice-calendar"
        value={month}
        onPanelChange={(value) => setMonth(value.startOf('month'))}
        onSelect={(value, info) => {
          if (info.source !== 'date') setMonth(value.startOf('month'));
        }}
        cellRender={(day, info) => {
          if (info.type !== 'date') return info.originNode;
          const courses = byDay.get(day.format('YYYY-MM-DD')) ?? [];
          if (!courses.length) return null;
          return (
            <Flex vertical gap={2} data-testid="notice-calendar-day">
              {courses.slice(0, PER_DAY).map((c) => (
                <Tooltip key={c.id} title={`${c.name}${c.unitName ? ` — ${c.unitName}` : ''}`}>
                  <Tag
                    color={c.status === 'submitted' ? 'gold' : 'green'}
                    style={{
                      margin: 0,
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      cursor: 'pointer',
                    }}
                    onClick={(e) => {
                      e.stopPropagation();
                      void navigate(withId(PATHS.noticeDepartment, c.id));
                    }}
                  >
                    {c.name}
                  </Tag>
                </Tooltip>
              ))}
              {courses.length > PER_DAY && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('notices.web.more', { count: courses.length - PER_DAY })}
                </Typography.Text>
              )}
            </Flex>
          );
        }}
      />
    </Card>
  );
}

/** The department's notices: the list (server table, filters in the address) or the month's calendar. */
export default function NoticesDepartmentPage() {
  const { t } = useTranslation('training');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  return (
    <Flex vertical gap={12}>
      <Segmented
        value={view}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          if (v === 'calendar') next.set('view', 'calendar');
          else next.delete('view');
          setParams(next, { replace: true });
        }}
        options={[
          { value: 'list', label: t('notices.web.tabs.list') },
          { value: 'calendar', label: t('notices.web.tabs.calendar') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="notice-view"
      />
      {view === 'calendar' ? <NoticeCalendar /> : <NoticeList />}
    </Flex>
  );
}
