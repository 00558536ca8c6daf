import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Empty,
  Flex,
  Modal,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ResolvedCatalog, ResolvedPage } from '@portal/domain/catalog/index';
import { areaText } from '@portal/domain/catalog/index';
import {
  MONITORING_PATHS,
  READING_FACTORS,
  readingFactor,
  type ReadingFactor,
} from '@portal/domain/monitoring/factors';
import { can, useAccess } from '../../app/access.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { RecordForm } from '../../catalog/FormPage.tsx';
import { errorMessage, useDeleteAction } from '../../catalog/ListPage.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { RowActions } from '../../platform/list/index.tsx';
import { monitoringApi, type Reading } from './api.ts';
import { countText, dateText, VerdictTag } from './ui.tsx';

/** Fields every reading has around its factor's own values (the values column shows the rest). */
const COMMON = new Set(['code', 'position', 'businessId', 'reportId', 'verdict', 'limitText', 'regulation']);
const REPORT = 'monitoringReport';

/** A form page set for an area drawn inside this page: no routes of its own, `fixed` values hidden and sent. */
function formPage(c: ResolvedCatalog, fixed: Record<string, string>): ResolvedPage {
  return {
    id: c.key,
    catalogKey: c.key,
    view: null,
    fixed,
    titleKey: areaText(c.declaration, 'title'),
    routes: { list: MONITORING_PATHS.reports, create: null, edit: null, detail: null, import: null, aliases: {} },
  };
}

/** The factor's own measured values of a reading, as "label: value" pairs. */
function ReadingValues({ reading }: { reading: Reading }) {
  const c = catalogByKey(readingFactor(reading.factor as ReadingFactor).key);
  const text = useCatalogText(c);
  const shown = c.declaration.list.columns
    .filter((name) => !COMMON.has(name))
    .map((name) => [text.label(name), text.display(name, reading)] as const)
    .filter(([, v]) => v !== '');
  return <>{shown.map(([label, v]) => `${label}: ${v}`).join('; ')}</>;
}

