import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Progress,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleOutlined, CloseCircleOutlined, InboxOutlined } from '@ant-design/icons';
import { formatTime } from '@portal/domain/format';
import { mapHeaders, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/index';
import { ensureAllLanguages, i18n } from '../app/i18n.ts';
import { toast } from '../app/toast.ts';
import { catalogApi, importRun, type ImportedRow, type ImportRun } from './api.ts';
import type { WorkerCell, WorkerResult } from './import-worker.ts';
import { ExcelActions, errorMessage } from './ListPage.tsx';
import { pageById } from './registry.ts';
import { useCatalogText } from './text.ts';
import { useConfirm } from '../platform/dialogs/index.tsx';

/** Rows per check request: large files are checked in slices so the page can show progress. */
const CHUNK = 5000;
/** How often a background save is asked how far it is. */
const POLL_MS = 1000;
/** Polls that may fail in a row (a network blip, a restarting server) before the page gives up on the run. */
const POLL_TRIES = 5;

/** A background save that ended in failure: its message is the server's, shown as it is. */
class RunFailed extends Error {}

type Stage =
  | { name: 'idle' }
  | { name: 'reading' }
  | { name: 'checking'; done: number; total: number }
  | { name: 'checked'; fileName: string; unknown: string[] }
  | { name: 'saving'; run?: Pick<ImportRun, 'status' | 'stage' | 'done' | 'total' | 'interrupted' | 'resumesAt'> }
  | { name: 'saved'; created: number; updated: number };

interface ResultRow extends ImportedRow {
  rowNumber: number;
}

function parseInWorker(file: Blob): Promise<WorkerCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerResult>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.rows);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ file });
  });
}

/**
 * Import from a spreadsheet: the file is read in the browser (a web worker), its Vietnamese (or English)
 * headers mapped to the area's fields, the rows checked by the server (dry run, in slices with progress) and
 * shown in two tabs, valid and invalid, each invalid cell with its error. Only an HTTP 200 answer is read as a
 * result. Confirming stores the valid rows in one request (one transaction on the server); a large save answers
 * 202 with a run, which the page follows every second with a progress bar until it is stored or has failed.
 * A domain whose file spans several areas draws it for a declaration of the file's own (monitoring's whole file).
 */
