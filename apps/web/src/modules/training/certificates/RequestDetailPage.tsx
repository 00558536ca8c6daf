import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Space, Table, Tag } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { RequestAction, RequestStatus } from '@portal/domain/training/certificates';
import { toast } from '../../../app/toast.ts';
import { catalogApi, type CatalogRecord } from '../../../catalog/api.ts';
import { RecordFields } from '../../../catalog/DetailPage.tsx';
import { errorMessage, routeTo, useDeleteAction } from '../../../catalog/ListPage.tsx';
import { pageById } from '../../../catalog/registry.ts';
import type { CatalogText } from '../../../catalog/text.ts';
import { certificateKeys, certificatePath, certificatesApi, type RequestParticipant } from './api.ts';
import { CatalogRecordPage } from './record.tsx';
import { ReasonDialog, RequestStatusTag, showDate } from './ui.tsx';

const PAGE = 'trainingCertificateRequest';

/** A request's participants: the filer ticks whom it names while it may edit; afterwards, who got which credential. */
function Participants({
  requestId,
  rows,
  editable,
}: {
  requestId: string;
  rows: RequestParticipant[];
  editable: boolean;
}) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[] | null>(null);
  const selected = picked ?? rows.filter((r) => r.selected).map((r) => r.workerId);
  const save = useMutation({
    mutationFn: () => certificatesApi.setParticipants(requestId, selected),
    onSuccess: async () => {
      toast.success(t('requests.participants.saved'));
      setPicked(null);
      await queryClient.invalidateQueries({ queryKey: certificateKeys.workflow(requestId) });
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'trainingCertificateRequest'] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const shown = editable ? rows : rows.filter((r) => r.selected);
  return (
    <Card
      size="small"
      title={t('requests.participants.title')}
      extra={
        editable && (
          <Button
            icon={<SaveOutlined />}
            disabled={picked === null}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="request-save-participants"
          >
            {t('requests.actions.saveParticipants')}
          </Button>
        )
      }
    >
      <Table<RequestParticipant>
        size="small"
        rowKey="workerId"
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        dataSource={shown}
        {...(editable
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys: React.Key[]) => setPicked(keys.map(String)),
                getCheckboxProps: (r: RequestParticipant) => ({ disabled: r.result !== 'passed' || !!r.certificateId }),
              },
            }
          : {})}
        columns={[
          { title: t('requests.participants.fullName'), dataIndex: 'fullName', key: 'name' },
          {
            title: t('requests.participants.birthDate'),
            key: 'birth',
            width: 130,
            render: (_v, r) => showDate(r.birthDate),
          },
          {
            title: t('requests.participants.result'),
            key: 'result',
            width: 120,
            render: (_v, r) =>
              r.result ? (
                <Tag color={r.result === 'passed' ? 'green' : 'default'}>
                  {t(`workers:trainingResults.${r.result}`, { defaultValue: r.result })}
                </Tag>
              ) : (
                '—'
              ),
          },
          {
            title: t('requests.participants.certificate'),
            key: 'certificate',
            render: (_v, r) =>
              r.certificateId ? <Link to={certificatePath(r.certificateId)}>{r.certificateNumber}</Link> : '—',
          },
        ]}
      />
    </Card>
  );
}

function RequestView({ data, text, back }: { data: CatalogRecord; text: CatalogText; back: () => void }) {
  const { t } = useTranslation('training');
  const { modal } = App.useApp();
  const { catalog: c, page } = pageById(PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useMemo(() => catalogApi(c), [c]);
  const confirmDelete = useDeleteAction(c, api, text, back);
  const [refusing, setRefusing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const workflow = useQuery({
    queryKey: certificateKeys.workflow(data.id),
    queryFn: ({ signal }) => certificatesApi.workflow(data.id, signal),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'trainingCertificate'] });
  };
  const step = useMutation({
    mutationFn: async (action: Extract<RequestAction, 'submit' | 'issue'>) =>
      action === 'submit'
        ? (await certificatesApi.submit(data.id), t('requests.done.submit'))
        : t('requests.done.issue', { count: (await certificatesApi.issue(data.id)).issued }),
    onSuccess: async (message) => {
      toast.success(message);
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const refuse = useMutation({
    mutationFn: (reason: string) => certificatesApi.refuse(data.id, reason),
    onSuccess: async () => {
      toast.success(t('requests.done.refuse'));
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const actions = workflow.data?.actions ?? [];
  const ask = (action: 'submit' | 'issue') =>
    modal.confirm({
      title: t(`requests.actions.${action}`),
      content: text.display('code', data),
      okText: t(`requests.actions.${action}`),
      cancelText: t('certificates.actions.back'),
      onOk: () => step.mutateAsync(action).catch(() => undefined),
    });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1040 }}>
      <Card
        title={
          <Flex gap={8} align="center">
            {text.t('catalog:form.detailTitle', { noun: text.noun })}
            {workflow.data && <RequestStatusTag status={workflow.data.status as RequestStatus} />}
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            <Button onClick={back}>{text.t('catalog:actions.back')}</Button>
            {actions.includes('edit') && page.routes.edit && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(routeTo(page.routes.edit, data.id)!)}>
                {t('requests.actions.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([data])}>
                {t('requests.actions.delete')}
              </Button>
            )}
            {actions.includes('refuse') && (
              <Button danger icon={<CloseOutlined />} onClick={() => setRefusing(true)} data-testid="request-refuse">
                {t('requests.actions.refuse')}
              </Button>
            )}
            {actions.includes('submit') && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={step.isPending}
                onClick={() => ask('submit')}
                data-testid="request-submit"
              >
                {t('requests.actions.submit')}
              </Button>
            )}
            {actions.includes('issue') && (
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={step.isPending}
                onClick={() => ask('issue')}
                data-testid="request-issue"
              >
                {t('requests.actions.issue')}
              </Button>
            )}
            {workflow.data?.canPrint && (
              <Button
                icon={<FilePdfOutlined />}
                loading={printing}
                onClick={() => {
                  setPrinting(true);
                  certificatesApi
                    .printRequest(data.id, String(data.code))
                    .catch((err: unknown) => toast.error(errorMessage(err)))
                    .finally(() => setPrinting(false));
                }}
                data-testid="request-print"
              >
                {t('requests.actions.print')}
              </Button>
            )}
          </Flex>
        }
      >
        <RecordFields c={c} page={page} text={text} data={data} />
      </Card>
      {workflow.isError && <Alert type="error" showIcon message={errorMessage(workflow.error)} />}
      {workflow.data && (
        <Participants
          key={`${workflow.dataUpdatedAt}`}
          requestId={data.id}
          rows={workflow.data.participants}
          editable={workflow.data.actions.includes('edit')}
        />
      )}
      <ReasonDialog
        open={refusing}
        title={t('requests.refuse.title')}
        label={t('requests.refuse.reason')}
        okText={t('requests.actions.refuse')}
        max={1000}
        onOk={(reason) => refuse.mutateAsync(reason)}
        onClose={() => setRefusing(false)}
      />
    </Space>
  );
}

/** `/an-toan-ve-sinh-lao-dong/de-nghi-cap-giay-huan-luyen/chi-tiet/{id}`: a request, its participants and its steps. */
export default function RequestDetailPage() {
  return (
    <CatalogRecordPage pageId={PAGE}>
      {({ data, text, back }) => <RequestView data={data} text={text} back={back} />}
    </CatalogRecordPage>
  );
}
