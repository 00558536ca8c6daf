import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Table, Tag, Timeline, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { declarationWorkflow } from '@portal/domain/equipment/state';
import { toast } from '../../app/toast.ts';
import { ActionsBar, workflowActions } from '../../platform/record/index.ts';
import { equipmentApi, equipmentKeys, type DeclarationDetail, type DeclarationItem } from './api.ts';
import { DeclarationStatusTag, errorText, LateTag, machinePath, showDate, showTime } from './ui.tsx';

/** Downloads the numbered confirmation (PDF with its verifying QR) of a confirmed declaration. */
export function ConfirmationButton({ detail }: { detail: DeclarationDetail }) {
  const { t } = useTranslation('equipment');
  const [busy, setBusy] = useState(false);
  if (detail.status !== 'confirmed') return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={busy}
      data-testid="declaration-pdf"
      onClick={() => {
        setBusy(true);
        equipmentApi
          .downloadConfirmation(detail.id, detail.number)
          .catch((err: unknown) => toast.error(errorText(err)))
          .finally(() => setBusy(false));
      }}
    >
      {t('pages.declaration.pdf')}
    </Button>
  );
}

/** Status, number, late mark, refusal reason: the head every declaration page shows. */
export function DeclarationHead({ detail }: { detail: DeclarationDetail }) {
  const { t } = useTranslation('equipment');
  return (
    <>
      {detail.status === 'refused' && detail.refuseReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('pages.declaration.refusedTitle')}
          description={detail.refuseReason}
          data-testid="declaration-refuse-reason"
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'status',
            label: t('pages.fields.status'),
            children: (
              <Flex gap={4} wrap>
                <DeclarationStatusTag status={detail.status} />
                <LateTag late={detail.late} />
              </Flex>
            ),
          },
          { key: 'number', label: t('pages.fields.number'), children: detail.number ?? '—' },
          { key: 'business', label: t('pages.fields.business'), children: detail.businessName ?? '—' },
          { key: 'declaredOn', label: t('pages.fields.declaredOn'), children: showDate(detail.declaredOn) },
          { key: 'dueBy', label: t('pages.fields.dueBy'), children: showDate(detail.dueBy) },
          {
            key: 'contact',
            label: t('pages.fields.contact'),
            children: [detail.contactName, detail.contactPhone].filter(Boolean).join(' · ') || '—',
          },
        ]}
      />
    </>
  );
}

/** The machines of a declaration with the certificate each one carries. */
export function ItemsTable({ items, linkMachines = true }: { items: DeclarationItem[]; linkMachines?: boolean }) {
  const { t } = useTranslation('equipment');
  return (
    <Table<DeclarationItem>
      rowKey="equipmentId"
      size="small"
      pagination={false}
      tableLayout="fixed"
      dataSource={items}
      locale={{ emptyText: t('pages.declaration.noItems') }}
      columns={[
        {
          title: t('pages.fields.machine'),
          key: 'machine',
          ellipsis: true,
          render: (_v, r) => {
            const label = [r.code, r.name].filter(Boolean).join(' - ') || r.equipmentId;
            return linkMachines ? <Link to={machinePath(r.equipmentId)}>{label}</Link> : label;
          },
        },
        { title: t('pages.fields.type'), dataIndex: 'typeName', key: 'type', ellipsis: true, width: 170 },
        { title: t('pages.fields.serial'), dataIndex: 'serialNumber', key: 'serial', ellipsis: true, width: 130 },
        {
          title: t('pages.fields.firstUse'),
          key: 'firstUse',
          width: 120,
          render: (_v, r) => showDate(r.firstUseDate),
        },
        {
          title: t('pages.fields.certificate'),
          key: 'certificate',
          ellipsis: true,
          width: 200,
          render: (_v, r) =>
            r.certificateNumber ? (
              <span>
                {r.certificateNumber} · {showDate(r.inspectionDate)}{' '}
                {r.result && (
                  <Tag color={r.result === 'pass' ? 'success' : 'error'}>
                    {t(`areas.equipment.options.lastResult.${r.result}`)}
                  </Tag>
                )}
              </span>
            ) : (
              '—'
            ),
        },
        { title: t('pages.fields.dueDate'), key: 'due', width: 120, render: (_v, r) => showDate(r.dueDate) },
      ]}
    />
  );
}

/** Who did what to the declaration, newest first. */
export function DeclarationHistory({ detail }: { detail: DeclarationDetail }) {
  const { t } = useTranslation('equipment');
  if (!detail.history.length) return <Typography.Text type="secondary">{t('pages.history.empty')}</Typography.Text>;
  return (
    <Timeline
      items={[...detail.history]
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((e, i) => ({
          key: `${e.at}-${i}`,
          color: e.toStatus === 'refused' ? 'red' : e.toStatus === 'confirmed' ? 'green' : 'blue',
          children: (
            <>
              <Typography.Text strong>{t(`pages.events.${e.action}`, { defaultValue: e.action })}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {showTime(e.at)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Typography.Text>
              {e.reason && <div>{e.reason}</div>}
            </>
          ),
        }))}
    />
  );
}

/**
 * The department's decision on a submitted declaration: confirm (after a confirmation) or refuse with a reason
 * (required, beside its field) — what each needs comes from the declaration's workflow. Both send the version
 * read, so two officers never decide twice.
 */
export function ReviewActions({ detail, onDone }: { detail: DeclarationDetail; onDone?: () => void }) {
  const { t } = useTranslation('equipment');
  const queryClient = useQueryClient();
  const actions = workflowActions<'confirm' | 'refuse'>(declarationWorkflow, detail.actions, {
    refuse: {
      label: t('pages.review.refuse'),
      danger: true,
      icon: <CloseOutlined />,
      reason: { title: t('pages.review.refuseTitle'), label: t('pages.review.reason'), max: 1000 },
      'data-testid': 'declaration-refuse',
    },
    confirm: {
      label: t('pages.review.confirm'),
      primary: true,
      icon: <CheckOutlined />,
      confirm: {
        title: t('pages.review.confirmTitle'),
        content: t('pages.review.confirmContent', { business: detail.businessName ?? '' }),
      },
      'data-testid': 'declaration-confirm',
    },
  });
  const run = async (key: 'confirm' | 'refuse', { reason }: { reason?: string }) => {
    if (key === 'confirm') await equipmentApi.confirm(detail.id, detail.version);
    else await equipmentApi.refuse(detail.id, detail.version, reason ?? '');
    toast.success(t(key === 'confirm' ? 'pages.review.confirmed' : 'pages.review.refused'));
    await queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    onDone?.();
  };
  return <ActionsBar actions={actions} onRun={run} />;
}
