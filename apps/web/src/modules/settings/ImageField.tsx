import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';

/** What uploadImage accepts (the server checks the content again). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Checked before sending: wrong type or over 2 MB → a message, nothing uploaded. */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

interface Props {
  id: string;
  label: string;
  hint?: string;
  fileType: string;
  value?: string;
  onChange?: (value: string) => void;
  defaultUrl?: string;
  onRemove?: () => void;
  disabled?: boolean;
  wide?: boolean;
}

/** A configuration image: preview, upload (PNG, JPEG, WebP, GIF ≤ 2 MB), back to the default, or remove. */
export function ImageField({
  id,
  label,
  hint,
  fileType,
  value,
  onChange,
  defaultUrl,
  onRemove,
  disabled,
  wide,
}: Props) {
  const { t } = useTranslation('shell');
  const [uploading, setUploading] = useState(false);
  return (
    <div className="image-field" data-testid={`image-${id}`}>
      <div className="image-field-label" id={`${id}-label`}>
        {label}
      </div>
      <div className={`image-field-preview${wide ? ' is-wide' : ''}`}>
        {value ? (
          <img src={value} alt={t('settings.imagePreview', { name: label })} />
        ) : (
          <span>{t('settings.noImage')}</span>
        )}
      </div>
      {hint && <p className="image-field-hint">{hint}</p>}
      <div className="image-field-actions">
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            const problem = imageProblem(file);
            if (problem) {
              toast.error(t(`settings.imageInvalid.${problem}`), file.name);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const form = new FormData();
              form.append('FileType', fileType);
              form.append('formFile', file as Blob);
              const res = await apiFetch<{ url: string }>('/api/Configuration/uploadImage', {
                method: 'POST',
                body: form,
              });
              onChange?.(res.url);
              onSuccess?.(res);
            } catch (err) {
              toast.error(t('settings.uploadFailed'), (err as Error).message);
              onError?.(err as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled} aria-describedby={`${id}-label`}>
            {t('settings.upload')}
          </Button>
        </Upload>
        {defaultUrl && value !== defaultUrl && (
          <Button type="link" icon={<UndoOutlined />} disabled={disabled} onClick={() => onChange?.(defaultUrl)}>
            {t('settings.useDefault')}
          </Button>
        )}
        {onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={onRemove}
            aria-label={t('settings.removeImage', { name: label })}
          />
        )}
      </div>
    </div>
  );
}
