import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag, Tooltip, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { PermitDetail, PermitFile, RequirementSlot } from '@portal/domain/permits/schemas';
import { toast } from '../../app/toast.ts';
import { permitKeys, permitsApi } from './api.ts';
import { errorText, showTime } from './ui.tsx';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

const ACCEPT: Record<string, string> = { pdf: 'application/pdf,.pdf', image: 'image/png,image/jpeg,.png,.jpg,.jpeg' };

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function FileLine({ file, onRemove, removable }: { file: PermitFile; onRemove?: () => void; removable: boolean }) {
  const { t } = useTranslation('permits');
  const [busy, setBusy] = useState(false);
  return (
    <Flex gap={8} align="center" wrap>
      <PaperClipOutlined />
      <Typography.Link
        data-testid="permit-file-link"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await permitsApi.download(file);
          } catch (err) {
            toast.error(errorText(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {file.fileName}
      </Typography.Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sizeText(file.size)} · {showTime(file.uploadedAt)}
        {file.uploadedByName ? ` · ${file.uploadedByName}` : ''}
      </Typography.Text>
      {removable && onRemove && (
        <ConfirmPopover
          title={t('files.removeConfirm', { name: file.fileName })}
          okText={t('actions.removeFile')}
          danger
          cancelText={t('form.cancel')}
          onConfirm={onRemove}
        >
          <Tooltip title={t('actions.removeFile')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.removeFile')} />
          </Tooltip>
        </ConfirmPopover>
      )}
    </Flex>
  );
}

/**
 * The documents of a request: the checklist of its kind (one file per document, uploading again replaces it)
 * and other attachments. The applicant changes them while it may edit; the department attaches its own while
 * it reviews and after granting. Refusals (type by content, size) are shown under the document.
 */
export function FilesCard({ detail }: { detail: PermitDetail }) {
  const { t } = useTranslation('permits');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const applicantEdits = detail.allowedActions.includes('edit');
  const reviewerAttaches = detail.allowedActions.includes('attach');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const slots = useQuery({
    queryKey: permitKeys.slots(detail.id),
    queryFn: ({ signal }) => permitsApi.slots(detail.id, signal),
  });
  const attachments = useQuery({
    queryKey: permitKeys.attachments(detail.id),
    queryFn: ({ signal }) => permitsApi.attachments(detail.id, signal),
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: permitKeys.slots(detail.id) }),
      queryClient.invalidateQueries({ queryKey: permitKeys.attachments(detail.id) }),
    ]);

  const upload = useMutation({
    mutationFn: ({ code, file }: { code: string; file: File }) => permitsApi.upload(detail.id, code, file),
    onSuccess: (next, { code }) => {
      queryClient.setQueryData(permitKeys.slots(detail.id), next);
      setErrors((e) => ({ ...e, [code]: '' }));
      void message.success(t('files.uploaded'));
    },
    onError: (err, { code }) => {
      setErrors((e) => ({ ...e, [code]: errorText(err) }));
      toast.error(t('files.uploadFailed'), errorText(err));
    },
  });
  const attach = useMutation({
    mutationFn: (file: File) => permitsApi.attach(detail.id, file),
    onSuccess: (next) => {
      queryClient.setQueryData(permitKeys.attachments(detail.id), next);
      setErrors((e) => ({ ...e, attachment: '' }));
      void message.success(t('files.uploaded'));
    },
    onError: (err) => {
      setErrors((e) => ({ ...e, attachment: errorText(err) }));
      toast.error(t('files.uploadFailed'), errorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: ({ id, required }: { id: string; required: boolean }) =>
      required ? permitsApi.removeRequired([id]) : permitsApi.removeAttachments([id]),
    onSuccess: () => refresh(),
    onError: (err) => toast.error(errorText(err)),
  });

  const slotRow = (slot: RequirementSlot) => (
    <Flex
      key={slot.code}
      // A required file still missing stands out where it is uploaded, before the request is sent.
      className={`permit-slot${slot.required && !slot.file ? ' is-missing' : ''}`}
      data-testid={`requirement-${slot.code}`}
      gap={12}
      justify="space-between"
      align="start"
    >
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>{t(`requirements.${slot.code}.label`)}</Typography.Text>
          {slot.required ? <Tag color="red">{t('files.required')}</Tag> : <Tag>{t('files.optional')}</Tag>}
          {slot.file && <Tag color="green">{t('files.present')}</Tag>}
          {slot.required && !slot.file && (
            <Tag color="volcano" data-testid={`requirement-missing-${slot.code}`}>
              {t('files.missing')}
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`requirements.${slot.code}.hint`)} ·{' '}
          {t('files.accepts', {
            kinds: slot.kinds.map((k) => t(`fileKinds.${k}`)).join(t('fileKinds.or')),
            max: slot.maxMb,
          })}
        </Typography.Text>
        {slot.file && (
          <FileLine
            file={slot.file}
            removable={applicantEdits}
            onRemove={() => remove.mutate({ id: slot.file!.id, required: true })}
          />
        )}
        {errors[slot.code] && (
          <Typography.Text type="danger" role="alert" data-testid={`requirement-error-${slot.code}`}>
            {errors[slot.code]}
          </Typography.Text>
        )}
      </Flex>
      {applicantEdits && (
        <Upload
          accept={slot.kinds.map((k) => ACCEPT[k]).join(',')}
          showUploadList={false}
          customRequest={({ file }) => upload.mutate({ code: slot.code, file: file as File })}
        >
          <Button
            size="small"
            icon={<UploadOutlined />}
            loading={upload.isPending && upload.variables?.code === slot.code}
          >
            {slot.file ? t('files.replace') : t('files.upload')}
          </Button>
        </Upload>
      )}
    </Flex>
  );

  const files = attachments.data ?? [];
  const mySide = applicantEdits ? 'applicant' : reviewerAttaches ? 'reviewer' : null;
  return (
    <>
      <Card title={t('files.checklist')} size="small" style={{ marginTop: 16 }} loading={slots.isLoading}>
        <Flex vertical>{(slots.data ?? []).map(slotRow)}</Flex>
      </Card>
      <Card
        title={t('otherAttachments')}
        size="small"
        style={{ marginTop: 16 }}
        extra={
          mySide && (
            <Upload
              accept={`${ACCEPT.pdf},${ACCEPT.image}`}
              showUploadList={false}
              customRequest={({ file }) => attach.mutate(file as File)}
            >
              <Button size="small" icon={<UploadOutlined />} loading={attach.isPending} data-testid="attach-button">
                {t('files.attach')}
              </Button>
            </Upload>
          )
        }
      >
        {files.length === 0 ? (
          <Typography.Text type="secondary">{t('files.noAttachments')}</Typography.Text>
        ) : (
          <Flex vertical gap={8}>
            {files.map((f) => (
              <Flex key={f.id} gap={8} align="center" wrap>
                <FileLine
                  file={f}
                  removable={mySide === f.side}
                  onRemove={() => remove.mutate({ id: f.id, required: false })}
                />
                <Tag>{t(`files.sides.${f.side}`)}</Tag>
              </Flex>
            ))}
          </Flex>
        )}
        {errors.attachment && (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
            {errors.attachment}
          </Typography.Text>
        )}
      </Card>
    </>
  );
}
