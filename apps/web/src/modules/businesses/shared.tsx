import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { toast } from '../../app/toast.ts';
import { saveFile } from '../../catalog/api.ts';
import { attachmentApi } from './api.ts';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

/** Pieces shared by the employers pages: dates, server field errors on forms, attachments. */

export const showDate = (value: string | null | undefined) => (value ? formatDate(value) : '—');
export const showDateTime = (value: string | null | undefined) => (value ? formatDateTime(value) : '—');

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The server's field errors beside the fields (the one form behaviour). */
export { showServerErrors } from '../../platform/form/index.ts';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Files of a document or notification: download for whoever sees the record; add and remove for its author.
 * Files are checked by content on the server (PDF, images, Word, Excel) and never public.
 */
export function Attachments({
  area,
  recordId,
  editable,
}: {
  area: 'OfficialDocument' | 'OvertimeNotification';
  recordId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('businesses');
  const api = attachmentApi(area);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const files = useQuery({
    queryKey: ['businesses', area, 'files', recordId],
    queryFn: ({ signal }) => api.list(recordId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['businesses', area] });
  const upload = useMutation({
    mutationFn: (file: File) => api.add(recordId, file),
    onSuccess: async () => {
      toast.success(t('files.added'));
      await refresh();
    },
    onError: (err) => toast.error(t('files.addFailed'), errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => api.remove(recordId, [fileId]),
    onSuccess: () => refresh(),
    onError: (err) => toast.error(errorText(err)),
  });
  const download = async (fileId: string, name: string) => {
    setBusy(fileId);
    try {
      saveFile(await api.download(recordId, fileId), name);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <PaperClipOutlined />
        <Typography.Text strong>{t('files.title')}</Typography.Text>
        {editable && (
          <Upload
            showUploadList={false}
            accept=".pdf,.png,.jpg,.jpeg,.doc,.docx,.xls,.xlsx"
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('files.add')}
            </Button>
          </Upload>
        )}
      </Space>
      <List
        size="small"
        bordered
        loading={files.isLoading}
        locale={{ emptyText: t('files.none') }}
        dataSource={files.data ?? []}
        renderItem={(f) => (
          <List.Item
            actions={[
              <Button
                key="get"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                loading={busy === f.id}
                onClick={() => void download(f.id, f.name)}
              >
                {t('files.download')}
              </Button>,
              ...(editable
                ? [
                    <ConfirmPopover
                      key="del"
                      title={t('files.removeConfirm', { name: f.name })}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      onConfirm={() => remove.mutate(f.id)}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.delete')}
                      />
                    </ConfirmPopover>,
                  ]
                : []),
            ]}
          >
            <Typography.Text>{f.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {sizeText(f.size)} · {showDateTime(f.createdAt)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
