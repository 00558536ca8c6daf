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
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, FilePdfOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { areaText, type ResolvedPage } from '@portal/domain/catalog/index';
import { SPECIALIZE_FIGURES, STATISTICS_PATHS, type SpecializeFigure } from '@portal/domain/accidents/statistics/index';
import { can, useAccess } from '../../../app/access.ts';
import { saveFile } from '../../../catalog/api.ts';
import { RecordForm } from '../../../catalog/FormPage.tsx';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { catalogByKey } from '../../../catalog/registry.ts';
import { useCatalogText } from '../../../catalog/text.ts';
import { statisticsApi, type Line } from './api.ts';
import { figureCell } from './ui.tsx';
import { displayNumber } from '../../../platform/format.ts';

const REPORT = 'accidentSpecializeReport';
type Edits = Record<string, Partial<Record<SpecializeFigure, number>>>;

/**
 * `/an-toan-ve-sinh-lao-dong/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh/chinh-sua/{id}`: a specialised summary
 * report — its header, and its figures for every facility-type title, grouped by classification with subtotals —
 * entered here or imported from a file (all titles, or one classification's), and printed as a PDF.
 */
export default function SpecializeReportPage() {
  const { t } = useTranslation('accidents', { keyPrefix: 'statistics' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const access = useAccess();
  const editable = can(access, 'update', 'AccidentSpecializeReport');
  const importable = can(access, 'import', 'AccidentSpecializeReport');
  const c = catalogByKey(REPORT);
  const text = useCatalogText(c);
  const page = useMemo<ResolvedPage>(
    () => ({
      id: c.key,
      catalogKey: c.key,
      view: null,
      fixed: {},
      titleKey: areaText(c.declaration, 'title'),
      routes: {
        list: STATISTICS_PATHS.specializeList,
        create: null,
        edit: null,
        detail: null,
        import: null,
        aliases: {},
      },
    }),
    [c],
  );
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [editingHeader, setEditingHeader] = useState(false);
  const queryKey = ['accidentStatistics', 'specialize', id];
  const data = useQuery({ queryKey, queryFn: ({ signal }) => statisticsApi.lines(id, signal) });

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
  const { report, lines } = data.data;
  const value = (l: Line, k: SpecializeFigure) => edits[l.titleId]?.[k] ?? l[k];
  const groups = [...new Map(lines.map((l) => [l.facilityTypeId, l])).values()];
  const base = STATISTICS_PATHS.specializeBase;

  const save = async () => {
    setSaving(true);
    try {
      const body = Object.entries(edits).map(([titleId, e]) => {
        const l = lines.find((x) => x.titleId === titleId)!;
        return { titleId, ...Object.fromEntries(SPECIALIZE_FIGURES.map((k) => [k, e[k] ?? l[k]])) };
      });
      const answer = await statisticsApi.saveLines(id, body);
      queryClient.setQueryData(queryKey, answer);
      setEdits({});
      void message.success(t('page.saved'));
    } catch (err) {
      Modal.error({ title: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Line> = [
    {
      title: t('page.title'),
      key: 'title',
      fixed: 'left',
      width: 240,
      render: (_, l) => `${l.titleCode} – ${l.titleName}`,
    },
    ...SPECIALIZE_FIGURES.map((k) => ({
      title: <span title={t(`figures.${k}`)}>{t(`figuresShort.${k}`)}</span>,
      key: k,
      width: k === 'totalCost' || k === 'propertyDamage' ? 140 : 96,
      align: 'right' as const,
      render: (_: unknown, l: Line) =>
        editable ? (
          <InputNumber<number>
            size="small"
            min={0}
            value={value(l, k)}
            formatter={(n) => (n === undefined ? '' : displayNumber(Number(n)))}
            parser={(s) => Number((s ?? '').replace(/\D/g, '')) || 0}
            onChange={(v) =>
              setEdits((all) => ({ ...all, [l.titleId]: { ...all[l.titleId], [k]: Math.max(0, Math.round(v ?? 0)) } }))
            }
            style={{ width: '100%' }}
            aria-label={`${t(`figures.${k}`)} — ${l.titleName}`}
            data-testid={`line-${l.titleCode}-${k}`}
          />
        ) : (
          figureCell(k, value(l, k))
        ),
    })),
  ];
  const total = (its: Line[], k: SpecializeFigure) => its.reduce((n, l) => n + value(l, k), 0);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${t('page.specialize')} ${String(report.code ?? '')}`}
        extra={
          <Flex gap={8} wrap>
            {editable && (
              <Button icon={<EditOutlined />} onClick={() => setEditingHeader(true)}>
                {t('page.header')}
              </Button>
            )}
            <Button
              icon={<FilePdfOutlined />}
              onClick={() =>
                void statisticsApi
                  .specializePdf(id)
                  .then((f) => saveFile(f, 'bao-cao-chuyen-nganh.pdf'))
                  .catch((err: unknown) => Modal.error({ title: errorMessage(err) }))
              }
            >
              {t('page.pdf')}
            </Button>
            <Button onClick={() => navigate(STATISTICS_PATHS.specializeList)}>{text.t('catalog:actions.back')}</Button>
          </Flex>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={['name', 'typeId', 'year', 'period', 'reportedOn', 'source', 'note'].map((name) => ({
            key: name,
            label: text.label(name),
            children: name === 'year' ? String(report.year ?? '') : text.display(name, report),
          }))}
        />
      </Card>
      <Card
        title={t('page.lines')}
        extra={
          <Flex gap={8} wrap>
            {importable && (
              <Button icon={<UploadOutlined />} onClick={() => navigate(`${base}/them-tu-tep/${id}`)}>
                {t('page.importLines')}
              </Button>
            )}
            {editable && (
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!Object.keys(edits).length}
                loading={saving}
                onClick={() => void save()}
                data-testid="save-lines"
              >
                {t('page.saveLines')}
              </Button>
            )}
          </Flex>
        }
      >
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {groups.map((g) => {
            const its = lines.filter((l) => l.facilityTypeId === g.facilityTypeId);
            return (
              <div key={g.facilityTypeId}>
                <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {g.facilityTypeName}
                  </Typography.Title>
                  {importable && (
                    <Button size="small" onClick={() => navigate(`${base}/them-tu-tep/${id}/${g.facilityTypeId}`)}>
                      {t('page.importType')}
                    </Button>
                  )}
                </Flex>
                <Table<Line>
                  rowKey="titleId"
                  size="small"
                  dataSource={its}
                  columns={columns}
                  pagination={false}
                  scroll={{ x: 240 + 6 * 96 + 2 * 140 }}
                  summary={() => (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <Typography.Text strong>{t('page.subtotal', { name: g.facilityTypeName })}</Typography.Text>
                      </Table.Summary.Cell>
                      {SPECIALIZE_FIGURES.map((k, i) => (
                        <Table.Summary.Cell key={k} index={i + 1} align="right">
                          <Typography.Text strong>{figureCell(k, total(its, k))}</Typography.Text>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  )}
                />
              </div>
            );
          })}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 4 }}
            title={t('page.total')}
            items={SPECIALIZE_FIGURES.map((k) => ({
              key: k,
              label: t(`figures.${k}`),
              children: figureCell(k, total(lines, k)),
            }))}
          />
        </Space>
      </Card>
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
            c={c}
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
    </Space>
  );
}
