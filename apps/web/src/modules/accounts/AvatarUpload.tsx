import { useState } from 'react';
import { Avatar, Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { errorText, useAccountsText } from './common.tsx';

const MAX_BYTES = 2 * 1024 * 1024;

/** Avatar with an upload button (spec upload form: formFile, UserId). Images up to 2 MB. */
export function AvatarUpload({
  userId,
  avatar,
  editable,
  onUploaded,
}: {
  userId: string;
  avatar: string | null;
  editable: boolean;
  onUploaded: (url: string) => void;
}) {
  const { t } = useAccountsText();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (file.size > MAX_BYTES) {
      toast.error(t('account.avatarTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('UserId', userId);
      form.append('formFile', file, file.name);
      const res = await apiFetch<{ avatar: string }>('/api/OfficalProfile/uploadAvatar', {
        method: 'POST',
        body: form,
      });
      onUploaded(res.avatar);
      toast.success(t('account.avatarSaved'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" align="center">
      <Avatar size={96} src={avatar ?? undefined} icon={<UserOutlined />} alt={t('account.avatar')} />
      {editable && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} size="small">
            {t('account.changeAvatar')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
