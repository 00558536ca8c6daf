import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Tabs,
  Timeline,
  Typography,
} from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  REFERRAL_STATUSES,
  REFUSAL_REASONS,
  referralWorkflow,
  type RefusalReason,
  type ReferralStatus,
} from '@portal/domain/employment/referrals';
import { DATE_FORMAT, EMPTY_VALUE, formatDate, formatDateTime } from '@portal/domain/format';
import { toast } from '../../app/toast.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { showServerErrors } from '../../platform/form/index.ts';
import { SearchBox, ServerTable, useServerList, type ListColumn } from '../../platform/list/index.tsx';
import { ActionsBar, RecordError, stateTag, workflowActions, type RecordAction } from '../../platform/record/index.ts';
import { referralApi, referralKeys, type ReferralDetail, type ReferralMove, type ReferralRow } from './api.ts';

/**
 * The referrals' list (all in the caller's scope, or one job seeker's): tabs for what waits on someone (the
 * employer's answer, the centre's follow-up), a status filter and the keyword, page by page; each row's buttons
 * are the moves the API allows the caller now (the referral workflow's actions bar) and the follow-up; a drawer
 * shows one referral (also opened by `?id=`, the notifications' link).
 */

const STATUS_COLORS: Record<ReferralStatus, string> = {
  new: 'blue',
  inProgress: 'cyan',
  interview: 'purple',
  hired: 'green',
  refused: 'red',
  cancelled: 'default',
  expired: 'orange',
};

export const ReferralStatusTag = stateTag<ReferralStatus>({
  ns: 'employment',
  text: (s) => `referrals.statuses.${s}`,
  colors: STATUS_COLORS,
  testId: 'referral-status',
  dataState: true,
});

const TABS = ['all', 'waiting', 'followUpDue'] as const;
type Tab = (typeof TABS)[number];

/** A move or the follow-up, as the row's buttons name them. */
type RowAction = ReferralMove | 'followUp';

/** What a dialog of a move asks for, and the row it is for. */
type Asked = { kind: 'hire' | 'refuse' | 'followUp'; row: ReferralRow; done: () => void };

const today = () => dayjs().startOf('day');

/** After a move: the lists and the referral read again, and the toast. */
function useMoved() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('employment');
  return async (key: RowAction) => {
    toast.success(t(`referrals.done.${key}`));
    await queryClient.invalidateQueries({ queryKey: referralKeys.all });
  };
}

