import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Progress, Select, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MAX_FILE_BYTES } from '@portal/domain/files/index';
import {
  BODY_MAX,
  MAX_MESSAGE_FILES,
  MAX_RECIPIENTS,
  MESSAGE_API,
  MESSAGE_FILE_ACCEPT,
  MESSAGE_LABELS,
  SUBJECT_MAX,
  type MailPerson,
  type MessageLabel,
} from '@portal/domain/messaging/index';
import { uploadFile } from '../../catalog/FileField.tsx';
import { toast } from '../../app/toast.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { messagingApi, messagingKeys } from './api.ts';

/** What a reply starts with. */
export interface ComposeInitial {
  recipients?: MailPerson[];
  subject?: string;
  body?: string;
  replyToId?: string;
}

interface Values {
  recipientIds: string[];
  subject: string;
  body: string;
  label?: MessageLabel;
}

interface Attachment {
  uid: string;
  name: string;
  percent: number;
  id?: string;
  error?: string;
}

const MAX_MB = Math.round(MAX_FILE_BYTES / 1024 / 1024);
const personLabel = (p: MailPerson) => (p.unitName ? `${p.fullName} — ${p.unitName}` : p.fullName);

/** The recipient picker: only people the writer may write to (the server's list), searched by name without accents. */
function RecipientSelect({
  value,
  onChange,
  initial,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  initial: MailPerson[];
}) {
  const { t } = useTranslation('messaging');
  const [keyWord, setKeyWord] = useState('');
  const [typed, setTyped] = useState('');
  // Debounced: one call per pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setKeyWord(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: messagingKeys.accounts(keyWord),
    queryFn: ({ signal }) => messagingApi.accounts(keyWord, signal),
    placeholderData: keepPreviousData,
  });
  const [known, setKnown] = useState<Map<string, MailPerson>>(() => new Map(initial.map((p) => [p.id, p])));
  useEffect(() => {
    if (!found.data) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const p of found.data.pageLists) next.set(p.id, p);
      return next;
    });
  }, [found.data]);
  const options = useMemo(() => {
    const shown = new Map<string, MailPerson>();
    for (const id of value ?? []) {
      const p = known.get(id);
      if (p) shown.set(id, p);
    }
    for (const p of found.data?.pageLists ?? []) shown.set(p.id, p);
    return [...shown.values()].map((p) => ({ value: p.id, label: personLabel(p) }));
  }, [found.data, known, value]);
  return (
    <Select
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={options}
      loading={found.isFetching}
      placeholder={t('compose.recipientsPlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('compose.noAccounts')}
      maxCount={MAX_RECIPIENTS}
      data-testid="mail-recipients"
      onBlur={() => setTyped('')}
    />
  );
}

/**
 * Compose (or reply): recipients, subject, text, attachments uploaded one by one with their progress (secure:
 * only the sender and the recipients download them), and a label for the sent copy.
 */
export function ComposeModal({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  initial: ComposeInitial | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Attachment[]>([]);
  const closed = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      recipientIds: initial?.recipients?.map((p) => p.id) ?? [],
      subject: initial?.subject ?? '',
      body: initial?.body ?? '',
    });
    setFiles([]);
  }, [open, initial, form]);

  const send = useSubmit({
    send: (values: Values, idempotencyKey: string) =>
      messagingApi.send(
        {
          recipientIds: values.recipientIds,
          subject: values.subject,
          body: values.body,
          fileIds: files.flatMap((f) => (f.id ? [f.id] : [])),
          ...(values.label ? { label: values.label } : {}),
          ...(initial?.replyToId ? { replyToId: initial.replyToId } : {}),
        },
        idempotencyKey,
      ),
    // The form stays busy until the window has closed: the second click of a slow double click lands on the
    // closing window, after the answer, and must not send the message again.
    onSuccess: () =>
      new Promise<void>((resolve) => {
        closed.current = resolve;
        toast.success(t('compose.sent'));
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
        onClose();
      }),
    onError: (err) => showServerErrors(form, err, ['recipientIds', 'subject', 'body', 'fileIds']),
  });

  const uploading = files.some((f) => !f.id && !f.error);
  const submit = async () => {
    const values = await form.validateFields();
    if (uploading) {
      toast.warning(t('compose.uploading'));
      return;
    }
    void send.submit(values);
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('compose.required', { field }) });

  return (
    <Modal
      open={open}
      title={initial?.replyToId ? t('compose.replyTitle') : t('compose.title')}
      onCancel={onClose}
      afterClose={() => {
        closed.current?.();
        closed.current = null;
      }}
      width={720}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('compose.cancel')}</Button>
          <Button type="primary" loading={send.busy} onClick={() => void submit()} data-testid="mail-send">
            {t('compose.send')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark="optional" scrollToFirstError>
        <Form.Item
          name="recipientIds"
          label={t('compose.recipients')}
          rules={[{ required: true, type: 'array', min: 1, message: t('compose.recipientsRequired') }]}
        >
          <RecipientSelect initial={initial?.recipients ?? []} />
        </Form.Item>
        <Form.Item name="subject" label={t('compose.subject')} rules={[required(t('compose.subject').toLowerCase())]}>
          <Input maxLength={SUBJECT_MAX} data-testid="mail-subject" />
        </Form.Item>
        <Form.Item name="body" label={t('compose.body')} rules={[required(t('compose.body').toLowerCase())]}>
          <Input.TextArea rows={6} maxLength={BODY_MAX} showCount data-testid="mail-body" />
        </Form.Item>
        <Form.Item
          name="fileIds"
          label={t('compose.files')}
          extra={t('compose.fileHint', { max: MAX_MESSAGE_FILES, size: MAX_MB })}
        >
          <Flex vertical gap={4}>
            <Upload
              accept={MESSAGE_FILE_ACCEPT}
              multiple
              showUploadList={false}
              disabled={files.length >= MAX_MESSAGE_FILES}
              beforeUpload={() => {
                if (files.length >= MAX_MESSAGE_FILES) {
                  toast.warning(t('compose.tooManyFiles', { max: MAX_MESSAGE_FILES }));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file }) => {
                const f = file as File & { uid: string };
                const update = (patch: Partial<Attachment>) =>
                  setFiles((prev) => prev.map((a) => (a.uid === f.uid ? { ...a, ...patch } : a)));
                setFiles((prev) => [...prev, { uid: f.uid, name: f.name, percent: 0 }]);
                uploadFile(f, (percent) => update({ percent }), {
                  path: MESSAGE_API.upload,
                  secure: true,
                  fileType: 'message',
                })
                  .then((stored) => update({ id: stored.id, percent: 100 }))
                  .catch((err: unknown) => update({ error: err instanceof Error ? err.message : String(err) }));
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="mail-attach">
                {t('compose.addFile')}
              </Button>
            </Upload>
            {files.map((f) => (
              <Flex key={f.uid} align="center" gap={8} data-testid="mail-attachment">
                <Typography.Text type={f.error ? 'danger' : undefined} ellipsis style={{ maxWidth: 320 }}>
                  <PaperClipOutlined /> {f.name}
                </Typography.Text>
                {f.error ? (
                  <Typography.Text type="danger">{f.error}</Typography.Text>
                ) : (
                  <Progress percent={f.percent} size="small" style={{ width: 160, margin: 0 }} />
                )}
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('compose.removeFile', { name: f.name })}
                  title={t('compose.removeFile', { name: f.name })}
                  onClick={() => setFiles((prev) => prev.filter((a) => a.uid !== f.uid))}
                />
              </Flex>
            ))}
          </Flex>
        </Form.Item>
        <Form.Item name="label" label={t('compose.label')}>
          <Select
            allowClear
            options={MESSAGE_LABELS.map((l) => ({ value: l, label: t(`labels.${l}`) }))}
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A page's compose window: `compose()` for a new message, `compose(initial)` for a reply. */
export function useCompose() {
  const [state, setState] = useState<{ open: boolean; initial: ComposeInitial | null }>({
    open: false,
    initial: null,
  });
  const node = (
    <ComposeModal open={state.open} initial={state.initial} onClose={() => setState((s) => ({ ...s, open: false }))} />
  );
  return { node, compose: (initial: ComposeInitial | null = null) => setState({ open: true, initial }) };
}