function ReadingActions({
  reading,
  editable,
  onEdit,
  onDeleted,
}: {
  reading: Reading;
  editable: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const c = catalogByKey(readingFactor(reading.factor as ReadingFactor).key);
  const text = useCatalogText(c);
  const api = useMemo(() => catalogApi(c), [c]);
  const confirmDelete = useDeleteAction(c, api, text, onDeleted);
  return (
    <RowActions
      actions={[
        { kind: 'edit', allowed: editable, onClick: onEdit },
        { kind: 'delete', allowed: editable, onClick: () => confirmDelete([reading]) },
      ]}
    />
  );
}

/** A reading's or the report's form in a dialog: the catalogue's form, from the area's declaration. */
function FormDialog({
  c,
  fixed,
  record,
  title,
  onClose,
}: {
  c: ResolvedCatalog;
  fixed: Record<string, string>;
  record: CatalogRecord | null;
  title: string;
  onClose: (saved: boolean) => void;
}) {
  const page = useMemo(() => formPage(c, fixed), [c, fixed]);
  return (
    <Modal open title={title} footer={null} width={960} onCancel={() => onClose(false)} destroyOnHidden>
      <RecordForm c={c} page={page} record={record} onSaved={() => onClose(true)} onCancel={() => onClose(false)} />
    </Modal>
  );
}

type Editing = { factor: ReadingFactor | 'report'; record: CatalogRecord | null } | null;

/**
 * `/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong/chinh-sua/{id}` (and `chi-tiet/{id}`): an employer's monitoring
 * report — the organisation, date, work areas and workers exposed — with its readings of every factor, exceedances
 * first, each with the value measured, the limit applied, the regulation and the server's verdict; after an
 * exceedance, the measures owed by their deadline and the follow-up monitoring. Readings are added, corrected and
 * deleted with the catalogue's form of their factor.
 */
export default function ReportPage() {
  const { t } = useTranslation('monitoring');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const editable = can(access, 'update', 'ObservationMonitor');
  const reportCatalog = catalogByKey(REPORT);
  const text = useCatalogText(reportCatalog);
  const [editing, setEditing] = useState<Editing>(null);
  const [opening, setOpening] = useState(false);
  const queryKey = ['monitoring', 'report', id];
  const data = useQuery({ queryKey, queryFn: ({ signal }) => monitoringApi.readings(id, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  if (data.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (data.isError || !data.data)
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          message={errorMessage(data.error)}
          action={<Button onClick={() => navigate(MONITORING_PATHS.reports)}>{t('pages.actions.back')}</Button>}
        />
      </Card>
    );
  const { report, readings } = data.data;
  const exceedances = readings.filter((r) => r.verdict === 'exceeds').length;
  const fixed = { reportId: report.id, ...(report.businessId ? { businessId: String(report.businessId) } : {}) };

  const openReading = async (reading: Reading) => {
    const factor = reading.factor as ReadingFactor;
    setOpening(true);
    try {
      const record = await catalogApi(catalogByKey(readingFactor(factor).key)).get(reading.id);
      setEditing({ factor, record });
    } catch (err) {
      Modal.error({ title: errorMessage(err) });
    } finally {
      setOpening(false);
    }
  };

  // Narrow, fixed columns for what is short; the place and the values share the rest (an office screen, 1366 px).
  const columns: ColumnsType<Reading> = [
    { title: t('fields.verdict'), key: 'verdict', width: 150, render: (_v, r) => <VerdictTag verdict={r.verdict} /> },
    {
      title: t('pages.report.sample'),
      key: 'code',
      width: 190,
      render: (_v, r) => (
        <>
          <Typography.Text strong>{t(`readingFactors.${r.factor}`)}</Typography.Text>
          <br />
          {r.code}
        </>
      ),
    },
    { title: t('fields.position'), dataIndex: 'position', key: 'position' },
    { title: t('pages.report.values'), key: 'values', render: (_v, r) => <ReadingValues reading={r} /> },
    {
      title: t('pages.report.limit'),
      key: 'limit',
      width: 200,
      render: (_v, r) => (
        <>
          {r.limitText}
          <br />
          <Typography.Text type="secondary">{r.regulation}</Typography.Text>
        </>
      ),
    },
    ...(editable
      ? [
          {
            title: t('pages.report.actions'),
            key: 'actions',
            width: 96,
            render: (_v: unknown, r: Reading) => (
              <ReadingActions
                reading={r}
                editable={editable}
                onEdit={() => void openReading(r)}
                onDeleted={() => void refresh()}
              />
            ),
          },
        ]
      : []),
  ];

  const field = (name: string) => ({ key: name, label: text.label(name), children: text.display(name, report) });
  const dialog = editing && (
    <FormDialog
      c={catalogByKey(editing.factor === 'report' ? REPORT : readingFactor(editing.factor).key)}
      fixed={editing.factor === 'report' ? {} : fixed}
      record={editing.record}
      title={
        editing.factor === 'report'
          ? t('pages.report.editReport')
          : t(editing.record ? 'pages.report.editReading' : 'pages.report.addReading', {
              factor: t(`readingFactors.${editing.factor}`),
            })
      }
      onClose={(saved) => {
        setEditing(null);
        if (saved) void refresh();
      }}
    />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('pages.report.title', { code: report.code })}
        extra={
          <Flex gap={8}>
            {editable && (
              <Button icon={<EditOutlined />} onClick={() => setEditing({ factor: 'report', record: report })}>
                {t('pages.report.editReport')}
              </Button>
            )}
            <Button onClick={() => navigate(MONITORING_PATHS.reports)}>{t('pages.actions.back')}</Button>
          </Flex>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            field('businessId'),
            field('organizationId'),
            field('monitoredOn'),
            field('reportedOn'),
            field('exposedWorkers'),
            {
              key: 'counts',
              label: t('pages.report.counts'),
              children: t('pages.report.countsText', {
                readings: countText(readings.length),
                exceedances: countText(exceedances),
              }),
            },
            { ...field('workAreas'), span: 'filled' as const },
          ]}
        />
      </Card>

      {exceedances > 0 && (
        <Alert
          type={report.measuresStatus === 'done' ? 'success' : 'warning'}
          showIcon
          data-testid="report-measures"
          message={t(report.measuresStatus === 'done' ? 'pages.report.measuresDone' : 'pages.report.measuresOwed', {
            count: exceedances,
            date: dateText(report.measuresDueDate),
          })}
          description={
            <Descriptions
              size="small"
              column={1}
              items={[field('measures'), field('followUpOn'), field('followUpReportId')].map((i) => ({
                ...i,
                children: i.children || <Typography.Text type="secondary">{t('pages.report.notYet')}</Typography.Text>,
              }))}
            />
          }
          action={
            editable && (
              <Button onClick={() => setEditing({ factor: 'report', record: report })}>
                {t('pages.report.recordMeasures')}
              </Button>
            )
          }
        />
      )}

      <Card
        title={t('pages.report.readings')}
        extra={
          editable && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: READING_FACTORS.map((f) => ({ key: f.factor, label: t(`readingFactors.${f.factor}`) })),
                onClick: ({ key }) => setEditing({ factor: key as ReadingFactor, record: null }),
              }}
            >
              <Button type="primary" icon={<PlusOutlined />}>
                {t('pages.report.add')}
              </Button>
            </Dropdown>
          )
        }
      >
        <Table<Reading>
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          loading={data.isFetching || opening}
          dataSource={readings}
          columns={columns}
          rowClassName={(r) => (r.verdict === 'exceeds' ? 'monitoring-exceeds' : '')}
          pagination={readings.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(editable ? 'pages.report.emptyEditable' : 'pages.report.empty')}
              />
            ),
          }}
          data-testid="report-readings"
        />
      </Card>
      {dialog}
    </Space>
  );
}
