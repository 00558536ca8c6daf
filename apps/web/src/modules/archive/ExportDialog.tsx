import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, List, Modal, Progress, Radio, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@portal/domain/format';
import { toast } from '../../app/toast.ts';
import { YearSelect } from '../../app/components/YearSelect.tsx';
import { ReferenceSelect } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { displayNumber } from '../../platform/format.ts';
import { archiveApi, archiveKeys, inProgress, saveFile, type ExportRun } from './api.ts';

/** Bytes as people read a file's size. */
const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes >= 1024 * 1024
      ? `${displayNumber(bytes / 1024 / 1024, { maxDecimals: 1 })} MB`
      : `${displayNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A run's state in words, with its progress bar while it is made. */
function RunState({ run }: { run: ExportRun }) {
  const { t } = useTranslation('archive');
  if (run.status === 'failed')
    return <Alert type="error" showIcon title={t('page.exportFailed', { message: run.error?.message ?? '' })} />;
  if (run.status === 'done')
    return (
      <Typography.Text type="success">
        {t('page.exportDone', { total: run.total, size: sizeText(run.byteSize) })}
      </Typography.Text>
    );
  return (
    <div aria-live="polite">
      <Typography.Text>
        {run.status === 'queued'
          ? t('page.exportQueued')
          : t('page.exportRunning', { done: run.done, total: run.total })}
      </Typography.Text>
      <Progress percent={run.total ? Math.floor((run.done / run.total) * 100) : 0} status="active" />
    </div>
  );
}

function DownloadButton({ run, primary }: { run: ExportRun; primary?: boolean }) {
  const { t } = useTranslation('archive');
  const download = useMutation({
    mutationFn: () => archiveApi.download(run.id),
    onSuccess: (file) => saveFile(file.blob, file.fileName ?? run.fileName ?? 'ho-so-luu-tru.zip'),
    onError: (err) => toast.error(errorText(err)),
  });
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size={primary ? 'middle' : 'small'}
      icon={<DownloadOutlined />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid={primary ? 'archive-download' : undefined}
    >
      {t('page.download')}
    </Button>
  );
}

/**
 * The export of archived records as a ZIP (their PDFs and the manifest): by an index file and a year (the list's
 * filters, when set) or the records chosen in the list; made in the background, its progress followed here, then
 * downloaded. The user's recent exports stay downloadable below.
 */
export function ExportDialog({
  open,
  onClose,
  selected,
  indexFileId,
  year,
}: {
  open: boolean;
  onClose: () => void;
  selected: readonly string[];
  indexFileId: string;
  year: string;
}) {
  const { t } = useTranslation('archive');
  const client = useQueryClient();
  const [mode, setMode] = useState<'file' | 'selection'>(selected.length ? 'selection' : 'file');
  const [file, setFile] = useState<string | null>(indexFileId || null);
  const [chosenYear, setChosenYear] = useState<number | undefined>(year ? Number(year) : undefined);
  const [runId, setRunId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useQuery({
    queryKey: archiveKeys.run(runId ?? ''),
    queryFn: ({ signal }) => archiveApi.run(runId!, signal),
    enabled: open && !!runId,
    // Followed while it is made (about once a second), then left alone.
    refetchInterval: (query) => (inProgress(query.state.data) ? 1000 : false),
  });
  const recent = useQuery({
    queryKey: archiveKeys.exports,
    queryFn: ({ signal }) => archiveApi.exports(signal),
    enabled: open,
  });
  const start = useMutation({
    mutationFn: () =>
      archiveApi.startExport(mode === 'selection' ? { ids: [...selected] } : { indexFileId: file!, year: chosenYear! }),
    onSuccess: async (started) => {
      setRunId(started.id);
      client.setQueryData(archiveKeys.run(started.id), started);
      await client.invalidateQueries({ queryKey: archiveKeys.exports });
    },
    onError: (err) => setProblem(errorText(err)),
  });

  const current = run.data;
  const busy = start.isPending || inProgress(current);
  const submit = () => {
    setProblem(null);
    if (mode === 'file' && !file) return setProblem(t('page.chooseIndexFile'));
    if (mode === 'file' && !chosenYear) return setProblem(t('page.chooseYear'));
    start.mutate();
  };
  const others = (recent.data?.items ?? []).filter((r) => r.id !== runId);

  return (
    <Modal
      open={open}
      title={t('page.exportTitle')}
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('page.close')}</Button>
          {current?.status === 'done' ? (
            <DownloadButton run={current} primary />
          ) : (
            <Button type="primary" loading={busy} onClick={submit} data-testid="archive-export-start">
              {t('page.exportStart')}
            </Button>
          )}
        </Flex>
      }
      destroyOnHidden
      width={640}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('page.exportHint')}
        </Typography.Paragraph>
        <div>
          <Typography.Text strong>{t('page.exportBy')}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as 'file' | 'selection')}
            disabled={busy}
            style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 4 }}
            options={[
              { value: 'file', label: t('page.exportByFile') },
              {
                value: 'selection',
                label: t('page.exportBySelection', { count: selected.length }),
                disabled: !selected.length,
              },
            ]}
          />
        </div>
        {mode === 'file' && (
          <Flex gap={8} wrap>
            <div style={{ width: 360 }}>
              <ReferenceSelect
                target={catalogByKey('indexFile')}
                placeholder={t('fields.indexFile')}
                value={file}
                onChange={(v) => setFile(v)}
                disabled={busy}
              />
            </div>
            <YearSelect
              value={chosenYear}
              onChange={(v?: number) => setChosenYear(v)}
              placeholder={t('fields.year')}
              disabled={busy}
            />
          </Flex>
        )}
        {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        {current && <RunState run={current} />}
        <div>
          <Typography.Text strong>{t('page.recent')}</Typography.Text>
          <List
            size="small"
            loading={recent.isLoading}
            locale={{ emptyText: t('page.recentEmpty') }}
            dataSource={others}
            renderItem={(r) => (
              <List.Item extra={r.status === 'done' ? <DownloadButton run={r} /> : null}>
                <List.Item.Meta
                  title={r.label}
                  description={
                    r.status === 'done'
                      ? `${formatDateTime(r.finishedAt ?? r.requestedAt)} · ${sizeText(r.byteSize)}`
                      : r.status === 'failed'
                        ? t('page.exportFailed', { message: r.error?.message ?? '' })
                        : t('page.exportRunning', { done: r.done, total: r.total })
                  }
                />
              </List.Item>
            )}
          />
        </div>
      </Flex>
    </Modal>
  );
}
