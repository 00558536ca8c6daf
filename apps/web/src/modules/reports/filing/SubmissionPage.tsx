import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Table, Tabs, Timeline, Typography } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  RollbackOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { toLanguage } from '@portal/domain/languages';
import { validateValues, type FieldError } from '@portal/domain/report-forms/engine';
import type { ReportFormDefinition, ReportValues } from '@portal/domain/report-forms/schema';
import { FILING_PATHS, submissionWorkflow, type SubmissionAction } from '@portal/domain/reports/workflow';
import { ApiError } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import {
  ActionsBar,
  RecordShell,
  recordCardHead,
  retryRecord,
  workflowActions,
  type RunInput,
} from '../../../platform/record/index.ts';
import { ReportForm, placeErrors } from '../../../platform/report-form/index.ts';
import { filingApi, filingKeys, type Submission } from './api.ts';
import {
  CommentsEditor,
  DifferencesTable,
  LateTag,
  SubmissionStatusTag,
  dateText,
  dateTimeText,
  useFieldName,
  usePeriodText,
  type CommentDraft,
} from './parts.tsx';

type Move = Exclude<SubmissionAction, 'edit'>;

/** The server's field errors as the form places them (`body.values.x` and `values.x` are the value `x`). */
const fieldErrors = (err: unknown): FieldError[] =>
  err instanceof ApiError
    ? err.details.flatMap((d) =>
        d.field ? [{ field: d.field.replace(/^body\./, ''), message: d.message, code: d.code ?? '' }] : [],
      )
    : [];

/**
 * One report. Its filer fills in the form drawn from the definition it is filed under — pre-filled from the
 * portal's registers, the differences to the registers beside the fields, a returned report's fields marked with
 * the reviewer's comments, what changed since the return highlighted — saves it and files it. The department reads
 * it with the same notes and returns it with comments on fields, or accepts it. The actions are the workflow's, as
 * the API allows them to the caller now.
 */
