import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Space, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { PKCS12_MAX_SIZE, SIGNED_DOCUMENT_PATHS } from '@portal/domain/signed-documents/index';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { SearchBox, ServerTable, useServerList } from '../../platform/list/index.tsx';
import { fileToBase64, signedDocumentKeys, signedDocumentsApi, type SignedRow } from './api.ts';
import { showDate, showDateTime } from './shared.tsx';

/** The agency's certificate: what signs now, and (administrators) replacing it with a PKCS#12 file. */
function CertificateCard() {
  const { t } = useTranslation('signedDocuments');
  const access = useAccess();
  const editable = can(access, 'update', 'Configuration');
  const readable = editable || can(access, 'read', 'Configuration');
  const client = useQueryClient();
  const current = useQuery({
    queryKey: signedDocumentKeys.certificate,
    queryFn: ({ signal }) => signedDocumentsApi.certificate(signal),
    enabled: readable,
  });
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [form] = Form.useForm<{ password: string }>();
  const save = useMutation({
    mutationFn: async (password: string) => {
      const file = files[0]?.originFileObj;
      if (!file) throw new Error(t('errors.empty'));
      return signedDocumentsApi.setCertificate({ file: await fileToBase64(file), password });
    },
    onSuccess: (saved) => {
      client.setQueryData(signedDocumentKeys.certificate, saved);
      setFiles([]);
      form.resetFields();
      toast.success(t('certificate.saved'));
    },
  });
  if (!readable) return null;
  const c = current.data;
  return (
    <Card title={t('certificate.title')} loading={current.isLoading} size="small">
      {c ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'subject',
              label: t('certificate.subject'),
              children: (
                <Space wrap>
                  {c.subject}
                  {c.isTest && <Tag color="warning">{t('certificate.test')}</Tag>}
                </Space>
              ),
            },
            { key: 'issuer', label: t('certificate.issuer'), children: c.issuer },
            { key: 'serial', label: t('certificate.serial'), children: c.serialNumber },
            {
              key: 'validity',
              label: t('certificate.validity'),
              children: t('certificate.validRange', { from: showDate(c.validFrom), to: showDate(c.validTo) }),
            },
            {
              key: 'fingerprint',
              label: t('certificate.fingerprint'),
              children: <Typography.Text code>{c.fingerprint}</Typography.Text>,
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('certificate.none')}</Typography.Text>
      )}
      {editable && (
        <Form
          form={form}
          layout="inline"
          style={{ marginTop: 16, rowGap: 8 }}
          onFinish={(v) => save.mutate(v.password ?? '')}
        >
          <Form.Item label={t('certificate.file')} required>
            <Upload
              accept=".p12,.pfx,application/x-pkcs12"
              maxCount={1}
              fileList={files}
              beforeUpload={(file) => file.size <= PKCS12_MAX_SIZE && false}
              onChange={({ fileList }) => setFiles(fileList.slice(-1))}
            >
              <Button>{t('certificate.file')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item name="password" label={t('certificate.password')}>
            <Input.Password autoComplete="off" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!files.length}>
              {t('certificate.upload')}
            </Button>
          </Form.Item>
          {save.error && (
            <Typography.Text type="danger" role="alert" style={{ width: '100%' }}>
              {save.error.message}
            </Typography.Text>
          )}
        </Form>
      )}
    </Card>
  );
}

/** `/quan-ly-tai-lieu-so/danh-sach`: every document the portal signed (newest first), and the certificate. */
export default function SignedDocumentsPage() {
  const { t } = useTranslation('signedDocuments');
  const { table, keyWord, setKeyWord } = useServerList({
    key: (q) => signedDocumentKeys.list(q),
    fetch: (q, signal) => signedDocumentsApi.list(q, signal),
    sortable: [],
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1280 }}>
      <CertificateCard />
      <Card title={t('registry.title')}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <SearchBox value={keyWord} onSearch={setKeyWord} placeholder={t('registry.search')} width={360} />
          <ServerTable<SignedRow>
            {...table}
            rowKey="id"
            size="small"
            empty={t('registry.empty')}
            columns={[
              { title: t('registry.signedAt'), dataIndex: 'signedAt', width: 170, render: showDateTime },
              { title: t('registry.kind'), dataIndex: 'kind' },
              { title: t('registry.number'), dataIndex: 'number', width: 160 },
              {
                title: t('registry.code'),
                dataIndex: 'code',
                width: 150,
                render: (code: string) => (
                  <Link to={`${SIGNED_DOCUMENT_PATHS.verify}/${code}`} target="_blank">
                    {code}
                  </Link>
                ),
              },
              { title: t('registry.signer'), dataIndex: 'signerSubject', priority: 2 },
              {
                title: t('registry.sha256'),
                dataIndex: 'sha256',
                priority: 3,
                render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
              },
            ]}
          />
        </Space>
      </Card>
    </Space>
  );
}
