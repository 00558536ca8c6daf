import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Modal, Row, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { toast } from '../../../app/toast.ts';
import { FileLink, uploadFile } from '../../../catalog/FileField.tsx';
import { showServerErrors, useSubmit } from '../../../platform/form/index.ts';
import { inspectionApi, type InspectionDetail, type Requirement } from '../api.ts';
import { errorText } from '../ui.tsx';
import { DATE, INSPECTION_UPLOAD, iso } from './values.ts';

/** The inspection's conclusion: its number, date, summary and the signed file. */
export function ConcludeDialog({
  inspection: d,
  open,
  onClose,
  onDone,
}: {
  inspection: InspectionDetail;
  open: boolean;
  onClose: () => void;
  onDone: (saved: InspectionDetail) => Promise<void>;
}) {
  const { t } = useTranslation('inspections');
  const [form] = Form.useForm<{
    conclusionNumber: string;
    conclusionDate: Dayjs;
    conclusionSummary: string;
    conclusionFileId?: string;
  }>();
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  // Moves of a workflow (the status guards a repeat on the server): single-flight, no key to send.
  const save = useSubmit({
    send: (v: { conclusionNumber: string; conclusionDate: Dayjs; conclusionSummary: string }) =>
      inspectionApi.conclude(d.id, {
        version: d.version,
        conclusionNumber: v.conclusionNumber,
        conclusionDate: iso(v.conclusionDate)!,
        conclusionSummary: v.conclusionSummary,
        conclusionFileId: file?.id ?? null,
      }),
    onSuccess: async (saved) => {
      onClose();
      await onDone(saved);
    },
    onError: (err) => showServerErrors(form, err),
  });
  return (
    <Modal
      open={open}
      title={t('pages.concludeTitle')}
      okText={t('actions.conclude')}
      cancelText={t('pages.cancelButton')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.busy}
      destroyOnHidden
      width={640}
    >
      <Alert type="info" showIcon message={t('pages.concludeHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void save.submit(v)}
        initialValues={{ conclusionDate: dayjs() }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="conclusionNumber" label={t('fields.conclusionNumber')} rules={[{ required: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="conclusionDate" label={t('fields.conclusionDate')} rules={[{ required: true }]}>
              <DatePicker format={DATE} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="conclusionSummary" label={t('fields.conclusionSummary')} rules={[{ required: true }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={20000} />
        </Form.Item>
        <Form.Item label={t('fields.conclusionFile')}>
          <FilePicker files={file ? [file] : []} max={1} onChange={(list) => setFile(list[0] ?? null)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Upload files through the files module (secure: the people of the inspection read them through its grant). */
function FilePicker({
  files,
  max,
  onChange,
}: {
  files: { id: string; name: string }[];
  max: number;
  onChange: (files: { id: string; name: string }[]) => void;
}) {
  const { t } = useTranslation('inspections');
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={4}>
      {files.map((f) => (
        <Flex key={f.id} gap={8} align="center">
          <FileLink id={f.id} name={f.name} />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('pages.remove')}
            onClick={() => onChange(files.filter((x) => x.id !== f.id))}
          />
        </Flex>
      ))}
      {files.length < max && (
        <Upload
          showUploadList={false}
          multiple={max > 1}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadFile(file as File, () => undefined, { path: INSPECTION_UPLOAD, secure: true, fileType: 'inspection' })
              .then((stored) => {
                onChange([...files, { id: stored.id, name: stored.name }].slice(0, max));
                onSuccess?.(stored);
              })
              .catch((err: unknown) => {
                toast.error(errorText(err));
                onError?.(err as Error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="upload-file">
            {t('pages.upload')}
          </Button>
        </Upload>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('pages.uploadHint')}
      </Typography.Text>
    </Flex>
  );
}

/** The employer's answer to a requirement, with its evidence files. */
export function AnswerDialog({
  requirement: r,
  open,
  onClose,
  onDone,
}: {
  requirement: Requirement;
  open: boolean;
  onClose: () => void;
  onDone: (saved: InspectionDetail) => Promise<void>;
}) {
  const { t } = useTranslation('inspections');
  const [form] = Form.useForm<{ answerText: string }>();
  const [files, setFiles] = useState<{ id: string; name: string }[]>([]);
  const save = useSubmit({
    send: (v: { answerText: string }) =>
      inspectionApi.answer(
        r.id,
        v.answerText,
        files.map((f) => f.id),
      ),
    onSuccess: async (saved) => {
      onClose();
      setFiles([]);
      await onDone(saved);
    },
    onError: (err) => showServerErrors(form, err, undefined, { text: 'answerText' }),
  });
  return (
    <Modal
      open={open}
      title={t('pages.answerTitle')}
      okText={t('actions.answer')}
      cancelText={t('pages.cancelButton')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.busy}
      destroyOnHidden
      width={620}
    >
      <Typography.Paragraph type="secondary">{r.content}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void save.submit(v)}>
        <Form.Item name="answerText" label={t('pages.answerText')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={8000} />
        </Form.Item>
        <Form.Item label={t('fields.evidence')}>
          <FilePicker files={files} max={10} onChange={setFiles} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
