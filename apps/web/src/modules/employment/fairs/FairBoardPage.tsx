import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { FAIR_PAGES, INTERVIEW_OUTCOMES, TICKET_PATTERN } from '@portal/domain/employment/fairs';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@portal/domain/format';
import { toast } from '../../../app/toast.ts';
import { catalogApi } from '../../../catalog/api.ts';
import { ReferenceSelect } from '../../../catalog/fields.tsx';
import { routeTo, useCatalogAbility } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { displayNumber } from '../../../platform/format.ts';
import { showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../../platform/list/index.tsx';
import { RecordShell, retryRecord } from '../../../platform/record/index.ts';
import { fairApi, fairKeys, type Attendee, type FairBoard, type FairInterview, type Ticket } from './api.ts';
import { ticketFrom } from './CheckInPage.tsx';
import { TicketView } from './TicketView.tsx';

const RESULTS = [
  'employers',
  'vacancies',
  'positions',
  'seekersRegistered',
  'seekersCheckedIn',
  'interviews',
  'shortlisted',
  'hires',
] as const;

/** An employer's stall: its open vacancies to bring (the centre picks the employer first). */
function StallDialog({ board, onClose }: { board: FairBoard; onClose: () => void }) {
  const { t } = useTranslation('employment');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const own = board.stalls.find((s) => s.own);
  const employerSide = !board.can.seeAttendees;
  const businessId = Form.useWatch('businessId', form) as string | undefined;
  const vacancyArea = catalogByKey('vacancy');
  const vacancyApi = useMemo(() => catalogApi(vacancyArea), [vacancyArea]);
  const vacancies = useQuery({
    queryKey: ['catalog', 'vacancy', 'list', 'fair-stall', businessId ?? 'own'],
    queryFn: ({ signal }) =>
      vacancyApi.list({ status: 'open', pageSize: 100, ...(businessId ? { businessId } : {}) }, signal),
    enabled: employerSide || Boolean(businessId),
  });
  const { submit, busy } = useSubmit({
    send: (v: Record<string, unknown>) =>
      fairApi.registerStall(board.fair.id, {
        ...(employerSide ? {} : { businessId: v.businessId as string }),
        vacancyIds: (v.vacancyIds as string[] | undefined) ?? [],
        contactName: (v.contactName as string | undefined)?.trim() || null,
        contactPhone: (v.contactPhone as string | undefined)?.replace(/\s/g, '') || null,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: fairKeys.all });
      toast.success(t('fairs.stall.register'));
      onClose();
    },
    onError: (err: unknown) => showServerErrors(form, err, ['businessId', 'vacancyIds', 'contactName', 'contactPhone']),
  });
  const s = (name: string) => t(`fairs.stall.${name}`);
  const options = (vacancies.data?.pageLists ?? []).map((v) => ({
    value: String(v.id),
    label: `${String(v.code)} - ${String(v.title)}`,
  }));
  return (
    <Modal
      open
      title={s('register')}
      okText={s('register')}
      cancelText={t('common:dialogs.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'fair-stall-ok' }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      onCancel={() => !busy && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={
          own
            ? {
                vacancyIds: own.vacancies.map((v) => v.id),
                contactName: own.contactName,
                contactPhone: own.contactPhone,
              }
            : {}
        }
        onFinish={(v) => void submit(v)}
      >
        {!employerSide && (
          <Form.Item
            htmlFor="fair-stall-businessId"
            name="businessId"
            label={s('employer')}
            rules={[{ required: true, message: t('fairs.validation.employerRequired') }]}
          >
            <ReferenceSelect target={catalogByKey('bussiness')} id="fair-stall-businessId" />
          </Form.Item>
        )}
        <Form.Item
          htmlFor="fair-stall-vacancyIds"
          name="vacancyIds"
          label={s('pickVacancies')}
          rules={[{ required: true, message: t('fairs.validation.vacancies') }]}
          extra={vacancies.isSuccess && options.length === 0 ? s('noOpenVacancies') : undefined}
        >
          <Select
            id="fair-stall-vacancyIds"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={vacancies.isFetching}
            options={options}
          />
        </Form.Item>
        <Form.Item htmlFor="fair-stall-contactName" name="contactName" label={s('contactName')}>
          <Input id="fair-stall-contactName" maxLength={200} />
        </Form.Item>
        <Form.Item htmlFor="fair-stall-contactPhone" name="contactPhone" label={s('contactPhone')}>
          <Input id="fair-stall-contactPhone" maxLength={15} inputMode="tel" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The centre registers a person: one of its job seekers, or a new one by name and phone; then the ticket. */
function AttendeeDialog({ fairId, onClose }: { fairId: string; onClose: () => void }) {
  const { t } = useTranslation('employment');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [mode, setMode] = useState<'seeker' | 'person'>('seeker');
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const { submit, busy } = useSubmit({
    send: (v: Record<string, string | undefined>) =>
      fairApi.registerAttendee(
        fairId,
        mode === 'seeker'
          ? { seekerId: v.seekerId }
          : {
              fullName: v.fullName?.trim(),
              phone: v.phone?.replace(/\s/g, ''),
              ...(v.citizenId?.trim() ? { citizenId: v.citizenId.trim() } : {}),
            },
      ),
    onSuccess: async (made: Ticket) => {
      setTicket(made);
      await queryClient.invalidateQueries({ queryKey: fairKeys.all });
    },
    onError: (err: unknown) => showServerErrors(form, err, ['seekerId', 'fullName', 'phone', 'citizenId']),
  });
  const a = (name: string) => t(`fairs.attendee.${name}`);
  const required = (key: string) => ({ required: true, message: t(`fairs.validation.${key}`) });
  return (
    <Modal
      open
      title={a('register')}
      okText={ticket ? t('common:dialogs.close') : a('register')}
      cancelButtonProps={{ style: ticket ? { display: 'none' } : undefined, disabled: busy }}
      okButtonProps={{ loading: busy, 'data-testid': 'fair-attendee-ok' }}
      onOk={() => (ticket ? onClose() : form.submit())}
      onCancel={() => !busy && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      {ticket ? (
        <TicketView ticket={ticket} />
      ) : (
        <Form form={form} layout="vertical" disabled={busy} onFinish={(v) => void submit(v)}>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'seeker' | 'person')}
            options={[
              { value: 'seeker', label: a('seeker') },
              { value: 'person', label: a('orPerson') },
            ]}
            style={{ marginBottom: 16 }}
          />
          {mode === 'seeker' ? (
            <Form.Item htmlFor="fair-attendee-seekerId" name="seekerId" label={a('seeker')} rules={[required('who')]}>
              <ReferenceSelect target={catalogByKey('jobSeeker')} id="fair-attendee-seekerId" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                htmlFor="fair-attendee-fullName"
                name="fullName"
                label={a('fullName')}
                rules={[required('fullName')]}
              >
                <Input id="fair-attendee-fullName" maxLength={200} />
              </Form.Item>
              <Form.Item htmlFor="fair-attendee-phone" name="phone" label={a('phone')} rules={[required('phone')]}>
                <Input id="fair-attendee-phone" maxLength={15} inputMode="tel" />
              </Form.Item>
              <Form.Item htmlFor="fair-attendee-citizenId" name="citizenId" label={a('citizenId')}>
                <Input id="fair-attendee-citizenId" maxLength={12} inputMode="numeric" />
              </Form.Item>
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}

function Stalls({ board }: { board: FairBoard }) {
  const { t } = useTranslation('employment');
  const queryClient = useQueryClient();
  const s = (name: string) => t(`fairs.stall.${name}`);
  const withdraw = async (stallId: string) => {
    try {
      await fairApi.withdrawStall(board.fair.id, stallId);
      await queryClient.invalidateQueries({ queryKey: fairKeys.all });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Table
      rowKey="id"
      size="small"
      data-testid="fair-stalls"
      dataSource={board.stalls}
      pagination={board.stalls.length > 20 ? { pageSize: 20 } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s('empty')} /> }}
      columns={[
        { title: s('no'), dataIndex: 'stallNo', width: 70 },
        {
          title: s('employer'),
          key: 'employer',
          render: (_v, r) => (
            <>
              {r.employer.name} {r.own && <Tag color="blue">{s('own')}</Tag>}
            </>
          ),
        },
        {
          title: s('vacancies'),
          key: 'vacancies',
          render: (_v, r) => r.vacancies.map((v) => `${v.title}${v.quantity ? ` (${v.quantity})` : ''}`).join('; '),
        },
        {
          title: s('contact'),
          key: 'contact',
          width: 180,
          render: (_v, r) => [r.contactName, r.contactPhone].filter(Boolean).join(' · ') || EMPTY_VALUE,
        },
        { title: s('interviews'), dataIndex: 'interviews', width: 100, align: 'right' },
        { title: s('hires'), dataIndex: 'hires', width: 90, align: 'right' },
        {
          title: '',
          key: 'actions',
          width: 60,
          render: (_v, r) =>
            (r.own || board.can.seeAttendees) && r.interviews === 0 && !board.fair.past ? (
              <Popconfirm
                title={s('withdrawConfirm')}
                onConfirm={() => withdraw(r.id)}
                okButtonProps={{ danger: true }}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={s('withdraw')} title={s('withdraw')} />
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}

function Attendees({ fairId }: { fairId: string }) {
  const { t } = useTranslation('employment');
  const list = useServerList({
    key: (request) => fairKeys.attendees({ fairId, ...request }),
    fetch: (request, signal) => fairApi.attendees(fairId, request, signal),
    filters: ['checkedIn'],
    prefix: 'a',
  });
  const a = (name: string) => t(`fairs.attendee.${name}`);
  const columns: ListColumn<Attendee>[] = [
    {
      title: a('ticket'),
      dataIndex: 'ticket',
      width: 120,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: a('fullName'), dataIndex: 'fullName', minWidth: 180 },
    { title: a('phone'), dataIndex: 'phone', width: 130, priority: 3, render: (v: string | null) => v ?? EMPTY_VALUE },
    {
      title: a('via'),
      dataIndex: 'via',
      width: 120,
      priority: 4,
      render: (v: Attendee['via']) => (v === 'public' ? a('viaPublic') : a('viaCentre')),
    },
    { title: a('registeredAt'), dataIndex: 'registeredAt', width: 150, priority: 5, render: formatDateTime },
    {
      title: a('checkedInAt'),
      dataIndex: 'checkedInAt',
      width: 150,
      render: (v: string | null) => (v ? <Tag color="green">{formatDateTime(v)}</Tag> : <Tag>{a('notCheckedIn')}</Tag>),
    },
  ];
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <SearchBox value={list.keyWord} onSearch={list.setKeyWord} width={300} data-testid="fair-attendee-search" />
        <Segmented
          value={list.filter('checkedIn') || 'all'}
          onChange={(v) => list.setFilter('checkedIn', v === 'all' ? null : String(v))}
          options={[
            { value: 'all', label: a('all') },
            { value: 'true', label: a('checkedIn') },
            { value: 'false', label: a('waiting') },
          ]}
        />
      </Flex>
      <div data-testid="fair-attendees">
        <ServerTable<Attendee>
          {...list.table}
          columns={columns}
          empty={<Typography.Text type="secondary">{a('empty')}</Typography.Text>}
        />
      </div>
    </>
  );
}

/** A stall records an interview: the person's ticket (read from their QR code or typed), the vacancy, the outcome. */
function InterviewForm({ board }: { board: FairBoard }) {
  const { t } = useTranslation('employment');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const stalls = board.can.seeAttendees ? board.stalls : board.stalls.filter((s) => s.own);
  const stallId = Form.useWatch('stallId', form) ?? (stalls.length === 1 ? stalls[0]!.id : undefined);
  const stall = stalls.find((s) => s.id === stallId);
  const { submit, busy } = useSubmit({
    send: (v: Record<string, string | undefined>) =>
      fairApi.interview(board.fair.id, {
        stallId: v.stallId ?? '',
        ticket: ticketFrom(v.ticket ?? ''),
        vacancyId: v.vacancyId ?? null,
        outcome: v.outcome as FairInterview['outcome'],
        note: v.note?.trim() || null,
      }),
    onSuccess: async () => {
      toast.success(t('fairs.interview.saved'));
      form.resetFields(['ticket', 'vacancyId', 'note']);
      await queryClient.invalidateQueries({ queryKey: fairKeys.all });
    },
    onError: (err: unknown) => showServerErrors(form, err, ['stallId', 'ticket', 'vacancyId', 'outcome', 'note']),
  });
  if (!stalls.length) return null;
  const i = (name: string) => t(`fairs.interview.${name}`);
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={busy}
      initialValues={{ stallId: stalls.length === 1 ? stalls[0]!.id : undefined, outcome: 'interviewed' }}
      onFinish={(v) => void submit(v)}
      data-testid="fair-interview-form"
    >
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            htmlFor="fair-interview-stallId"
            name="stallId"
            label={i('stall')}
            rules={[{ required: true, message: t('fairs.validation.unknownStall') }]}
          >
            <Select
              id="fair-interview-stallId"
              options={stalls.map((s) => ({ value: s.id, label: `${s.stallNo} - ${s.employer.name}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item
            htmlFor="fair-interview-ticket"
            name="ticket"
            label={i('ticket')}
            normalize={(v: string) => ticketFrom(v ?? '')}
            rules={[{ required: true, pattern: TICKET_PATTERN, message: t('fairs.validation.ticket') }]}
          >
            <Input id="fair-interview-ticket" autoComplete="off" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item htmlFor="fair-interview-vacancyId" name="vacancyId" label={i('vacancy')}>
            <Select
              id="fair-interview-vacancyId"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(stall?.vacancies ?? []).map((v) => ({ value: v.id, label: v.title }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item htmlFor="fair-interview-outcome" name="outcome" label={i('outcome')} rules={[{ required: true }]}>
            <Select
              id="fair-interview-outcome"
              options={INTERVIEW_OUTCOMES.map((o) => ({ value: o, label: t(`fairs.outcomes.${o}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={12} align="start">
        <Form.Item htmlFor="fair-interview-note" name="note" label={i('note')} style={{ flex: 1 }}>
          <Input id="fair-interview-note" maxLength={1000} />
        </Form.Item>
        <Form.Item label=" ">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="fair-interview-submit">
            {i('record')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}

const outcomeColour: Record<FairInterview['outcome'], string> = {
  interviewed: 'default',
  shortlisted: 'gold',
  hired: 'green',
  notSelected: 'red',
};

function Interviews({ board }: { board: FairBoard }) {
  const { t } = useTranslation('employment');
  const i = (name: string) => t(`fairs.interview.${name}`);
  return (
    <>
      {!board.fair.past && board.fair.status !== 'cancelled' && <InterviewForm board={board} />}
      <Table
        rowKey="id"
        size="small"
        data-testid="fair-interviews"
        dataSource={board.interviews}
        pagination={board.interviews.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={i('empty')} /> }}
        columns={[
          { title: t('fairs.stall.no'), dataIndex: 'stallNo', width: 70 },
          { title: t('fairs.stall.employer'), dataIndex: 'employer' },
          { title: i('person'), key: 'person', render: (_v, r) => `${r.attendee.fullName} (${r.attendee.ticket})` },
          { title: i('vacancy'), dataIndex: 'vacancy', render: (v: string | null) => v ?? EMPTY_VALUE },
          {
            title: i('outcome'),
            dataIndex: 'outcome',
            width: 130,
            render: (v: FairInterview['outcome']) => <Tag color={outcomeColour[v]}>{t(`fairs.outcomes.${v}`)}</Tag>,
          },
          { title: i('recordedAt'), dataIndex: 'recordedAt', width: 150, render: formatDateTime },
        ]}
      />
    </>
  );
}

function Facts({ board }: { board: FairBoard }) {
  const { t } = useTranslation('employment');
  const f = board.fair;
  const r = (name: (typeof RESULTS)[number]) => t(`fairs.results.${name}`);
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'when',
            label: t('fairs.facts.when'),
            children: `${formatDate(f.heldOn)}${f.startTime ? ` · ${f.startTime}${f.endTime ? `–${f.endTime}` : ''}` : ''}`,
          },
          {
            key: 'where',
            label: t('fairs.facts.where'),
            children:
              f.kind === 'online'
                ? (f.onlineLink ?? t('fairs.facts.online'))
                : [f.place, f.commune].filter(Boolean).join(', ') || EMPTY_VALUE,
          },
          {
            key: 'closes',
            label: t('fairs.facts.closes'),
            children: f.registrationCloses ? formatDate(f.registrationCloses) : EMPTY_VALUE,
          },
        ]}
      />
      <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
        {t('fairs.results.title')}
      </Divider>
      <Row gutter={[16, 8]} data-testid="fair-results">
        {RESULTS.map((name) => (
          <Col key={name} xs={12} sm={6} lg={3}>
            <Statistic
              title={r(name)}
              value={displayNumber(board.results[name])}
              valueStyle={{ fontSize: 20 }}
              data-testid={`fair-result-${name}`}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}

/**
 * `/dich-vu-viec-lam/phien-giao-dich-viec-lam/chi-tiet/{id}`: a job exchange session — when and where, its results
 * counted from the rows, the stalls with what they offer, the registered job seekers and the door (the centre's),
 * and the interviews (an employer records and sees those at its own stall).
 */
export default function FairBoardPage() {
  const { t } = useTranslation('employment');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const c = catalogByKey('jobFair');
  const page = c.pages[0]!;
  const ability = useCatalogAbility(c);
  const board = useQuery({
    queryKey: fairKeys.board(id),
    queryFn: ({ signal }) => fairApi.board(id, signal),
    retry: retryRecord,
  });
  const [dialog, setDialog] = useState<'stall' | 'attendee' | null>(null);
  const [tab, setTab] = useState('stalls');
  return (
    <RecordShell
      query={board}
      back={{ label: t('fairs.back'), onClick: () => navigate(FAIR_PAGES.list) }}
      notFound={t('catalog:messages.notFound')}
      title={(b) => `${b.fair.code} - ${b.fair.title}`}
      status={(b) => (
        <Tag
          color={
            b.fair.status === 'cancelled' ? 'red' : b.fair.past ? 'default' : b.fair.registering ? 'green' : 'gold'
          }
        >
          {b.fair.status === 'cancelled'
            ? t('fairStatuses.cancelled')
            : b.fair.past
              ? t('fairs.facts.past')
              : b.fair.registering
                ? t('fairs.facts.registering')
                : t('fairs.facts.notRegistering')}
        </Tag>
      )}
      actions={(b) => (
        <Flex gap={8} wrap>
          {b.can.registerStall && (
            <Button icon={<PlusOutlined />} onClick={() => setDialog('stall')} data-testid="fair-stall-register">
              {b.stalls.some((s) => s.own) ? t('fairs.stall.change') : t('fairs.stall.register')}
            </Button>
          )}
          {b.can.registerSeekers && (
            <Button icon={<PlusOutlined />} onClick={() => setDialog('attendee')} data-testid="fair-attendee-register">
              {t('fairs.attendee.register')}
            </Button>
          )}
          {b.can.checkIn && (
            <Button icon={<ScanOutlined />} onClick={() => navigate(FAIR_PAGES.checkIn)}>
              {t('fairs.checkIn.title')}
            </Button>
          )}
          {ability.update && page.routes.edit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(routeTo(page.routes.edit, b.fair.id)!)}>
              {t('catalog:actions.edit')}
            </Button>
          )}
        </Flex>
      )}
    >
      {(b) => (
        <>
          <Facts board={b} />
          <Tabs
            activeKey={tab}
            onChange={setTab}
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'stalls',
                label: `${t('fairs.tabs.stalls')} (${b.stalls.length})`,
                children: <Stalls board={b} />,
              },
              ...(b.can.seeAttendees
                ? [
                    {
                      key: 'attendees',
                      label: `${t('fairs.tabs.attendees')} (${b.results.seekersRegistered})`,
                      children: <Attendees fairId={b.fair.id} />,
                    },
                  ]
                : []),
              {
                key: 'interviews',
                label: (
                  <span data-testid="fair-tab-interviews">{`${t('fairs.tabs.interviews')} (${b.interviews.length})`}</span>
                ),
                children: <Interviews board={b} />,
              },
            ]}
          />
          {dialog === 'stall' && <StallDialog board={b} onClose={() => setDialog(null)} />}
          {dialog === 'attendee' && <AttendeeDialog fairId={b.fair.id} onClose={() => setDialog(null)} />}
        </>
      )}
    </RecordShell>
  );
}
