import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Select, Space, Statistic } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { OVERTIME_LIMITS, type WorkerOvertime, type WorkerProgress } from '@portal/domain/workers/records';
import { toast } from '../../app/toast.ts';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { showDate, workerApi } from './api.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';
import { ServerTable, useServerList } from '../../platform/list/index.tsx';
import { displayNumber } from '../../platform/format.ts';

/** A worker's progress records and overtime: the tabs of the worker's page beside the record's form. */

const PAGE_SIZE = 10;
const toDay = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

export function ProgressTab({ workerId, canEdit }: { workerId: string; canEdit: boolean }) {
  const { t } = useTranslation('workers');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const key = ['workers', 'progress', workerId];
  const { table } = useServerList({
    key: (q) => [...key, q],
    fetch: (q, signal) => workerApi.progress(workerId, { pageNumber: q.pageNumber, pageSize: q.pageSize }, signal),
    prefix: 'progress',
    pageSize: PAGE_SIZE,
    sortable: [],
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useSubmit({
    send: (values: Record<string, unknown>, idempotencyKey: string) =>
      workerApi.addProgress(
        {
          workerId,
          ...values,
          fromDate: toDay(values.fromDate as Dayjs),
          toDate: toDay(values.toDate as Dayjs | null),
        },
        idempotencyKey,
      ),
    onSuccess: async () => {
      form.resetFields();
      toast.success(t('web.progress.added'));
      await refresh();
    },
    onError: (err) => showServerErrors(form, err, ['fromDate', 'toDate', 'workplace', 'position', 'description']),
  });
  const remove = useMutation({
    mutationFn: (id: string) => workerApi.removeProgress([id]),
    onSuccess: refresh,
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canEdit && (
        <Card size="small" title={t('web.progress.add')}>
          <Form form={form} layout="inline" onFinish={(v) => void add.submit(v)} style={{ rowGap: 8 }}>
            <Form.Item
              name="fromDate"
              label={t('web.progress.fromDate')}
              rules={[{ required: true, message: t('web.required') }]}
            >
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item name="toDate" label={t('web.progress.toDate')}>
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item name="workplace" label={t('web.progress.workplace')}>
              <Input maxLength={255} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="position" label={t('web.progress.position')}>
              <Input maxLength={255} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="description" label={t('web.progress.description')}>
              <Input maxLength={2000} style={{ width: 260 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.busy}>
              {t('web.add')}
            </Button>
          </Form>
        </Card>
      )}
      <ServerTable<WorkerProgress>
        {...table}
        size="small"
        empty={t('web.progress.empty')}
        columns={[
          { title: t('web.progress.fromDate'), dataIndex: 'fromDate', width: 120, render: showDate },
          {
            title: t('web.progress.toDate'),
            dataIndex: 'toDate',
            width: 120,
            render: (v: string | null) => (v ? showDate(v) : t('web.progress.now')),
          },
          { title: t('web.progress.workplace'), dataIndex: 'workplace' },
          { title: t('web.progress.position'), dataIndex: 'position' },
          { title: t('web.progress.description'), dataIndex: 'description', ellipsis: true },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'actions',
                  width: 56,
                  ellipsis: false,
                  render: (_: unknown, r: WorkerProgress) => (
                    <ConfirmPopover
                      title={t('web.confirmDelete')}
                      onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
                      okText={t('web.delete')}
                      cancelText={t('web.cancel')}
                      danger
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('web.delete')} />
                    </ConfirmPopover>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}

export function OvertimeTab({ workerId, canEdit }: { workerId: string; canEdit: boolean }) {
  const { t } = useTranslation('workers');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const key = ['workers', 'overtime', workerId];
  const thisYear = dayjs().year();
  const { list, table, filter, setFilter } = useServerList({
    key: (q) => [...key, q],
    fetch: (q, signal) =>
      workerApi.overtime(
        workerId,
        { pageNumber: q.pageNumber, pageSize: q.pageSize, year: Number(q.year) || thisYear },
        signal,
      ),
    prefix: 'overtime',
    filters: ['year'],
    pageSize: PAGE_SIZE,
    sortable: [],
  });
  const year = Number(filter('year')) || thisYear;
  // The current year is the default: the address names only another.
  const setYear = (y: number) => setFilter('year', y === thisYear ? null : y);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useSubmit({
    send: (values: Record<string, unknown>, idempotencyKey: string) =>
      workerApi.addOvertime({ workerId, ...values, workDate: toDay(values.workDate as Dayjs) }, idempotencyKey),
    onSuccess: async (saved) => {
      form.resetFields();
      toast.success(t('web.overtime.added'));
      setYear(Number(saved.workDate.slice(0, 4)));
      await refresh();
    },
    onError: (err) => showServerErrors(form, err, ['workDate', 'hours', 'reason']),
  });
  const remove = useMutation({
    mutationFn: (id: string) => workerApi.removeOvertime([id]),
    onSuccess: refresh,
    onError: (err) => toast.error(errorMessage(err)),
  });
  // The year list of spec §9: the current year and the nine before it.
  const years = Array.from({ length: 10 }, (_, i) => dayjs().year() - i);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={24} align="center" wrap>
        <Select
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          style={{ width: 110 }}
          aria-label={t('web.overtime.year')}
        />
        <Statistic
          title={t('web.overtime.totalYear')}
          value={list.data?.totalHours ?? 0}
          suffix={`/ ${OVERTIME_LIMITS.perYear} ${t('web.overtime.hours')}`}
        />
      </Flex>
      {canEdit && (
        <Card size="small" title={t('web.overtime.add')} extra={t('web.overtime.limits', OVERTIME_LIMITS)}>
          <Form form={form} layout="inline" onFinish={(v) => void add.submit(v)} style={{ rowGap: 8 }}>
            <Form.Item
              name="workDate"
              label={t('web.overtime.workDate')}
              rules={[{ required: true, message: t('web.required') }]}
            >
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item
              name="hours"
              label={t('web.overtime.hoursLabel')}
              rules={[{ required: true, message: t('web.required') }]}
            >
              <InputNumber min={0.5} max={OVERTIME_LIMITS.perDay} step={0.5} decimalSeparator="," />
            </Form.Item>
            <Form.Item name="reason" label={t('web.overtime.reason')}>
              <Input maxLength={500} style={{ width: 300 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.busy}>
              {t('web.add')}
            </Button>
          </Form>
        </Card>
      )}
      <ServerTable<WorkerOvertime>
        {...table}
        size="small"
        empty={t('web.overtime.empty')}
        columns={[
          { title: t('web.overtime.workDate'), dataIndex: 'workDate', width: 130, render: showDate },
          {
            title: t('web.overtime.hoursLabel'),
            dataIndex: 'hours',
            width: 110,
            render: (h: number) => displayNumber(h),
          },
          { title: t('web.overtime.reason'), dataIndex: 'reason' },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'actions',
                  width: 56,
                  ellipsis: false,
                  render: (_: unknown, r: WorkerOvertime) => (
                    <ConfirmPopover
                      title={t('web.confirmDelete')}
                      onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
                      okText={t('web.delete')}
                      cancelText={t('web.cancel')}
                      danger
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('web.delete')} />
                    </ConfirmPopover>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
