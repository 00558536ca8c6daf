import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  InputNumber,
  Modal,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  DownloadOutlined,
  EditOutlined,
  FilePdfOutlined,
  ReloadOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { areaText, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/index';
import {
  emptyFigures,
  STATISTICS_PATHS,
  type StatisticsFigures,
  type StatisticsStatus,
} from '@portal/domain/accidents/statistics/index';
import { saveFile } from '../../../catalog/api.ts';
import { RecordForm } from '../../../catalog/FormPage.tsx';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { useCatalogText } from '../../../catalog/text.ts';
import { statisticsApi, type FigureRow, type Losses, type ReportView, type Victim } from './api.ts';
import { figureCell, money, STATUS_COLOR, SUMMARY_COLUMNS } from './ui.tsx';
import { confirmAction, ReasonDialog } from '../../../platform/dialogs/index.tsx';
import { displayNumber } from '../../../platform/format.ts';

const REPORT = 'accidentStatistical';

function headerPage(c: ResolvedCatalog): ResolvedPage {
  return {
    id: c.key,
    catalogKey: c.key,
    view: null,
    fixed: {},
    titleKey: areaText(c.declaration, 'title'),
    routes: { list: STATISTICS_PATHS.list, create: null, edit: null, detail: null, import: null, aliases: {} },
  };
}

interface TableLine extends StatisticsFigures {
  key: string;
  label: string;
  strong?: boolean;
}

/** Appendix XII as a table: section 1 and its breakdowns (1.1 cause, 1.2 injury factor, 1.3 occupation), 2 and 3. */
function figureLines(rows: FigureRow[], t: (k: string) => string): TableLine[] {
  const total = (section: number) =>
    rows.find((r) => r.section === section && r.dimension === 'total') ?? emptyFigures();
  const one = total(1);
  const two = total(2);
  const three = Object.fromEntries(
    Object.keys(one).map((k) => [k, one[k as keyof StatisticsFigures] + two[k as keyof StatisticsFigures]]),
  ) as unknown as StatisticsFigures;
  const lines: TableLine[] = [{ key: 's1', label: t('sections.1'), strong: true, ...one }];
  for (const dimension of ['cause', 'factor', 'occupation'] as const) {
    const its = rows.filter((r) => r.section === 1 && r.dimension === dimension);
    lines.push({ key: `h-${dimension}`, label: t(`dimensions.${dimension}`), strong: true, ...emptyFigures() });
    for (const r of its)
      lines.push({
        key: `${dimension}-${r.keyId ?? 'none'}`,
        label: `${r.keyCode ? `${r.keyCode} – ` : ''}${r.keyName ?? t('page.unspecified')}`,
        ...r,
      });
  }
  lines.push({ key: 's2', label: t('sections.2'), strong: true, ...two });
  lines.push({ key: 's3', label: t('sections.3'), strong: true, ...three });
  return lines;
}

/**
 * `/an-toan-ve-sinh-lao-dong/thong-ke-tai-nan-lao-dong-co-quan/chinh-sua/{id}`: an employer's accident statistics
 * report of a period (Appendix XII) — its header, the victims copied from its declarations with the losses it
 * completes, the figures by section and breakdown computed on the server — submitted to the department, which may
 * return it with a reason. A submitted report is read-only.
 */
export default function StatisticsReportPage() {
  const { t } = useTranslation('accidents', { keyPrefix: 'statistics' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reportCatalog = catalogByKey(REPORT);
  const text = useCatalogText(reportCatalog);
  const page = useMemo(() => headerPage(reportCatalog), [reportCatalog]);
  const [editingHeader, setEditingHeader] = useState(false);
  const [losses, setLosses] = useState<Record<string, Losses>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [returning, setReturning] = useState(false);
  const queryKey = ['accidentStatistics', 'report', id];
  const data = useQuery({ queryKey, queryFn: ({ signal }) => statisticsApi.report(id, signal) });

  const apply = (view: ReportView) => {
    queryClient.setQueryData(queryKey, view);
    void queryClient.invalidateQueries({ queryKey: ['catalog', REPORT] });
  };
  const run = async (name: string, fn: () => Promise<ReportView | void>, done?: string) => {
    setBusy(name);
    try {
      const view = await fn();
      if (view) apply(view);
      if (done) void message.success(done);
      return true;
    } catch (err) {
      Modal.error({ title: errorMessage(err) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (data.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (data.isError || !data.data)
    return (
      <Card>
        <Alert type="error" showIcon message={errorMessage(data.error)} />
      </Card>
    );
  const { report, victims, rows, actions } = data.data;
  const editable = actions.includes('edit');
  const status = report.status as StatisticsStatus;
  const current = (v: Victim): Losses =>
    losses[v.id] ?? {
      id: v.id,
      daysOff: v.daysOff,
      medicalCost: v.medicalCost,
      wageCost: v.wageCost,
      compensationCost: v.compensationCost,
    };
  const dirty = Object.keys(losses).length > 0;
  const setLoss = (v: Victim, key: keyof Omit<Losses, 'id'>, value: number | null) =>
    setLosses((all) => ({ ...all, [v.id]: { ...current(v), [key]: Math.max(0, Math.round(value ?? 0)) } }));
  const lossInput = (key: keyof Omit<Losses, 'id'>, width: number) => ({
    title: t(`injuryFile.fields.${key}`),
    key,
    width,
    align: 'right' as const,
    render: (_: unknown, v: Victim) =>
      editable ? (
        <InputNumber<number>
          size="small"
          min={0}
          step={key === 'daysOff' ? 1 : 100_000}
          value={current(v)[key]}
          onChange={(value) => setLoss(v, key, value)}
          formatter={(n) => (n === undefined ? '' : displayNumber(Number(n)))}
          parser={(s) => Number((s ?? '').replace(/\D/g, '')) || 0}
          style={{ width: '100%' }}
          aria-label={`${t(`injuryFile.fields.${key}`)} — ${v.fullName}`}
          data-testid={`loss-${key}`}
        />
      ) : key === 'daysOff' ? (
        current(v)[key]
      ) : (
        money(current(v)[key])
      ),
  });
  const victimColumns: ColumnsType<Victim> = [
    {
      title: t('injuryFile.fields.fullName'),
      key: 'name',
      width: 190,
      render: (_, v) => (
        <>
          <Typography.Text strong>{v.fullName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {v.accidentCode} · {v.occurredOn.split('-').reverse().join('/')}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('injuryFile.fields.severity'),
      key: 'severity',
      width: 150,
      render: (_, v) => (
        <>
          {t(`severities.${v.severity}`)}
          {v.allowanceCase && <Tag style={{ marginInlineStart: 4 }}>{t('page.allowanceTag')}</Tag>}
          {!v.underManagement && (
            <>
              <br />
              <Typography.Text type="secondary">{t('figures.outsideVictims')}</Typography.Text>
            </>
          )}
        </>
      ),
    },
    {
      title: t('injuryFile.fields.occupation'),
      key: 'occupation',
      width: 150,
      render: (_, v) => v.occupationName ?? t('page.unspecified'),
    },
    lossInput('daysOff', 90),
    lossInput('medicalCost', 130),
    lossInput('wageCost', 130),
    lossInput('compensationCost', 130),
  ];
  const lines = figureLines(rows, t);
  // The form's main columns, fitting an office screen; every column of Appendix XII is in the PDF.
  const figureColumns: ColumnsType<TableLine> = [
    {
      title: t('page.key'),
      key: 'label',
      render: (_, l) => (l.strong ? <Typography.Text strong>{l.label}</Typography.Text> : l.label),
    },
    ...SUMMARY_COLUMNS.map((k) => ({
      title: <span title={t(`figures.${k}`)}>{t(`figuresShort.${k}`)}</span>,
      key: k,
      width: k === 'totalCost' || k === 'propertyDamage' ? 120 : 68,
      align: 'right' as const,
      render: (_: unknown, l: TableLine) => (l.key.startsWith('h-') ? '' : figureCell(k, l[k])),
    })),
  ];
  const field = (name: string) => ({
    key: name,
    label: text.label(name),
    // A year is a year, not a quantity: no thousands separator.
    children: name === 'year' ? String(report.year ?? '') : text.display(name, report),
  });
  const download = async (fn: () => ReturnType<typeof statisticsApi.pdf>, fallback: string) => {
    try {
      saveFile(await fn(), fallback);
    } catch (err) {
      Modal.error({ title: errorMessage(err) });
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            {t('page.report')} {String(report.code ?? '')}
            <Tag color={STATUS_COLOR[status]} data-testid="report-status">
              {text.display('status', report)}
            </Tag>
            {report.daysLate != null && (
              <Tag color="red" data-testid="report-late">
                {text.display('daysLate', report)}
              </Tag>
            )}
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            {editable && (
              <Button icon={<EditOutlined />} onClick={() => setEditingHeader(true)}>
                {t('page.header')}
              </Button>
            )}
            <Button
              icon={<FilePdfOutlined />}
              onClick={() => void download(() => statisticsApi.pdf(id), 'bao-cao.pdf')}
            >
              {t('page.pdf')}
            </Button>
            <Button onClick={() => navigate(STATISTICS_PATHS.list)}>{text.t('catalog:actions.back')}</Button>
          </Flex>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            field('businessId'),
            field('year'),
            field('period'),
            field('totalWorkers'),
            field('femaleWorkers'),
            field('wageFund'),
            field('dueDate'),
            field('submittedOn'),
            field('note'),
          ]}
        />
      </Card>

      {status === 'returned' && (
        <Alert
          type="warning"
          showIcon
          message={t('page.returnedBanner', { reason: String(report.returnReason ?? '') })}
        />
      )}
      {status === 'submitted' && <Alert type="info" showIcon message={t('page.readOnly')} />}

      <Card
        title={t('page.victims')}
        extra={
          <Flex gap={8} wrap>
            {actions.includes('prefill') && (
              <Button
                icon={<ReloadOutlined />}
                loading={busy === 'prefill'}
                onClick={() => void run('prefill', () => statisticsApi.prefill(id), t('page.prefilled'))}
              >
                {t('page.prefill')}
              </Button>
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download(() => statisticsApi.exportVictims(id), 'nguoi-bi-nan.xlsx')}
            >
              {t('page.exportWorkers')}
            </Button>
            {editable && (
              <Button icon={<UploadOutlined />} onClick={() => navigate(`${STATISTICS_PATHS.base}/them-tu-tep/${id}`)}>
                {t('page.importWorkers')}
              </Button>
            )}
            {editable && (
              <Button
                type="primary"
                disabled={!dirty}
                loading={busy === 'losses'}
                data-testid="save-losses"
                onClick={() =>
                  void run('losses', () => statisticsApi.saveLosses(id, Object.values(losses)), t('page.saved')).then(
                    (ok) => ok && setLosses({}),
                  )
                }
              >
                {t('page.saveLosses')}
              </Button>
            )}
          </Flex>
        }
      >
        {victims.length ? (
          <Table<Victim>
            rowKey="id"
            size="small"
            tableLayout="fixed"
            dataSource={victims}
            columns={victimColumns}
            pagination={victims.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            data-testid="report-victims"
          />
        ) : (
          <Alert type="success" showIcon message={t('page.noVictims')} data-testid="no-victims" />
        )}
      </Card>

      <Card title={t('page.figuresTitle')}>
        <Table<TableLine>
          rowKey="key"
          size="small"
          dataSource={lines}
          columns={figureColumns}
          tableLayout="fixed"
          pagination={false}
          data-testid="report-figures"
        />
      </Card>

      {(actions.includes('submit') || actions.includes('return')) && (
        <Flex gap={8} justify="end">
          {actions.includes('return') && (
            <Button danger onClick={() => setReturning(true)}>
              {t('page.return')}
            </Button>
          )}
          {actions.includes('submit') && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy === 'submit'}
              data-testid="submit-report"
              onClick={() =>
                void confirmAction({
                  title: t('page.submitConfirm'),
                  okText: t('page.submit'),
                  onOk: () =>
                    run(
                      'submit',
                      async () => {
                        if (dirty) await statisticsApi.saveLosses(id, Object.values(losses));
                        setLosses({});
                        return statisticsApi.submit(id);
                      },
                      t('page.submitted'),
                    ),
                })
              }
            >
              {t('page.submit')}
            </Button>
          )}
        </Flex>
      )}

      {editingHeader && (
        <Modal
          open
          title={t('page.header')}
          footer={null}
          width={960}
          onCancel={() => setEditingHeader(false)}
          destroyOnHidden
        >
          <RecordForm
            c={reportCatalog}
            page={page}
            record={report}
            onSaved={() => {
              setEditingHeader(false);
              void queryClient.invalidateQueries({ queryKey });
            }}
            onCancel={() => setEditingHeader(false)}
          />
        </Modal>
      )}
      <ReasonDialog
        open={returning}
        title={t('page.return')}
        label={t('page.returnReason')}
        okText={t('page.return')}
        danger
        onSubmit={async (reason) => {
          // `run` has shown why it failed; the dialog stays open to correct.
          if (!(await run('return', () => statisticsApi.giveBack(id, reason), t('page.returned'))))
            throw new Error(t('page.return'));
        }}
        onClose={() => setReturning(false)}
      />
    </Space>
  );
}
