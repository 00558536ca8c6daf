import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Flex, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { excelColumnsOf, fieldLabelKeys, normalizeHeader } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { trainingResultsFile } from '@portal/domain/workers/results-file';
import { saveFile, type ImportedRow } from '../../catalog/api.ts';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { toast } from '../../app/toast.ts';
import { trainingApi } from './api.ts';
import { courseEditPath } from './paths.ts';

/**
 * Import a course's participants from a spreadsheet (/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen/them-tu-file/
 * {id}): one row per worker of the course's employer, by citizen ID (or passport), with the result and the
 * certificate. The rows are checked by the server first; only then are the valid ones stored. The columns are the
 * results file's (packages/domain workers/results-file.ts), whose template the page offers.
 */

const COLUMNS = excelColumnsOf(trainingResultsFile);
/** A column's header: its label in the results file (the template's header). */
const labelKey = (column: string) => fieldLabelKeys(trainingResultsFile, column)[0]!;
/** Other headers a sheet kept before the template may use. */
const ALSO_KNOWN_AS: Readonly<Record<string, readonly string[]>> = {
  citizenId: ['workers:areas.worker.fields.citizenId', 'workers:areas.worker.fields.passportNumber'],
};

/** Header text (either language, accents and case ignored) → column. */
const headerMap = new Map<string, string>();
for (const column of COLUMNS) {
  headerMap.set(normalizeHeader(column), column);
  for (const key of [labelKey(column), ...(ALSO_KNOWN_AS[column] ?? [])])
    for (const lang of ['vi', 'en'] as const) headerMap.set(normalizeHeader(translate(lang, key)), column);
}

const pad = (n: number) => String(n).padStart(2, '0');

async function readRows(file: File): Promise<Record<string, unknown>[]> {
  const { readSheet } = await import('read-excel-file/browser');
  const [header = [], ...body] = await readSheet(file);
  const columns = header.map((h) => (h == null ? null : (headerMap.get(normalizeHeader(String(h))) ?? null)));
  return body
    .map((cells, i) => ({ cells, rowNumber: i + 2 }))
    .filter(({ cells }) => cells.some((v) => v !== null && String(v).trim() !== ''))
    .map(({ cells, rowNumber }) => {
      const row: Record<string, unknown> = { rowNumber };
      columns.forEach((name, i) => {
        const v = cells[i];
        if (name)
          row[name] =
            v instanceof Date
              ? `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`
              : (v ?? null);
      });
      return row;
    });
}

export default function ParticipantsImportPage() {
  const { t } = useTranslation('workers');
  const { id = '' } = useParams();
  const [rows, setRows] = useState<(ImportedRow & { rowNumber: number })[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = rows?.filter((r) => r.isSuccess) ?? [];

  const check = async (file: File) => {
    setBusy(true);
    setFailure(null);
    try {
      const read = await readRows(file);
      if (!read.length) throw new Error(t('web.import.noRows'));
      const answer = await trainingApi.importRows(id, read, true);
      setRows(answer.data.map((r, i) => ({ ...r, rowNumber: read[i]!.rowNumber as number })));
    } catch (err) {
      setRows(null);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
    return false;
  };
  const save = async () => {
    setBusy(true);
    try {
      const sent = valid.map(({ isSuccess: _s, errors: _e, action: _a, id: _i, ...row }) => row);
      const answer = await trainingApi.importRows(id, sent, false);
      const created = answer.data.filter((r) => r.action === 'create').length;
      toast.success(t('web.import.saved', { created, updated: answer.data.length - created }));
      setRows(null);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const downloadTemplate = async () => {
    try {
      saveFile(await trainingApi.template(), `${t('resultsFile.title')}.xlsx`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Card
      title={t('web.import.title')}
      style={{ maxWidth: 1180 }}
      extra={<Link to={courseEditPath(id)}>{t('web.import.back')}</Link>}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex gap={8} justify="space-between" align="start">
          <Typography.Paragraph style={{ margin: 0 }}>{t('web.import.help')}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid="results-template">
            {t('web.import.template')}
          </Button>
        </Flex>
        <Upload.Dragger accept=".xlsx" showUploadList={false} beforeUpload={check} disabled={busy}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('web.import.drop')}</p>
        </Upload.Dragger>
        {failure && <Alert type="error" showIcon message={failure} />}
        {rows && (
          <>
            <Flex gap={8} justify="space-between" align="center">
              <Space>
                <Tag color="green">{t('web.import.valid', { count: valid.length })}</Tag>
                <Tag color="red">{t('web.import.invalid', { count: rows.length - valid.length })}</Tag>
              </Space>
              <Button type="primary" disabled={!valid.length} loading={busy} onClick={save}>
                {t('web.import.save', { count: valid.length })}
              </Button>
            </Flex>
            <Table
              rowKey="rowNumber"
              size="small"
              dataSource={rows}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              columns={[
                { title: t('web.import.row'), dataIndex: 'rowNumber', width: 70 },
                {
                  title: '',
                  key: 'ok',
                  width: 44,
                  render: (_: unknown, r: ImportedRow) =>
                    r.isSuccess ? (
                      <CheckCircleTwoTone
                        twoToneColor="#52c41a"
                        aria-label={t(r.action === 'update' ? 'web.import.update' : 'web.import.create')}
                      />
                    ) : (
                      <Tooltip title={r.errors.map((e) => e.message).join('; ')}>
                        <CloseCircleTwoTone
                          twoToneColor="#ff4d4f"
                          aria-label={r.errors.map((e) => e.message).join('; ')}
                        />
                      </Tooltip>
                    ),
                },
                ...COLUMNS.map((name) => ({
                  title: t(labelKey(name)),
                  dataIndex: name,
                  key: name,
                })),
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