function SubmissionView({ submission: s }: { submission: Submission }) {
  const { t, i18n } = useTranslation('reportFiling');
  const { t: tf } = useTranslation('reportForms');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReportValues>();
  const [errors, setErrors] = useState<FieldError[]>();
  const [saving, setSaving] = useState(false);
  const comments = useRef<CommentDraft[]>([]);
  const period = usePeriodText();
  const def = s.form as ReportFormDefinition;
  const values = s.values as ReportValues;
  const name = useFieldName(def, values);
  const editing = s.actions.includes('edit');

  const done = async (next: Submission, message?: string) => {
    queryClient.setQueryData(filingKeys.detail(s.id), next);
    await queryClient.invalidateQueries({ queryKey: filingKeys.all, refetchType: 'none' });
    if (message) toast.success(message);
  };
  /** A refusal naming fields shows beside them too (a toast says it as well). */
  const placing = async <T,>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (err) {
      const placed = fieldErrors(err);
      if (placed.length) setErrors(placed);
      throw err;
    }
  };
  const current = () => form.getFieldsValue(true) as ReportValues;

  const save = async () => {
    setSaving(true);
    try {
      await done(await placing(filingApi.save(s.id, s.version, current())), t('pages.submission.saved'));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const run = async (key: Move, { reason }: RunInput) => {
    if (key === 'submit' || key === 'resubmit') {
      const tr = (k: string, vars?: Record<string, string | number>) => tf(k, vars ?? {});
      const check = validateValues(def, current(), { t: tr, lang, mode: 'submit' });
      if (placeErrors(form, check.errors))
        throw new Error(t('pages.submission.fixErrors', { count: check.errors.length }));
      await done(await placing(filingApi.file(s.id, key, s.version, check.values)), t('pages.submission.filed'));
    } else if (key === 'accept') {
      await done(await filingApi.accept(s.id, s.version), t('pages.review.accepted'));
    } else if (key === 'return') {
      const given = comments.current.filter((c) => c.fieldPath && c.comment.trim());
      if (!given.length) {
        toast.error(t('pages.review.commentsRequired'));
        throw new Error(t('pages.review.commentsRequired'));
      }
      await done(
        await filingApi
          .return(s.id, {
            version: s.version,
            reason: reason ?? '',
            comments: given.map((c) => ({ fieldPath: c.fieldPath!, comment: c.comment.trim() })),
          })
          .catch((err: unknown) => {
            toast.error(err instanceof Error ? err.message : String(err));
            throw err;
          }),
        t('pages.review.returned'),
      );
    } else if (key === 'delete') {
      await filingApi.remove([s.id]);
      await queryClient.invalidateQueries({ queryKey: filingKeys.all });
      toast.success(t('pages.submission.deleted'));
      void navigate(FILING_PATHS.list);
    }
  };

  const actions = workflowActions<Move>(submissionWorkflow, s.actions, {
    submit: {
      label: t('submission.actions.submit'),
      primary: true,
      icon: <SendOutlined />,
      confirm: { title: t('pages.submission.submitTitle'), content: t('pages.submission.submitContent') },
      'data-testid': 'filing-submit',
    },
    resubmit: {
      label: t('submission.actions.resubmit'),
      primary: true,
      icon: <SendOutlined />,
      confirm: { title: t('pages.submission.resubmitTitle'), content: t('pages.submission.submitContent') },
      'data-testid': 'filing-resubmit',
    },
    accept: {
      label: t('submission.actions.accept'),
      primary: true,
      icon: <CheckOutlined />,
      confirm: { title: t('pages.review.acceptTitle'), content: t('pages.review.acceptContent') },
      'data-testid': 'filing-accept',
    },
    return: {
      label: t('submission.actions.return'),
      danger: true,
      icon: <RollbackOutlined />,
      reason: {
        title: t('pages.review.returnTitle'),
        label: t('pages.review.reason'),
        hint: <CommentsEditor def={def} values={current()} onChange={(c) => (comments.current = c)} />,
      },
      'data-testid': 'filing-return',
    },
    delete: {
      label: t('submission.actions.delete'),
      danger: true,
      icon: <DeleteOutlined />,
      confirm: { title: t('pages.submission.deleteTitle'), content: t('pages.submission.deleteContent') },
      'data-testid': 'filing-delete',
    },
  });

  const head = recordCardHead({
    title: `${s.typeName} — ${period(s.periodKey)}`,
    status: (
      <>
        <SubmissionStatusTag status={s.status} />
        <LateTag late={s.late} />
      </>
    ),
    back: { label: t('pages.submission.back'), onClick: () => void navigate(-1) },
    actions: (
      <ActionsBar
        actions={actions}
        onRun={run}
        before={
          s.hasReceipt && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void filingApi.receipt(s.id, s.number).catch((e: unknown) => toast.error(String(e)))}
              data-testid="filing-receipt"
            >
              {t(s.status === 'accepted' ? 'pages.submission.acceptance' : 'pages.submission.receipt')}
            </Button>
          )
        }
      />
    ),
  });

  const returnedComments = s.returned?.comments;
  const facts = [
    { key: 'reporter', label: t('pages.fields.reporter'), children: s.reporterName },
    ...(s.taxCode ? [{ key: 'taxCode', label: t('pages.fields.taxCode'), children: s.taxCode }] : []),
    { key: 'period', label: t('pages.fields.period'), children: period(s.periodKey) },
    { key: 'dueOn', label: t('pages.fields.dueOn'), children: dateText(s.dueOn) },
    { key: 'closesOn', label: t('pages.fields.closesOn'), children: dateText(s.closesOn) },
    { key: 'number', label: t('pages.fields.number'), children: s.number ?? '—' },
    { key: 'first', label: t('pages.fields.firstSubmittedAt'), children: dateTimeText(s.firstSubmittedAt) },
    { key: 'accepted', label: t('pages.fields.acceptedAt'), children: dateTimeText(s.acceptedAt) },
    {
      key: 'form',
      label: t('pages.fields.form'),
      children: `${def.title[lang]} (${t('pages.fields.version', { version: s.formVersion })})`,
    },
  ];

  return (
    <Card title={head.title} extra={head.extra} data-testid="filing-submission">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={facts} style={{ marginBottom: 16 }} />
      {s.returned && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t(s.side === 'filer' ? 'pages.submission.returnedFiler' : 'pages.submission.returnedReader')}
          description={
            <>
              <div>{s.returned.reason}</div>
              <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
                {Object.entries(s.returned.comments).map(([path, comment]) => (
                  <li key={path}>
                    <Typography.Text strong>{name(path)}</Typography.Text>: {comment}
                  </li>
                ))}
              </ul>
            </>
          }
          data-testid="filing-returned"
        />
      )}
      {s.locked && <Alert type="success" showIcon style={{ marginBottom: 12 }} title={t('pages.submission.locked')} />}
      {s.closed && !s.locked && s.side === 'filer' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('pages.submission.closed', { date: dateText(s.closesOn) })}
        />
      )}
      {s.differences.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('pages.differences.count', { count: s.differences.length })}
          data-testid="filing-differences-note"
        />
      )}
      <Tabs
        items={[
          {
            key: 'form',
            label: t('pages.tabs.form'),
            children: (
              <ReportForm
                key={`${s.id}:${s.status}`}
                definition={def}
                form={form}
                initialValues={values}
                readOnly={!editing}
                errors={errors}
                comments={returnedComments}
                changes={s.changes}
                register={s.registerValues}
              >
                {editing && (
                  <Flex gap={8} justify="flex-end">
                    <Button
                      icon={<SaveOutlined />}
                      loading={saving}
                      onClick={() => void save()}
                      data-testid="filing-save"
                    >
                      {t('pages.submission.save')}
                    </Button>
                  </Flex>
                )}
              </ReportForm>
            ),
          },
          {
            key: 'differences',
            label: t('pages.tabs.differences', { count: s.differences.length }),
            children: <DifferencesTable differences={s.differences} name={name} />,
          },
          {
            key: 'versions',
            label: t('pages.tabs.versions', { count: s.versions.length }),
            children: (
              <Table
                size="small"
                rowKey="seq"
                pagination={false}
                dataSource={s.versions}
                locale={{ emptyText: t('pages.versions.none') }}
                columns={[
                  { title: t('pages.versions.seq'), dataIndex: 'seq', width: 80 },
                  {
                    title: t('pages.versions.at'),
                    key: 'at',
                    width: 170,
                    render: (_v, v) => dateTimeText(v.submittedAt),
                  },
                  { title: t('pages.versions.by'), key: 'by', width: 200, render: (_v, v) => v.submittedByName ?? '—' },
                  {
                    title: t('pages.versions.changed'),
                    key: 'changed',
                    render: (_v, v) =>
                      v.changedPaths.length
                        ? v.changedPaths.map(name).join('; ')
                        : v.seq === 1
                          ? t('pages.versions.first')
                          : '—',
                  },
                ]}
              />
            ),
          },
          {
            key: 'comments',
            label: t('pages.tabs.comments', { count: s.comments.length }),
            children: (
              <Table
                size="small"
                rowKey={(c) => `${c.versionSeq}:${c.fieldPath}`}
                pagination={false}
                dataSource={s.comments}
                locale={{ emptyText: t('pages.review.noComments') }}
                columns={[
                  { title: t('pages.versions.seq'), dataIndex: 'versionSeq', width: 80 },
                  { title: t('pages.differences.field'), key: 'field', render: (_v, c) => name(c.fieldPath) },
                  { title: t('pages.review.comment'), dataIndex: 'comment' },
                  { title: t('pages.versions.by'), key: 'by', width: 180, render: (_v, c) => c.actorName ?? '—' },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: t('pages.tabs.history'),
            children: (
              <Timeline
                items={s.history.map((h) => ({
                  key: `${h.at}:${h.action}`,
                  children: (
                    <>
                      <Typography.Text strong>
                        {t(`submission.actions.${h.action}`, { defaultValue: h.action })}
                      </Typography.Text>{' '}
                      — {dateTimeText(h.at)} — {h.actorName ?? '—'}
                      {h.reason && <div>{h.reason}</div>}
                    </>
                  ),
                }))}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** `/nop-bao-cao/chi-tiet/{id}`: one report, for its filer and for the department. */
export default function SubmissionPage() {
  const { t } = useTranslation('reportFiling');
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: filingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => filingApi.detail(id!, signal),
    enabled: !!id,
    retry: retryRecord,
  });
  return (
    <RecordShell
      query={detail}
      back={{ label: t('pages.submission.back'), onClick: () => void navigate(FILING_PATHS.list) }}
      notFound={t('pages.submission.notFound')}
    >
      {(s) => <SubmissionView key={s.id} submission={s} />}
    </RecordShell>
  );
}
