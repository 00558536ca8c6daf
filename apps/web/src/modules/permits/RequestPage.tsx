import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  RollbackOutlined,
  SaveOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { PERMIT_PATHS } from '@portal/domain/permits/features';
import { maxValidTo } from '@portal/domain/permits/rules';
import type { PermitDetail } from '@portal/domain/permits/schemas';
import type { PermitKind } from '@portal/domain/permits/state';
import { can, useAccess } from '../../app/access.ts';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { showServerErrors } from '../../platform/form/index.ts';
import { permitKeys, permitsApi, type RequestGroup } from './api.ts';
import { FilesCard } from './FilesCard.tsx';
import { RequestForm, serverFieldNames, toBody, toValues, type RequestValues } from './RequestForm.tsx';
import { errorText, requestPath, showDate, showPeriod, showTime, StatusTag, useCountryName } from './ui.tsx';
import './permits.css';

/** The request form's fields: server errors about anything else (documents) go to a toast. */
const FORM_FIELDS = [
  'workerId',
  'passportNumber',
  'renewReason',
  'exemptionGround',
  'exemptionDetail',
  'position',
  'workForm',
  'jobTitle',
  'workplace',
  'period',
  'requestedTo',
  'note',
] as const;

/** Query parameters that start an extension or a renewal from a permit: `?gia-han={id}`, `?cap-lai={id}`. */
const EXTEND_PARAM = 'gia-han';
const RENEW_PARAM = 'cap-lai';