/** The row's (or the drawer's) buttons: the moves allowed now, then the follow-up when it may be recorded. */
export function ReferralActions({
  row,
  onAsk,
  size = 'small',
}: {
  row: ReferralRow;
  onAsk: (asked: Asked) => void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('employment');
  const moved = useMoved();
  const label = (a: RowAction) => t(`referrals.actions.${a}`);
  const moves = workflowActions<ReferralMove>(referralWorkflow, row.actions, {
    acknowledge: { label: label('acknowledge'), 'data-testid': 'referral-acknowledge' },
    invite: { label: label('invite'), 'data-testid': 'referral-invite' },
    hire: { label: label('hire'), primary: true, icon: <CheckOutlined />, 'data-testid': 'referral-hire' },
    refuse: { label: label('refuse'), danger: true, icon: <CloseOutlined />, 'data-testid': 'referral-refuse' },
    cancel: {
      label: label('cancel'),
      danger: true,
      icon: <StopOutlined />,
      'data-testid': 'referral-cancel',
      reason: {
        title: t('referrals.dialogs.cancel.title'),
        label: t('referrals.dialogs.cancel.reason'),
        max: 1000,
        hint: (
          <Alert type="warning" showIcon message={t('referrals.dialogs.cancel.confirm')} style={{ marginBottom: 12 }} />
        ),
      },
    },
  });
  // Hire and refuse ask in their own dialogs (a date, a reason from the list): the bar only starts them.
  const own = (a: RecordAction<ReferralMove>): RecordAction<RowAction> =>
    a.key === 'hire' || a.key === 'refuse' ? { ...a, needs: 'none' } : a;
  const actions: RecordAction<RowAction>[] = [
    ...moves.map(own),
    ...(row.canFollowUp
      ? [{ key: 'followUp' as const, label: label('followUp'), 'data-testid': 'referral-follow-up' }]
      : []),
  ];
  if (!actions.length) return null;
  return (
    <ActionsBar<RowAction>
      actions={actions}
      size={size}
      onRun={async (key, input) => {
        if (key === 'hire' || key === 'refuse' || key === 'followUp')
          return new Promise<void>((done) => onAsk({ kind: key, row, done }));
        await referralApi.move(key, row.id, { version: row.version, reason: input.reason ?? null });
        await moved(key);
      }}
    />
  );
}

/** The hire (date + confirmation), refusal (reason from the list + text) and follow-up dialogs. */
export function MoveDialog({ asked, onClose }: { asked: Asked; onClose: () => void }) {
  const { t } = useTranslation('employment');
  const moved = useMoved();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const { kind, row } = asked;
  const close = () => {
    asked.done();
    onClose();
  };
  const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : '');
  const send = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      if (kind === 'hire')
        await referralApi.move('hire', row.id, { version: row.version, hiredDate: day(v.hiredDate), reason: null });
      else if (kind === 'refuse')
        await referralApi.move('refuse', row.id, {
          version: row.version,
          refusalReason: v.refusalReason as RefusalReason,
          reason: typeof v.reason === 'string' ? v.reason.trim() || null : null,
        });
      else
        await referralApi.followUp(row.id, {
          followedUpOn: day(v.followedUpOn),
          stillEmployed: v.stillEmployed === true,
          note: typeof v.note === 'string' ? v.note.trim() || null : null,
        });
      await moved(kind);
      close();
    } catch (err) {
      showServerErrors(form, err, ['hiredDate', 'refusalReason', 'reason', 'followedUpOn', 'stillEmployed', 'note']);
    } finally {
      setBusy(false);
    }
  };
  const required = { required: true, message: t('referrals.validation.required') };
  const dateField = (name: string, label: string) => (
    <Form.Item name={name} label={label} rules={[required]}>
      <DatePicker
        id={`referral-${name}`}
        format={DATE_FORMAT}
        disabledDate={(d: Dayjs) => d.isAfter(today())}
        style={{ width: 200 }}
      />
    </Form.Item>
  );
  const texts = `referrals.dialogs.${kind}` as const;
  return (
    <Modal
      open
      title={t(`${texts}.title`)}
      okText={t(`referrals.actions.${kind}`)}
      cancelText={t('common:dialogs.cancel')}
      okButtonProps={{ loading: busy, danger: kind === 'refuse', 'data-testid': 'referral-dialog-ok' }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      onCancel={() => !busy && close()}
      maskClosable={false}
      destroyOnHidden
      data-testid={`referral-dialog-${kind}`}
    >
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={kind === 'hire' ? { hiredDate: today() } : kind === 'followUp' ? { followedUpOn: today() } : {}}
        onFinish={(v) => void send(v)}
      >
        {kind === 'hire' && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('referrals.dialogs.hire.confirm', { name: row.seeker.fullName, vacancy: row.vacancy.title })}
            />
            {dateField('hiredDate', t('referrals.dialogs.hire.date'))}
          </>
        )}
        {kind === 'refuse' && (
          <>
            <Form.Item name="refusalReason" label={t('referrals.dialogs.refuse.refusalReason')} rules={[required]}>
              <Select
                id="referral-refusalReason"
                placeholder={t('referrals.dialogs.refuse.pick')}
                options={REFUSAL_REASONS.map((r) => ({ value: r, label: t(`referrals.refusalReasons.${r}`) }))}
              />
            </Form.Item>
            <Form.Item name="reason" label={t('referrals.dialogs.refuse.reason')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} showCount />
            </Form.Item>
          </>
        )}
        {kind === 'followUp' && (
          <>
            {dateField('followedUpOn', t('referrals.dialogs.followUp.date'))}
            <Form.Item name="stillEmployed" label={t('referrals.dialogs.followUp.stillEmployed')} rules={[required]}>
              <Radio.Group
                options={[
                  { value: true, label: t('referrals.dialogs.followUp.yes') },
                  { value: false, label: t('referrals.dialogs.followUp.no') },
                ]}
              />
            </Form.Item>
            <Form.Item name="note" label={t('referrals.dialogs.followUp.note')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** One referral: the seeker and how to reach them, the vacancy and the employer, the answer, the history. */
export function ReferralDrawer({
  id,
  onClose,
  onAsk,
}: {
  id: string | null;
  onClose: () => void;
  onAsk: (asked: Asked) => void;
}) {
  const { t } = useTranslation('employment');
  const detail = useQuery({
    queryKey: referralKeys.detail(id ?? ''),
    queryFn: ({ signal }) => referralApi.detail(id ?? '', signal),
    enabled: Boolean(id),
  });
  const d = detail.data;
  const f = (name: string) => t(`referrals.detail.${name}`);
  const text = (v: string | null | undefined) => v || EMPTY_VALUE;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      width={640}
      title={d ? t('referrals.detail.title', { code: d.code }) : t('referrals.title')}
      extra={d && <ReferralStatusTag status={d.status} />}
      data-testid="referral-drawer"
      destroyOnHidden
    >
      {detail.isError ? (
        <RecordError error={detail.error} retry={() => void detail.refetch()} />
      ) : !d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <ReferralActions row={d} onAsk={onAsk} size="middle" />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'seeker', label: f('seeker'), children: `${d.seeker.fullName} (${d.seeker.code})` },
              { key: 'birthYear', label: f('birthYear'), children: d.seeker.birthYear ?? EMPTY_VALUE },
              { key: 'phone', label: f('phone'), children: text(d.seekerContact.phone) },
              {
                key: 'education',
                label: f('educationLevel'),
                children: d.seekerContact.educationLevel
                  ? t(`workers:educationLevels.${d.seekerContact.educationLevel}`, {
                      defaultValue: d.seekerContact.educationLevel,
                    })
                  : EMPTY_VALUE,
              },
              { key: 'occupation', label: f('occupation'), children: d.seekerContact.occupation },
              { key: 'commune', label: f('commune'), children: text(d.seekerContact.commune) },
              { key: 'vacancy', label: f('vacancy'), children: `${d.vacancy.title} (${d.vacancy.code})` },
              { key: 'employer', label: f('employer'), children: d.employer.name },
              { key: 'referredOn', label: f('referredOn'), children: formatDate(d.referredOn) },
              ...(d.expiresOn ? [{ key: 'expiresOn', label: f('expiresOn'), children: formatDate(d.expiresOn) }] : []),
              ...(d.note ? [{ key: 'note', label: f('note'), children: d.note }] : []),
              ...(d.refusalReason
                ? [
                    {
                      key: 'refusalReason',
                      label: f('refusalReason'),
                      children: t(`referrals.refusalReasons.${d.refusalReason}`),
                    },
                  ]
                : []),
              ...(d.reason ? [{ key: 'reason', label: f('reason'), children: d.reason }] : []),
              ...(d.hiredDate ? [{ key: 'hiredDate', label: f('hiredDate'), children: formatDate(d.hiredDate) }] : []),
              ...(d.followUpDue
                ? [{ key: 'followUpDue', label: f('followUpDue'), children: formatDate(d.followUpDue) }]
                : []),
              ...(d.followedUpOn
                ? [
                    { key: 'followedUpOn', label: f('followedUpOn'), children: formatDate(d.followedUpOn) },
                    {
                      key: 'stillEmployed',
                      label: f('stillEmployed'),
                      children: t(`referrals.dialogs.followUp.${d.stillEmployed ? 'yes' : 'no'}`),
                    },
                    { key: 'followUpNote', label: f('followUpNote'), children: text(d.followUpNote) },
                  ]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {f('history')}
          </Typography.Title>
          <ReferralHistory detail={d} />
        </Flex>
      )}
    </Drawer>
  );
}

/** Who did what to the referral, newest first. */
function ReferralHistory({ detail }: { detail: ReferralDetail }) {
  const { t } = useTranslation('employment');
  if (!detail.history.length)
    return <Typography.Text type="secondary">{t('referrals.detail.noHistory')}</Typography.Text>;
  return (
    <Timeline
      data-testid="referral-history"
      items={[...detail.history]
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((e, i) => ({
          key: `${e.at}-${i}`,
          color: e.toStatus === 'refused' ? 'red' : e.toStatus === 'hired' ? 'green' : 'blue',
          children: (
            <>
              <Typography.Text strong>
                {e.toStatus
                  ? t(`referrals.statuses.${e.toStatus}`, { defaultValue: e.action })
                  : t(`referrals.actions.${e.action}`, { defaultValue: e.action })}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {formatDateTime(e.at)}
                {e.actorName ? ` · ${t('referrals.detail.by', { name: e.actorName })}` : ''}
              </Typography.Text>
              {e.reason && <div>{e.reason}</div>}
            </>
          ),
        }))}
    />
  );
}

/**
 * The list itself, for the page of all referrals and the page of one job seeker's (`seekerId`, whose own column
 * is then left out). Tabs and filters are in the address (`?waiting=true`, `?followUpDue=true`, `?status=`).
 */
export function ReferralList({ seekerId, header }: { seekerId?: string; header?: ReactNode }) {
  const { t } = useTranslation('employment');
  const employer = useUserData()?.unit.kind === 'employer';
  const [asked, setAsked] = useState<Asked | null>(null);
  const list = useServerList({
    key: referralKeys.list,
    fetch: (request, signal) => referralApi.list({ ...request, ...(seekerId ? { seekerId } : {}) }, signal),
    filters: ['waiting', 'followUpDue', 'status'],
    params: (f) => ({
      ...(f.waiting === 'true' ? { waiting: 'true' } : {}),
      ...(f.followUpDue === 'true' ? { followUpDue: 'true' } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(seekerId ? { seekerId } : {}),
    }),
  });
  const tab: Tab =
    list.filter('waiting') === 'true' ? 'waiting' : list.filter('followUpDue') === 'true' ? 'followUpDue' : 'all';
  const openId = list.get('id') || null;
  const open = (id: string | null) => list.set({ id, page: list.pageNumber > 1 ? list.pageNumber : null });
  const c = (name: string) => t(`referrals.list.columns.${name}`);
  const date = (v: string | null) => (v ? formatDate(v) : EMPTY_VALUE);

  const columns: ListColumn<ReferralRow>[] = [
    {
      title: c('code'),
      dataIndex: 'code',
      width: 120,
      render: (v: string, r) => (
        <Typography.Link onClick={() => open(r.id)} data-testid="referral-open">
          {v}
        </Typography.Link>
      ),
    },
    ...(seekerId
      ? []
      : [
          {
            title: c('seeker'),
            key: 'seeker',
            minWidth: 170,
            render: (_v: unknown, r: ReferralRow) => r.seeker.fullName,
          },
        ]),
    { title: c('vacancy'), key: 'vacancy', minWidth: 180, render: (_v, r) => r.vacancy.title },
    {
      title: c('employer'),
      key: 'employer',
      minWidth: 180,
      priority: employer ? 6 : 2,
      render: (_v, r) => r.employer.name,
    },
    { title: c('referredOn'), dataIndex: 'referredOn', width: 120, priority: 3, render: date },
    tab === 'followUpDue'
      ? { title: c('followUpDue'), dataIndex: 'followUpDue', width: 120, priority: 2, render: date }
      : { title: c('expiresOn'), dataIndex: 'expiresOn', width: 120, priority: 4, render: date },
    { title: c('hiredDate'), dataIndex: 'hiredDate', width: 120, priority: 5, render: date },
    {
      title: c('status'),
      dataIndex: 'status',
      width: 170,
      ellipsis: false,
      render: (v: ReferralStatus) => <ReferralStatusTag status={v} />,
    },
    {
      title: c('actions'),
      key: 'actions',
      width: 250,
      ellipsis: false,
      render: (_v, r) => (
        <Flex gap={4} wrap align="center">
          <Typography.Link
            onClick={() => open(r.id)}
            aria-label={t('referrals.list.view')}
            title={t('referrals.list.view')}
          >
            <EyeOutlined />
          </Typography.Link>
          <ReferralActions row={r} onAsk={setAsked} />
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(list.keyWord || list.filter('status'));
  const empty = (
    <Flex vertical gap={4} align="center" data-testid="referrals-empty">
      <Typography.Text strong>
        {filtered
          ? t('referrals.list.empty.filtered')
          : seekerId && tab === 'all'
            ? t('referrals.seekerPage.empty')
            : t(`referrals.list.empty.${tab}`)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {filtered || tab !== 'all'
          ? t('referrals.list.emptyHelp.filtered')
          : seekerId
            ? t('referrals.seekerPage.emptyHelp')
            : t(`referrals.list.emptyHelp.${employer ? 'employer' : 'centre'}`)}
      </Typography.Text>
    </Flex>
  );

  return (
    <Card>
      {header}
      <Tabs
        activeKey={tab}
        onChange={(k) =>
          list.setFilters({
            waiting: k === 'waiting' ? 'true' : null,
            followUpDue: k === 'followUpDue' ? 'true' : null,
          })
        }
        items={TABS.map((k) => ({
          key: k,
          label: <span data-testid={`referral-tab-${k}`}>{t(`referrals.list.tabs.${k}`)}</span>,
        }))}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchBox
          value={list.keyWord}
          onSearch={list.setKeyWord}
          placeholder={t('referrals.list.searchPlaceholder')}
          width={340}
          data-testid="referral-search"
        />
        <Select
          allowClear
          placeholder={t('referrals.list.statusFilter')}
          aria-label={t('referrals.list.statusFilter')}
          value={list.filter('status') || undefined}
          onChange={(v: string | undefined) => list.setFilter('status', v ?? null)}
          options={REFERRAL_STATUSES.map((s) => ({ value: s, label: t(`referrals.statuses.${s}`) }))}
          style={{ width: 210 }}
        />
      </Flex>
      <div data-testid="referral-list">
        <ServerTable<ReferralRow> {...list.table} columns={columns} empty={empty} />
      </div>
      <ReferralDrawer id={openId} onClose={() => open(null)} onAsk={setAsked} />
      {asked && <MoveDialog asked={asked} onClose={() => setAsked(null)} />}
    </Card>
  );
}
