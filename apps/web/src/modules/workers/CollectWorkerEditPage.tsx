import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { catalogByKey } from '../../catalog/registry.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { toast } from '../../app/toast.ts';
import { reportApi, saveBlob } from './api.ts';
import { RecordPage } from './RecordPage.tsx';

/**
 * A worker report's page: the report and its signed file. The file is uploaded (PDF, Excel or Word, checked by
 * its content), attached to the report, and served only to those who may read the report.
 */
function ReportFile({ record, canEdit }: { record: CatalogRecord; canEdit: boolean }) {
  const { t } = useTranslation('workers');
  const queryClient = useQueryClient();
  const c = catalogByKey('collectWorker');
  const attach = useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await reportApi.upload(file);
      const body: Record<string, unknown> = {};
      for (const name of c.writable) body[name] = record[name] ?? null;
      return catalogApi(c).update(record.id, { ...body, fileId: uploaded.id, updatedAt: record.updatedAt });
    },
    onSuccess: async () => {
      toast.success(t('web.report.attached'));
      await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const download = useMutation({
    mutationFn: () => reportApi.download(record.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? String(record.fileName ?? 'bao-cao')),
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Card size="small" title={t('web.report.file')}>
      <Space wrap>
        {record.fileId ? (
          <Button icon={<DownloadOutlined />} onClick={() => download.mutate()} loading={download.isPending}>
            {String(record.fileName ?? t('web.report.download'))}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('web.report.none')}</Typography.Text>
        )}
        {canEdit && (
          <Upload
            accept=".pdf,.xlsx,.xls,.docx,.doc"
            showUploadList={false}
            beforeUpload={(file) => (attach.mutate(file), false)}
          >
            <Button icon={<UploadOutlined />} loading={attach.isPending}>
              {t(record.fileId ? 'web.report.replace' : 'web.report.upload')}
            </Button>
          </Upload>
        )}
      </Space>
    </Card>
  );
}

export default function CollectWorkerEditPage() {
  return (
    <RecordPage pageId="collectWorker">
      {({ record, form, canEdit }) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1040 }}>
          <ReportFile record={record} canEdit={canEdit} />
          <Card title={String(record.title ?? '')}>{form}</Card>
        </Space>
      )}
    </RecordPage>
  );
}
