import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { DeleteOutlined, EditOutlined, FilePdfOutlined, StopOutlined } from '@ant-design/icons';
import { toast } from '../../../app/toast.ts';
import { catalogApi, type CatalogRecord } from '../../../catalog/api.ts';
import { RecordFields } from '../../../catalog/DetailPage.tsx';
import { errorMessage, routeTo, useDeleteAction } from '../../../catalog/ListPage.tsx';
import { pageById } from '../../../catalog/registry.ts';
import type { CatalogText } from '../../../catalog/text.ts';
import { certificateKeys, certificatesApi } from './api.ts';
import { CatalogRecordPage } from './record.tsx';
import { ReasonDialog } from '../../../platform/dialogs/index.tsx';

const PAGE = 'trainingCertificate';

/**
 * `/an-toan-ve-sinh-lao-dong/cap-giay-chung-nhan-huan-luyen/chi-tiet/{id}`: a credential with every field, its
 * PDF (with the QR to its public verification), and, for its issuer or the department, editing, deleting and
 * revocation with a reason (the buttons the server says the caller may use).
 */
export default function CertificateDetailPage() {
  const { t } = useTranslation('training');
  const { catalog: c } = pageById(PAGE);
  const queryClient = useQueryClient();
  const api = useMemo(() => catalogApi(c), [c]);
  const [revoking, setRevoking] = useState(false);
  const revoke = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => certificatesApi.revoke([id], reason),
    onSuccess: async (r) => {
      toast.success(t('certificates.revoke.done', { count: r.revoked }));
      await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
      await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <CatalogRecordPage pageId={PAGE}>
      {({ data, text, back }) => (
        <CertificateView data={data} text={text} back={back} api={api} onRevoke={() => setRevoking(true)}>
          <ReasonDialog
            open={revoking}
            title={t('certificates.revoke.title')}
            label={t('certificates.revoke.reason')}
            okText={t('certificates.revoke.confirm')}
            cancelText={t('certificates.actions.back')}
            max={500}
            danger
            onSubmit={(reason) => revoke.mutateAsync({ id: data.id, reason })}
            onClose={() => setRevoking(false)}
          />
        </CertificateView>
      )}
    </CatalogRecordPage>
  );
}

function CertificateView({
  data,
  text,
  back,
  api,
  onRevoke,
  children,
}: {
  data: CatalogRecord;
  text: CatalogText;
  back: () => void;
  api: ReturnType<typeof catalogApi>;
  onRevoke: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('training');
  const { catalog: c, page } = pageById(PAGE);
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  const allowed = useQuery({
    queryKey: [...certificateKeys.actions(data.id), data.updatedAt],
    queryFn: ({ signal }) => certificatesApi.actions(data.id, signal),
  });
  const may = (action: 'edit' | 'delete' | 'revoke') => allowed.data?.actions.includes(action) ?? false;
  return (
    <Card
      title={text.t('catalog:form.detailTitle', { noun: text.noun })}
      style={{ maxWidth: 1040 }}
      extra={
        <Flex gap={8} wrap>
          <Button onClick={back}>{text.t('catalog:actions.back')}</Button>
          <Button
            icon={<FilePdfOutlined />}
            loading={printing}
            data-testid="certificate-print"
            onClick={() => {
              setPrinting(true);
              certificatesApi
                .print(data.id, String(data.certificateNumber))
                .catch((err: unknown) => toast.error(errorMessage(err)))
                .finally(() => setPrinting(false));
            }}
          >
            {t('certificates.actions.print')}
          </Button>
          {may('edit') && page.routes.edit && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(routeTo(page.routes.edit, data.id)!)}>
              {text.t('catalog:actions.edit')}
            </Button>
          )}
          {may('revoke') && (
            <Button danger icon={<StopOutlined />} onClick={onRevoke} data-testid="certificate-revoke">
              {t('certificates.actions.revoke')}
            </Button>
          )}
          {may('delete') && <DeleteButton record={data} back={back} api={api} text={text} />}
        </Flex>
      }
    >
      <RecordFields c={c} page={page} text={text} data={data} />
      {children}
    </Card>
  );
}

function DeleteButton({
  record,
  back,
  api,
  text,
}: {
  record: CatalogRecord;
  back: () => void;
  api: ReturnType<typeof catalogApi>;
  text: Parameters<typeof useDeleteAction>[2];
}) {
  const { catalog: c } = pageById(PAGE);
  const confirmDelete = useDeleteAction(c, api, text, back);
  return (
    <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([record])}>
      {text.t('catalog:actions.delete')}
    </Button>
  );
}
