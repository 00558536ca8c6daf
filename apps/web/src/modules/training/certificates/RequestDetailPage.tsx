import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { RequestStatus } from '@portal/domain/training/certificates';
import { toast } from '../../../app/toast.ts';
import { catalogApi, type CatalogRecord } from '../../../catalog/api.ts';
import { RecordFields } from '../../../catalog/DetailPage.tsx';
import { errorMessage, routeTo, useDeleteAction } from '../../../catalog/ListPage.tsx';
import { pageById } from '../../../catalog/registry.ts';
import type { CatalogText } from '../../../catalog/text.ts';
import { ActionsBar, allowedActions, recordCardHead, type RecordAction } from '../../../platform/record/index.ts';
import { certificateKeys, certificatePath, certificatesApi, type RequestParticipant } from './api.ts';
import { CatalogRecordPage } from './record.tsx';
import { RequestStatusTag, showDate } from './ui.tsx';

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

type Action = 'edit' | 'delete' | 'refuse' | 'submit' | 'issue';

function RequestView({ data, text, back }: { data: CatalogRecord; text: CatalogText; back: () => void }) {
  const { t } = useTranslation('training');
  const { catalog: c, page } = pageById(PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useMemo(() => catalogApi(c), [c]);
  const confirmDelete = useDeleteAction(c, api, text, back);
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
  const declared: RecordAction<Action>[] = [
    ...(page.routes.edit ? [{ key: 'edit' as const, label: t('requests.actions.edit'), icon: <EditOutlined /> }] : []),
    // The catalogue's own deletion asks its confirmation (and moves the request to the trash).
    { key: 'delete', label: t('requests.actions.delete'), danger: true, icon: <DeleteOutlined /> },
    {
      key: 'refuse',
      label: t('requests.actions.refuse'),
      needs: 'reason',
      danger: true,
      icon: <CloseOutlined />,
      reason: { title: t('requests.refuse.title'), label: t('requests.refuse.reason'), max: 1000 },
      'data-testid': 'request-refuse',
    },
    {
      key: 'submit',
      label: t('requests.actions.submit'),
      needs: 'confirm',
      primary: true,
      icon: <SendOutlined />,
      confirm: { content: text.display('code', data) },
      'data-testid': 'request-submit',
    },
    {
      key: 'issue',
      label: t('requests.actions.issue'),
      needs: 'confirm',
      primary: true,
      icon: <CheckOutlined />,
      confirm: { content: text.display('code', data) },
      'data-testid': 'request-issue',
    },
  ];
  const run = async (key: Action, { reason }: { reason?: string }) => {
    if (key === 'edit') return void navigate(routeTo(page.routes.edit, data.id)!);
    if (key === 'delete') return confirmDelete([data]);
    if (key === 'refuse') {
      await certificatesApi.refuse(data.id, reason ?? '');
      toast.success(t('requests.done.refuse'));
    } else if (key === 'submit') {
      await certificatesApi.submit(data.id);
      toast.success(t('requests.done.submit'));
    } else {
      toast.success(t('requests.done.issue', { count: (await certificatesApi.issue(data.id)).issued }));
    }
    await refresh();
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1040 }}>
      <Card
        {...recordCardHead({
          title: text.t('catalog:form.detailTitle', { noun: text.noun }),
          status: workflow.data && <RequestStatusTag status={workflow.data.status as RequestStatus} />,
          back: { label: text.t('catalog:actions.back'), onClick: back },
          actions: (
            <ActionsBar actions={allowedActions(declared, workflow.data?.actions)} onRun={run}>
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
            </ActionsBar>
          ),
        })}
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
