import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Row, Typography } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  RollbackOutlined,
  SaveOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { PERMIT_PATHS } from '@portal/domain/permits/features';
import { maxValidTo } from '@portal/domain/permits/rules';
import type { PermitDetail } from '@portal/domain/permits/schemas';
import type { PermitKind } from '@portal/domain/permits/state';
import { can, useAccess } from '../../app/access.ts';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import {
  ActionsBar,
  allowedActions,
  RecordLoading,
  RecordShell,
  retryRecord,
  type RecordAction,
} from '../../platform/record/index.ts';
import { permitKeys, permitsApi, type RequestGroup } from './api.ts';
import { FilesCard } from './FilesCard.tsx';
import { RequestForm, serverFieldNames, toBody, toValues, type RequestValues } from './RequestForm.tsx';
import { ApproveDialog, History, Outcome, Summary } from './RequestParts.tsx';
import { errorText, requestPath, showDate, StatusTag } from './ui.tsx';
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

/**
 * A request: create (a new permit, a confirmation, or an extension/renewal of a permit) and then the same page
 * for everything after — the employer edits, uploads the documents and submits; the department returns, grants
 * or rejects; both read the outcome and the history. Buttons are exactly the state machine's allowed actions for
 * this user.
 */
export function RequestPage({ group }: { group: RequestGroup }) {
  const { t } = useTranslation('permits');
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const extendFrom = group === 'license' && !id ? search.get(EXTEND_PARAM) : null;
  const renewFrom = group === 'license' && !id && !extendFrom ? search.get(RENEW_PARAM) : null;
  const parentId = extendFrom ?? renewFrom;
  const detail = useQuery({
    queryKey: permitKeys.detail(id ?? ''),
    queryFn: ({ signal }) => permitsApi.detail(group, id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  const parent = useQuery({
    queryKey: permitKeys.detail(parentId ?? ''),
    queryFn: ({ signal }) => permitsApi.detail('license', parentId!, signal),
    enabled: !!parentId,
  });
  const linked = { data: parent.data ?? null, error: parent.isError ? parent.error : null };
  const kind = (d: PermitDetail | null): PermitKind =>
    d?.kind ?? (extendFrom ? 'extend' : renewFrom ? 'renew' : group === 'confirm' ? 'confirm' : 'new');
  if (!id) {
    if (parentId && !parent.data && !parent.isError) return <RecordLoading />;
    return <RequestEditor group={group} detail={null} kind={kind(null)} parentId={parentId} parent={linked} />;
  }
  return (
    <RecordShell
      query={detail}
      back={{ label: t('detail.backToList'), onClick: () => void navigate(PERMIT_PATHS.list) }}
      notFound={t('detail.notFound')}
    >
      {(d) => <RequestEditor group={group} detail={d} kind={kind(d)} parentId={null} parent={linked} />}
    </RecordShell>
  );
}

type Decision = 'approve' | 'return' | 'reject' | 'extend' | 'renew' | 'delete';

/** The request's form, files, summary and actions, once what it rests on (the request, or the permit extended) is read. */
function RequestEditor({
  group,
  detail: d,
  kind,
  parentId,
  parent,
}: {
  group: RequestGroup;
  detail: PermitDetail | null;
  kind: PermitKind;
  parentId: string | null;
  parent: { data: PermitDetail | null; error: unknown };
}) {
  const { t } = useTranslation('permits');
  const confirm = useConfirm();
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RequestValues>();
  /** Which button checks the form: "Gửi" needs every field, "Lưu nháp" only valid values (see RequestForm). */
  const forSubmit = useRef(false);
  const [approving, setApproving] = useState(false);
  const creating = !d;
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

  const save = useSubmit({
    send: async (values: RequestValues, idempotencyKey: string) => {
      const body = toBody(kind, values);
      if (d) return permitsApi.edit(group, { ...body, id: d.id, version: d.version });
      if (kind === 'extend') return permitsApi.extend({ ...body, parentId }, idempotencyKey);
      if (kind === 'renew') return permitsApi.renew({ ...body, parentId }, idempotencyKey);
      return kind === 'confirm'
        ? permitsApi.createConfirm(body, idempotencyKey)
        : permitsApi.createLicense(body, idempotencyKey);
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

  const actions = d?.allowedActions ?? [];
  // Both buttons check the form through Form.submit, so a failed check scrolls to the first error.
  const check = (toSubmit: boolean) => {
    forSubmit.current = toSubmit;
    form.submit();
  };
  const onFinish = (values: RequestValues) => {
    if (!forSubmit.current) return void save.submit(values);
    void confirm({
      title: t('confirm.submitTitle'),
      content: t('confirm.submitText'),
      okText: t('actions.submit'),
      onOk: () => submit.mutateAsync(values).catch(() => undefined),
    });
  };
  const busy = save.busy || submit.isPending;
  const linkedTo = parent.data;
  const declared: RecordAction<Decision>[] = [
    // The grant is a form of its own (validity, note): its dialog asks for it.
    {
      key: 'approve',
      label: t('actions.approve'),
      primary: true,
      icon: <CheckOutlined />,
      'data-testid': 'permit-approve',
    },
    {
      key: 'return',
      label: t('actions.return'),
      needs: 'reason',
      icon: <RollbackOutlined />,
      reason: { title: t('review.returnTitle'), label: t('review.reason'), hint: t('review.returnHint') },
      'data-testid': 'permit-return',
    },
    {
      key: 'reject',
      label: t('actions.reject'),
      needs: 'reason',
      danger: true,
      icon: <StopOutlined />,
      reason: { title: t('review.rejectTitle'), label: t('review.reason'), hint: t('review.rejectHint') },
      'data-testid': 'permit-reject',
    },
    { key: 'extend', label: t('actions.extend'), 'data-testid': 'permit-extend' },
    { key: 'renew', label: t('actions.renew') },
    {
      key: 'delete',
      label: t('actions.delete'),
      needs: 'confirm',
      danger: true,
      icon: <DeleteOutlined />,
      confirm: { title: t('confirm.deleteTitle'), content: t('confirm.deleteText') },
    },
  ];
  const decide = async (key: Decision, { reason }: { reason?: string }) => {
    if (!d) return;
    if (key === 'approve') return setApproving(true);
    if (key === 'extend') return void navigate(`${PERMIT_PATHS.create}?${EXTEND_PARAM}=${d.id}`);
    if (key === 'renew') return void navigate(`${PERMIT_PATHS.create}?${RENEW_PARAM}=${d.id}`);
    if (key === 'delete') {
      await permitsApi.remove([d.id]);
      await queryClient.invalidateQueries({ queryKey: ['permits', 'list'] });
      toast.success(t('messages.deleted'));
      return void navigate(PERMIT_PATHS.list);
    }
    const next =
      key === 'return'
        ? await permitsApi.returnBack(d.id, d.version, reason ?? '')
        : await permitsApi.reject(d.id, d.version, reason ?? '');
    toast.success(t(`messages.decided.${key}`, { number: next.number ?? '' }));
    await settle(next);
  };

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
        {parent.error != null && (
          <Alert type="error" showIcon title={errorText(parent.error)} style={{ marginBottom: 16 }} />
        )}
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
                loading={save.busy}
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
            <ActionsBar vertical actions={allowedActions(declared, actions)} onRun={decide} />
            {d?.extendBlocker && d.status === 'approved' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('detail.noExtension')}: {t(`blockers.${d.extendBlocker}`)}
              </Typography.Text>
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
        <ApproveDialog
          detail={d}
          open={approving}
          onClose={() => setApproving(false)}
          onDone={async (next) => {
            setApproving(false);
            await settle(next);
          }}
        />
      )}
    </Row>
  );
}