function Summary({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  const navigate = useNavigate();
  const country = useCountryName();
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 130 } }}>
      <Descriptions.Item label={t('fields.status')}>
        <StatusTag status={detail.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.kind')}>{t(`kinds.${detail.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.number')}>
        <span data-testid="permit-number">{detail.number ?? '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.validity')}>
        <span data-testid="permit-validity">{showPeriod(detail.validFrom, detail.validTo)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.worker')}>
        {detail.workerName} ({country(detail.nationality)})
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.business')}>{detail.businessName}</Descriptions.Item>
      {detail.parent && (
        <Descriptions.Item label={t('fields.parent')}>
          <Typography.Link onClick={() => navigate(requestPath(detail.parent!.kind, detail.parent!.id))}>
            {detail.parent.number ?? '—'}
          </Typography.Link>
        </Descriptions.Item>
      )}
      {detail.submittedAt && (
        <Descriptions.Item label={t('fields.submittedAt')}>{showTime(detail.submittedAt)}</Descriptions.Item>
      )}
      {detail.decidedAt && (
        <Descriptions.Item label={t('fields.decidedAt')}>
          {showTime(detail.decidedAt)}
          {detail.decidedByName ? ` · ${detail.decidedByName}` : ''}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function History({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  return (
    <Card title={t('detail.history')} size="small" style={{ marginTop: 16 }}>
      <Timeline
        items={[...detail.history].reverse().map((e) => ({
          key: `${e.at}-${e.action}`,
          content: (
            <Flex vertical>
              <Typography.Text strong>{t(`actions.${e.action}`, { defaultValue: e.action })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {showTime(e.at)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Typography.Text>
              {e.reason && <Typography.Text>{e.reason}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

function Outcome({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  if (detail.status === 'returned' && detail.returnReason) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('detail.returned')}
        description={detail.returnReason}
        data-testid="permit-return-reason"
      />
    );
  }
  if (detail.status === 'submitted' && detail.returnReason) {
    return <Alert type="info" showIcon title={t('detail.previouslyReturned')} description={detail.returnReason} />;
  }
  if (detail.status === 'rejected') {
    return <Alert type="error" showIcon title={t('detail.rejected')} description={detail.rejectReason} />;
  }
  if (detail.status === 'approved' || detail.status === 'expired') {
    return (
      <Alert
        type={detail.status === 'approved' ? 'success' : 'info'}
        showIcon
        data-testid="permit-granted"
        title={t(detail.status === 'approved' ? 'detail.granted' : 'detail.expiredNotice', {
          number: detail.number,
          from: showDate(detail.validFrom),
          to: showDate(detail.validTo),
        })}
        description={detail.decisionNote}
      />
    );
  }
  return null;
}

interface ApproveValues {
  validFrom: Dayjs;
  validTo: Dayjs;
  note?: string;
}

/** The department's three decisions, each in a dialog (reasons are required, validity prefilled by the law). */
function ReviewDialogs({
  detail,
  open,
  onClose,
  onDone,
}: {
  detail: PermitDetail;
  open: 'return' | 'reject' | 'approve' | null;
  onClose: () => void;
  onDone: (d: PermitDetail) => void;
}) {
  const { t } = useTranslation('permits');
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const [approveForm] = Form.useForm<ApproveValues>();
  const proposal = detail.proposedValidity;
  const decide = useMutation({
    mutationFn: async (kind: 'return' | 'reject' | 'approve') => {
      if (kind === 'approve') {
        const v = await approveForm.validateFields();
        return permitsApi.approve({
          id: detail.id,
          version: detail.version,
          validFrom: v.validFrom.format('YYYY-MM-DD'),
          validTo: v.validTo.format('YYYY-MM-DD'),
          note: v.note?.trim() || null,
        });
      }
      const { reason } = await reasonForm.validateFields();
      return kind === 'return'
        ? permitsApi.returnBack(detail.id, detail.version, reason.trim())
        : permitsApi.reject(detail.id, detail.version, reason.trim());
    },
    onSuccess: (d, kind) => {
      toast.success(t(`messages.decided.${kind}`, { number: d.number ?? '' }));
      reasonForm.resetFields();
      onDone(d);
    },
    onError: (err) => {
      if (err instanceof ApiError) showServerErrors(approveForm, err, ['validFrom', 'validTo', 'note']);
    },
  });
  const reasonDialog = open === 'return' || open === 'reject';
  return (
    <>
      <Modal
        open={reasonDialog}
        title={t(open === 'reject' ? 'review.rejectTitle' : 'review.returnTitle')}
        okText={t(open === 'reject' ? 'actions.reject' : 'actions.return')}
        okButtonProps={{ danger: open === 'reject', loading: decide.isPending }}
        cancelText={t('form.cancel')}
        onOk={() => decide.mutate(open as 'return' | 'reject')}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[
              { required: true, message: t('validation.required') },
              { min: 5, message: t('validation.reasonTooShort') },
            ]}
            extra={t(open === 'reject' ? 'review.rejectHint' : 'review.returnHint')}
          >
            <Input.TextArea rows={4} maxLength={2000} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={open === 'approve'}
        title={t('review.approveTitle')}
        okText={t('actions.approve')}
        okButtonProps={{ loading: decide.isPending }}
        cancelText={t('form.cancel')}
        onOk={() => decide.mutate('approve')}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form<ApproveValues>
          form={approveForm}
          layout="vertical"
          preserve={false}
          initialValues={{
            validFrom: dayjs(proposal?.validFrom),
            validTo: dayjs(proposal?.validTo),
          }}
        >
          <Typography.Paragraph type="secondary">{t(`review.validityRule.${detail.kind}`)}</Typography.Paragraph>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="validFrom"
                label={t('fields.validFrom')}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabled={proposal?.fixedFrom} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="validTo"
                label={t('fields.validTo')}
                dependencies={['validFrom']}
                rules={[
                  { required: true, message: t('validation.required') },
                  ({ getFieldValue }) => ({
                    validator: async (_r, value: Dayjs | null) => {
                      const from = getFieldValue('validFrom') as Dayjs | null;
                      if (!from || !value) return;
                      const max = maxValidTo(from.format('YYYY-MM-DD'));
                      if (value.isBefore(from, 'day')) throw new Error(t('rules.periodOrder'));
                      if (value.format('YYYY-MM-DD') > max)
                        throw new Error(t('rules.periodTooLong', { years: 2, max: dayjs(max).format('DD/MM/YYYY') }));
                    },
                  }),
                ]}
              >
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabled={proposal?.fixedTo} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="note" label={t('review.note')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * A request: create (a new permit, a confirmation, or an extension/renewal of a permit) and then the same page
 * for everything after — the employer edits, uploads the documents and submits; the department returns, grants
 * or rejects; both read the outcome and the history. Buttons are exactly the state machine's allowed actions for
 * this user.
 */
export function RequestPage({ group }: { group: RequestGroup }) {
  const { t } = useTranslation('permits');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const { id } = useParams();
  const [search] = useSearchParams();
  const [form] = Form.useForm<RequestValues>();
  /** Which button checks the form: "Gửi" needs every field, "Lưu nháp" only valid values (see RequestForm). */
  const forSubmit = useRef(false);
  const [dialog, setDialog] = useState<'return' | 'reject' | 'approve' | null>(null);

  const extendFrom = group === 'license' && !id ? search.get(EXTEND_PARAM) : null;
  const renewFrom = group === 'license' && !id && !extendFrom ? search.get(RENEW_PARAM) : null;
  const parentId = extendFrom ?? renewFrom;

  const detail = useQuery({
    queryKey: permitKeys.detail(id ?? ''),
    queryFn: ({ signal }) => permitsApi.detail(group, id!, signal),
    enabled: !!id,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const parent = useQuery({
    queryKey: permitKeys.detail(parentId ?? ''),
    queryFn: ({ signal }) => permitsApi.detail('license', parentId!, signal),
    enabled: !!parentId,
  });

  const d = detail.data ?? null;
  const kind: PermitKind =
    d?.kind ?? (extendFrom ? 'extend' : renewFrom ? 'renew' : group === 'confirm' ? 'confirm' : 'new');
  const creating = !id;
  const editable = creating || (d?.allowedActions.includes('edit') ?? false);
  const initialValues = useMemo<RequestValues>(() => {
    if (d) return toValues(d);
    const p = parent.data;
    if (p && kind === 'extend') {
      return {
        ...toValues(p),
        requestedTo: p.validTo ? dayjs(maxValidTo(dayjs(p.validTo).add(1, 'day').format('YYYY-MM-DD'))) : null,
        note: null,
      };
    }
    if (p && kind === 'renew') return { passportNumber: p.passportNumber ?? undefined };
    return {};
  }, [d, parent.data, kind]);
  useEffect(() => form.resetFields(), [form, initialValues]);

  const settle = async (next: PermitDetail) => {
    queryClient.setQueryData(permitKeys.detail(next.id), next);
    await queryClient.invalidateQueries({ queryKey: ['permits', 'list'] });
  };
  // The server's field errors beside the fields (the first brought into view); the rest, e.g. missing
  // documents, in a toast.
  const fail = (err: unknown) => showServerErrors(form, err, FORM_FIELDS, serverFieldNames(kind));

  const save = useMutation({
    mutationFn: async (values: RequestValues) => {
      const body = toBody(kind, values);
      if (d) return permitsApi.edit(group, { ...body, id: d.id, version: d.version });
      if (kind === 'extend') return permitsApi.extend({ ...body, parentId });
      if (kind === 'renew') return permitsApi.renew({ ...body, parentId });
      return kind === 'confirm' ? permitsApi.createConfirm(body) : permitsApi.createLicense(body);
    },
    onSuccess: async (next) => {
      await settle(next);
      toast.success(t(d ? 'messages.saved' : 'messages.created'));
      if (!d) navigate(requestPath(next.kind, next.id), { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError) fail(err);
    },
  });

  const submit = useMutation({
    mutationFn: async (values: RequestValues) => {
      // What is on the screen is what gets sent: save changes first.
      let current = d!;
      if (form.isFieldsTouched()) {
        current = await permitsApi.edit(group, { ...toBody(kind, values), id: current.id, version: current.version });
        await settle(current);
      }
      return permitsApi.submit(current.id, current.version);
    },
    onSuccess: async (next) => {
      await settle(next);
      form.resetFields();
      toast.success(t('messages.submitted'));
    },
    onError: (err) => {
      if (err instanceof ApiError) fail(err);
    },
  });

  const remove = useMutation({
    mutationFn: () => permitsApi.remove([d!.id]),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['permits', 'list'] });
      toast.success(t('messages.deleted'));
      navigate(PERMIT_PATHS.list);
    },
    onError: fail,
  });

  if (id && detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Card>
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? t('detail.notFound') : t('messages.loadFailed')}
          subTitle={notFound ? undefined : errorText(detail.error)}
          extra={<Button onClick={() => navigate(PERMIT_PATHS.list)}>{t('detail.backToList')}</Button>}
        />
      </Card>
    );
  }
  if ((id && !d) || (parentId && !parent.data && !parent.isError))
    return (
      <Card>
        <Skeleton active />
      </Card>
    );

  const actions = d?.allowedActions ?? [];
  // Both buttons check the form through Form.submit, so a failed check scrolls to the first error.
  const check = (toSubmit: boolean) => {
    forSubmit.current = toSubmit;
    form.submit();
  };
  const onFinish = (values: RequestValues) => {
    if (!forSubmit.current) return save.mutate(values);
    modal.confirm({
      title: t('confirm.submitTitle'),
      content: t('confirm.submitText'),
      okText: t('actions.submit'),
      cancelText: t('form.cancel'),
      onOk: () => submit.mutateAsync(values).catch(() => undefined),
    });
  };
  const busy = save.isPending || submit.isPending || remove.isPending;
  const linkedTo = parent.data ?? null;

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        {d && (
          <div style={{ marginBottom: 16 }}>
            <Outcome detail={d} />
          </div>
        )}
        {linkedTo && creating && (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={t(kind === 'extend' ? 'form.extendOf' : 'form.renewOf', {
              number: linkedTo.number,
              worker: linkedTo.workerName,
              to: showDate(linkedTo.validTo),
            })}
          />
        )}
        {parent.isError && <Alert type="error" showIcon title={errorText(parent.error)} style={{ marginBottom: 16 }} />}
        <Card title={t(`kinds.${kind}`)} size="small">
          <RequestForm
            form={form}
            kind={kind}
            editable={editable}
            detail={d}
            initialValues={initialValues}
            forSubmit={forSubmit}
            onFinish={onFinish}
          />
          {creating && <Typography.Text type="secondary">{t('form.filesAfterSave')}</Typography.Text>}
        </Card>
        {d && <FilesCard detail={d} />}
      </Col>
      <Col xs={24} xl={8}>
        {d && <Summary detail={d} />}
        <Card size="small" title={t('detail.actions')} style={{ marginTop: d ? 16 : 0 }}>
          <Flex vertical gap={8} className="permit-actions">
            {(creating || actions.includes('edit')) && (
              <Button
                icon={<SaveOutlined />}
                loading={save.isPending}
                disabled={busy}
                onClick={() => check(false)}
                data-testid="permit-save"
              >
                {creating ? t('actions.saveDraft') : t('actions.save')}
              </Button>
            )}
            {actions.includes('submit') && (
              <Button
                type="primary"
                data-testid="permit-submit"
                icon={<SendOutlined />}
                loading={submit.isPending}
                disabled={busy}
                onClick={() => check(true)}
              >
                {t('actions.submit')}
              </Button>
            )}
            {actions.includes('approve') && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                onClick={() => setDialog('approve')}
                data-testid="permit-approve"
              >
                {t('actions.approve')}
              </Button>
            )}
            {actions.includes('return') && (
              <Button icon={<RollbackOutlined />} onClick={() => setDialog('return')} data-testid="permit-return">
                {t('actions.return')}
              </Button>
            )}
            {actions.includes('reject') && (
              <Button danger icon={<StopOutlined />} onClick={() => setDialog('reject')} data-testid="permit-reject">
                {t('actions.reject')}
              </Button>
            )}
            {actions.includes('extend') && (
              <Button
                onClick={() => navigate(`${PERMIT_PATHS.create}?${EXTEND_PARAM}=${d!.id}`)}
                data-testid="permit-extend"
              >
                {t('actions.extend')}
              </Button>
            )}
            {actions.includes('renew') && (
              <Button onClick={() => navigate(`${PERMIT_PATHS.create}?${RENEW_PARAM}=${d!.id}`)}>
                {t('actions.renew')}
              </Button>
            )}
            {d?.extendBlocker && d.status === 'approved' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('detail.noExtension')}: {t(`blockers.${d.extendBlocker}`)}
              </Typography.Text>
            )}
            {actions.includes('delete') && (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                disabled={busy}
                onClick={() =>
                  modal.confirm({
                    title: t('confirm.deleteTitle'),
                    content: t('confirm.deleteText'),
                    okText: t('actions.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('form.cancel'),
                    onOk: () => remove.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('actions.delete')}
              </Button>
            )}
            {!creating && actions.length === 0 && (
              <Typography.Text type="secondary">{t('detail.nothingToDo')}</Typography.Text>
            )}
            <Button
              type="link"
              onClick={() => navigate(can(access, 'review', 'WorkerLicense') ? PERMIT_PATHS.review : PERMIT_PATHS.list)}
            >
              {t('detail.backToList')}
            </Button>
          </Flex>
        </Card>
        {d && d.children.length > 0 && (
          <Card size="small" title={t('detail.linked')} style={{ marginTop: 16 }}>
            <Flex vertical gap={4}>
              {d.children.map((c) => (
                <Flex key={c.id} gap={8} align="center">
                  <Typography.Link onClick={() => navigate(requestPath(c.kind, c.id))}>
                    {t(`kinds.${c.kind}`)}
                  </Typography.Link>
                  <StatusTag status={c.status} />
                  {c.number && <Typography.Text>{c.number}</Typography.Text>}
                </Flex>
              ))}
            </Flex>
          </Card>
        )}
        {d && <History detail={d} />}
      </Col>
      {d && (
        <ReviewDialogs
          detail={d}
          open={dialog}
          onClose={() => setDialog(null)}
          onDone={async (next) => {
            setDialog(null);
            await settle(next);
          }}
        />
      )}
    </Row>
  );
}