export function ImportView({ c, page }: { c: ResolvedCatalog; page: ResolvedPage }) {
  const d = c.declaration;
  const text = useCatalogText(c, page);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const api = useMemo(() => catalogApi(c), [c]);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [rows, setRows] = useState<ResultRow[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // Polling stops when the page goes away.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const presets = Object.fromEntries(Object.entries(page.fixed).filter(([k]) => d.importPresets?.includes(k)));
  const columns = c.excel.filter((name) => !(name in page.fixed));
  const valid = rows.filter((r) => r.isSuccess);
  const invalid = rows.filter((r) => !r.isSuccess);

  const check = async (file: File) => {
    setFailure(null);
    setRows([]);
    if (!/\.xlsx$/i.test(file.name)) {
      setFailure(text.t('catalog:import.notXlsx'));
      return;
    }
    setStage({ name: 'reading' });
    let sheet: WorkerCell[][];
    try {
      sheet = await parseInWorker(file);
    } catch (err) {
      setStage({ name: 'idle' });
      setFailure(text.t('catalog:import.readFailed', { message: errorMessage(err) }));
      return;
    }
    const [header = [], ...body] = sheet;
    // A sheet's headers may be in either language, whichever the interface shows.
    await ensureAllLanguages();
    const translators = (['vi', 'en'] as const).map((lng) => {
      const fixed = i18n.getFixedT(lng);
      return (key: string) => fixed(key);
    });
    const fields = mapHeaders(d, header, translators);
    if (!fields.some(Boolean)) {
      setStage({ name: 'idle' });
      setFailure(text.t('catalog:import.noColumns'));
      return;
    }
    const unknown = header.filter((h, i) => h != null && String(h).trim() !== '' && !fields[i]).map(String);
    const records = body
      .map((cells, i) => ({ cells, rowNumber: i + 2 }))
      .filter(({ cells }) => cells.some((v) => v !== null && String(v).trim() !== ''))
      .map(({ cells, rowNumber }) => {
        const record: Record<string, unknown> = { rowNumber };
        fields.forEach((name, i) => {
          if (name) record[name] = cells[i] ?? null;
        });
        return record;
      });
    if (!records.length) {
      setStage({ name: 'idle' });
      setFailure(text.t('catalog:import.noRows'));
      return;
    }
    const results: ResultRow[] = [];
    setStage({ name: 'checking', done: 0, total: records.length });
    try {
      for (let at = 0; at < records.length; at += CHUNK) {
        const slice = records.slice(at, at + CHUNK);
        const answer = await api.importRows(slice, { dryRun: true, presets });
        // A check is always answered at once; only a save may go to the background.
        const data = 'data' in answer ? answer.data : [];
        data.forEach((r, i) => results.push({ ...r, rowNumber: slice[i]!.rowNumber as number }));
        setStage({ name: 'checking', done: Math.min(at + CHUNK, records.length), total: records.length });
      }
    } catch (err) {
      // Only an HTTP 200 answer splits the rows; anything else is the server's error, shown as it is.
      setStage({ name: 'idle' });
      setFailure(text.t('catalog:import.failed', { message: errorMessage(err) }));
      return;
    }
    setRows(results);
    setStage({ name: 'checked', fileName: file.name, unknown });
  };

  const saved = async (data: ImportedRow[]) => {
    const stored = data.map((r, i) => ({ ...r, rowNumber: valid[i]!.rowNumber }));
    setRows([...stored, ...invalid].sort((a, b) => a.rowNumber - b.rowNumber));
    const created = stored.filter((r) => r.action === 'create').length;
    const updated = stored.filter((r) => r.action === 'update').length;
    setStage({ name: 'saved', created, updated });
    toast.success(text.t('catalog:messages.imported', { created, updated }));
    await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
  };

  const failed = (err: unknown) => {
    setStage({ name: 'checked', fileName: '', unknown: [] });
    setFailure(
      err instanceof RunFailed
        ? text.t('catalog:import.runFailed', { message: err.message })
        : text.t('catalog:import.failed', { message: errorMessage(err) }),
    );
  };

  const follow = async (runId: string) => {
    let misses = 0;
    try {
      while (alive.current) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        let run: ImportRun;
        try {
          run = await importRun(runId);
          misses = 0;
        } catch (err) {
          if (++misses >= POLL_TRIES) throw err;
          continue;
        }
        if (!alive.current) return;
        if (run.status === 'done') return await saved(run.data ?? []);
        if (run.status === 'failed') throw new RunFailed(run.error?.message ?? '');
        setStage({ name: 'saving', run });
      }
    } catch (err) {
      if (alive.current) failed(err);
    }
  };

  const save = () => {
    void confirm({
      title: text.t('catalog:import.confirmTitle'),
      content: text.t('catalog:import.confirmText', { count: valid.length, invalid: invalid.length }),
      okText: text.t('catalog:actions.save'),
      cancelText: text.t('catalog:actions.cancel'),
      onOk: async () => {
        setStage({ name: 'saving' });
        try {
          const sent = valid.map(({ isSuccess: _s, errors: _e, action: _a, id: _i, ...row }) => row);
          const answer = await api.importRows(sent, { dryRun: false, presets });
          // A background save: the dialog closes, the page follows the run with its progress bar.
          if ('runId' in answer) void follow(answer.runId);
          else await saved(answer.data);
        } catch (err) {
          failed(err);
        }
      },
    });
  };

  const cellColumns: ColumnsType<ResultRow> = columns.map((name) => ({
    title: text.label(name),
    dataIndex: name,
    key: name,
    ellipsis: true,
    render: (value: unknown, row) => {
      const errors = row.errors.filter((e) => e.field === name);
      // A write-only value (an initial password) is not shown back, only that one was given.
      const shown =
        value == null || value === '' ? '' : c.declaration.fields[name]?.writeOnly ? '••••••' : String(value);
      return errors.length ? (
        <Tooltip title={errors.map((e) => e.message).join('; ')}>
          <Typography.Text type="danger" underline>
            {shown || '—'}
          </Typography.Text>
        </Tooltip>
      ) : (
        shown
      );
    },
  }));
  const rowColumn = {
    title: text.t('catalog:import.row'),
    dataIndex: 'rowNumber',
    key: 'rowNumber',
    width: 72,
    fixed: 'left' as const,
  };
  const validColumns: ColumnsType<ResultRow> = [
    rowColumn,
    {
      title: text.t('catalog:import.action'),
      key: 'action',
      width: 120,
      render: (_v, row) =>
        row.action === 'update' ? (
          <Tag color="blue">{text.t('catalog:import.actionUpdate')}</Tag>
        ) : (
          <Tag color="green">{text.t('catalog:import.actionCreate')}</Tag>
        ),
    },
    ...cellColumns,
  ];
  const invalidColumns: ColumnsType<ResultRow> = [
    rowColumn,
    {
      title: text.t('catalog:import.errors'),
      key: 'errors',
      width: 90,
      align: 'center',
      render: (_v, row) => (
        <Tooltip
          title={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {row.errors.map((e, i) => (
                <li key={i}>{e.field ? `${text.label(e.field)}: ${e.message}` : e.message}</li>
              ))}
            </ul>
          }
        >
          <Badge count={row.errors.length} color="red">
            <CloseCircleOutlined
              style={{ color: '#cf1322', fontSize: 18 }}
              aria-label={row.errors.map((e) => e.message).join('; ')}
            />
          </Badge>
        </Tooltip>
      ),
    },
    ...cellColumns,
  ];

  const busy = stage.name === 'reading' || stage.name === 'checking' || stage.name === 'saving';
  return (
    <Card
      title={text.t('catalog:import.title', { noun: text.noun })}
      extra={
        <Flex gap={8}>
          <ExcelActions c={c} page={page} api={api} text={text} exportQuery={null} importButton={false} />
          <Button onClick={() => navigate(page.routes.list)}>{text.t('catalog:actions.back')}</Button>
        </Flex>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {failure && <Alert type="error" showIcon message={failure} closable onClose={() => setFailure(null)} />}
        {(stage.name === 'idle' || stage.name === 'reading' || stage.name === 'checking') && (
          <Spin
            spinning={busy}
            tip={stage.name === 'reading' ? text.t('catalog:import.reading') : text.t('catalog:import.checking')}
          >
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => {
                void check(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{text.t('catalog:import.choose')}</p>
              <p className="ant-upload-hint">{text.t('catalog:import.step1')}</p>
            </Upload.Dragger>
          </Spin>
        )}
        {stage.name === 'checking' && (
          <Progress
            percent={Math.round((stage.done / stage.total) * 100)}
            format={() => text.t('catalog:import.progress', { done: stage.done, total: stage.total })}
          />
        )}
        {stage.name === 'saving' && stage.run && (
          <>
            <Alert type="info" showIcon message={text.t('catalog:import.backgroundHint')} />
            <Progress
              percent={Math.round((stage.run.done / Math.max(stage.run.total, 1)) * 100)}
              status="active"
              format={() =>
                stage.run!.interrupted && stage.run!.resumesAt
                  ? text.t('catalog:import.interrupted', {
                      time: formatTime(stage.run!.resumesAt),
                    })
                  : stage.run!.status === 'queued' || !stage.run!.stage
                    ? text.t('catalog:import.queued')
                    : text.t(
                        stage.run!.stage === 'saving'
                          ? 'catalog:import.backgroundSaving'
                          : 'catalog:import.backgroundChecking',
                        { done: stage.run!.done, total: stage.run!.total },
                      )
              }
            />
          </>
        )}
        {stage.name === 'checked' && stage.unknown.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={text.t('catalog:import.unknownColumns', { columns: stage.unknown.join(', ') })}
          />
        )}
        {stage.name === 'saved' && (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleOutlined />}
            message={text.t('catalog:messages.imported', { created: stage.created, updated: stage.updated })}
          />
        )}
        {rows.length > 0 && (
          <>
            <Flex gap={8} justify="flex-end">
              <Button
                onClick={() => {
                  setRows([]);
                  setStage({ name: 'idle' });
                }}
                disabled={stage.name === 'saving'}
              >
                {text.t('catalog:import.chooseAnother')}
              </Button>
              {stage.name === 'saved' ? (
                <Button type="primary" onClick={() => navigate(page.routes.list)}>
                  {text.t('catalog:import.done')}
                </Button>
              ) : (
                <Button type="primary" disabled={!valid.length} loading={stage.name === 'saving'} onClick={save}>
                  {text.t('catalog:import.confirm', { count: valid.length })}
                </Button>
              )}
            </Flex>
            <Tabs
              defaultActiveKey={invalid.length && !valid.length ? 'invalid' : 'valid'}
              items={[
                {
                  key: 'valid',
                  label: text.t('catalog:import.valid', { count: valid.length }),
                  children: (
                    <Table<ResultRow>
                      rowKey="rowNumber"
                      size="small"
                      dataSource={valid}
                      columns={validColumns}
                      scroll={{ x: 'max-content' }}
                      pagination={{ pageSize: 20, showSizeChanger: false }}
                    />
                  ),
                },
                {
                  key: 'invalid',
                  label: text.t('catalog:import.invalid', { count: invalid.length }),
                  children: (
                    <Table<ResultRow>
                      rowKey="rowNumber"
                      size="small"
                      dataSource={invalid}
                      columns={invalidColumns}
                      scroll={{ x: 'max-content' }}
                      pagination={{ pageSize: 20, showSizeChanger: false }}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}

function ImportPage({ pageId }: { pageId: string }) {
  const { catalog, page } = pageById(pageId);
  return <ImportView c={catalog} page={page} />;
}

export function bind(pageId: string) {
  const Bound = () => <ImportPage pageId={pageId} />;
  Bound.displayName = `CatalogImport(${pageId})`;
  return Bound;
}
