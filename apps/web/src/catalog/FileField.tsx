import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  FILE_PATHS,
  FILE_SUBJECT,
  MAX_FILE_BYTES,
  UPLOAD_ACCEPT,
  acceptsFile,
  type UploadedFile,
} from '@portal/domain/files/index';
import { can, useAccess } from '../app/access.ts';
import { ApiError, apiDownload, type ApiErrorDetail } from '../app/api-client.ts';
import { currentLanguage } from '../app/i18n.ts';
import { toast } from '../app/toast.ts';
import { readTokens } from '../platform/auth/storage.ts';
import { refreshTokens } from '../platform/http.ts';

/**
 * The catalogue's `file` field: upload through the generic upload call (with progress), the current file with a
 * download link, and a remove button. A wrong type or an oversize file is told beside the field, before sending
 * when the browser can tell, otherwise from the server's answer.
 */

const MAX_MB = Math.round(MAX_FILE_BYTES / 1024 / 1024);

/** Where and how a file is uploaded: the generic upload by default; a domain's own upload call (secure) else. */
export interface UploadTarget {
  path?: string;
  secure?: boolean;
  fileType?: string;
}

function send(
  file: File,
  onProgress: (percent: number) => void,
  token: string | null,
  target: UploadTarget,
): Promise<XMLHttpRequest> {
  // XMLHttpRequest, not fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.path ?? FILE_PATHS.upload);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLanguage());
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', ''));
    const form = new FormData();
    form.append('IsSecure', target.secure ? 'true' : 'false');
    form.append('IsBackground', 'false');
    form.append('FileType', target.fileType ?? 'catalog');
    form.append('formFile', file, file.name);
    xhr.send(form);
  });
}

/** Upload one file; the session's token, renewed once on 401 like every other call. */
export async function uploadFile(
  file: File,
  onProgress: (percent: number) => void,
  target: UploadTarget = {},
): Promise<UploadedFile> {
  const token = readTokens().accessToken;
  let xhr = await send(file, onProgress, token, target);
  if (xhr.status === 401 && token && (await refreshTokens(token))) {
    xhr = await send(file, onProgress, readTokens().accessToken, target);
  }
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  if (xhr.status < 200 || xhr.status >= 300) {
    const err = (body as { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } } | undefined)
      ?.error;
    throw new ApiError(xhr.status, err?.code ?? `HTTP_${xhr.status}`, err?.message ?? '', err?.details ?? []);
  }
  return body as UploadedFile;
}

export function downloadPath(id: string): string {
  return FILE_PATHS.download.replace('{id}', encodeURIComponent(id));
}

/** Fetch with the session and hand the browser the file under its own (Vietnamese) name. */
export async function downloadFile(id: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(downloadPath(id));
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName ?? fallbackName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A stored file's name as a download link (detail pages, the form's current file). */
export function FileLink({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('files');
  const [busy, setBusy] = useState(false);
  return (
    <Typography.Link
      href={downloadPath(id)}
      aria-label={t('widget.download', { name })}
      data-file-id={id}
      disabled={busy}
      onClick={(e) => {
        // The API wants the bearer token, which a plain link does not carry.
        e.preventDefault();
        setBusy(true);
        downloadFile(id, name)
          .catch((err: unknown) =>
            toast.error(err instanceof ApiError && err.message ? err.message : t('widget.failed')),
          )
          .finally(() => setBusy(false));
      }}
    >
      <PaperClipOutlined /> {name}
    </Typography.Link>
  );
}

export function FileInput({
  id,
  value,
  onChange,
  accept,
  currentName,
  disabled,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The field's `accept` (extensions); the generic upload's kinds when absent. */
  accept?: string;
  /** The name of the file the record held when the form opened. */
  currentName?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('files');
  // Uploading needs File.create; without it the current file can still be downloaded or removed.
  const mayUpload = can(useAccess(), 'create', FILE_SUBJECT);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const allowed = accept ?? UPLOAD_ACCEPT;
  const name = value ? (uploaded?.id === value ? uploaded.name : (currentName ?? value)) : null;
  return (
    <Flex vertical gap={4} id={id} data-testid={id ? `file-${id}` : undefined}>
      <Flex gap={8} align="center" wrap>
        {value && name ? (
          <FileLink id={value} name={name} />
        ) : (
          <Typography.Text type="secondary">{t('widget.none')}</Typography.Text>
        )}
        {!disabled && mayUpload && (
          <Upload
            accept={allowed}
            showUploadList={false}
            disabled={percent !== null}
            beforeUpload={(file) => {
              if (!acceptsFile(allowed, file.name, file.type)) {
                setProblem(t('widget.wrongType', { name: file.name, accept: allowed }));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_FILE_BYTES) {
                setProblem(t('widget.tooLarge', { name: file.name, max: MAX_MB }));
                return Upload.LIST_IGNORE;
              }
              setProblem(null);
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setPercent(0);
              uploadFile(file as File, setPercent)
                .then((stored) => {
                  setUploaded(stored);
                  onChange?.(stored.id);
                  onSuccess?.(stored);
                })
                .catch((err: unknown) => {
                  setProblem(err instanceof ApiError && err.message ? err.message : t('widget.failed'));
                  onError?.(err as Error);
                })
                .finally(() => setPercent(null));
            }}
          >
            <Button icon={<UploadOutlined />} loading={percent !== null}>
              {t(value ? 'widget.replace' : 'widget.upload')}
            </Button>
          </Upload>
        )}
        {!disabled && value && (
          <Button
            danger
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('widget.remove')}
            title={t('widget.remove')}
            onClick={() => {
              setProblem(null);
              onChange?.(null);
            }}
          />
        )}
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" aria-label={t('widget.uploading')} />}
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : (
        !disabled &&
        mayUpload && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('widget.hint', { max: MAX_MB, accept: allowed })}
          </Typography.Text>
        )
      )}
    </Flex>
  );
}
