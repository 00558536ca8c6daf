import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Steps, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { USER_SHEET_COLUMNS, type UserSheetKey } from '@portal/domain/accounts';
import { translate } from '@portal/domain/i18n';
import { apiDownload, apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { errorText, saveBlob, useAccountsText } from './common.tsx';
import './accounts.css';

type Row = Partial<Record<UserSheetKey, string>>;
interface ResultRow extends Row {
  isSuccess: boolean;
  errors: Array<{ field: string; message: string }>;
}

const normalise = (text: string) =>
  text
    .replace(/\(\*\)/g, '')
    .normalize('NFC')
    .trim()
    .toLowerCase();

/** Header text (the template's, in Vietnamese or English, with or without "(*)") → column key. */
const HEADER_KEYS = new Map<string, UserSheetKey>(
  USER_SHEET_COLUMNS.flatMap((c) => [
    [normalise(translate('vi', c.labelKey)), c.key],
    [normalise(translate('en', c.labelKey)), c.key],
    [c.key.toLowerCase(), c.key],
  ]),
);

/** The workbook's first sheet → rows keyed by column (empty rows dropped); problems → messages. */
async function readRows(file: File): Promise<{ rows: Row[]; missing: UserSheetKey[] }> {
  const { readSheet } = await import('read-excel-file/browser');
  const sheet = await readSheet(file, 1);
  const [header = [], ...body] = sheet;
  const keys = header.map((h) => (h === null || h === undefined ? undefined : HEADER_KEYS.get(normalise(String(h)))));
  const missing = USER_SHEET_COLUMNS.filter((c) => c.required && !keys.includes(c.key)).map((c) => c.key);
  const rows: Row[] = [];
  for (const cells of body) {
    const row: Row = {};
    cells.forEach((cell, i) => {
      const key = keys[i];
      if (!key || cell === null || cell === undefined) return;
      const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();
      if (text) row[key] = text;
    });
    if (Object.keys(row).length) rows.push(row);
  }
  return { rows, missing };
}

/**
 * `/nguoi-dung/them-tu-tep`: fill the template, upload it, see which rows are valid (checked by the server,
 * nothing stored yet), then import the valid ones.
 */
export default function UserImportPage() {
  const { t } = useAccountsText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [checked, setChecked] = useState<ResultRow[] | null>(null);
  const [done, setDone] = useState<{ created: number; updated: number } | null>(null);
  const [busy, setBusy] = useState<'template' | 'read' | 'check' | 'import' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const template = async () => {
    setBusy('template');
    try {
      saveBlob(await apiDownload('/api/OfficalProfile/generateTemplate'), `${t('users.excel.templateFile')}.xlsx`);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (file: File) => {
    setBusy('read');
    setProblem(null);
    setChecked(null);
    setDone(null);
    try {
      const { rows: parsed, missing } = await readRows(file);
      if (missing.length)
        throw new Error(
          t('userImport.missingColumns', {
            columns: missing.map((k) => t(USER_SHEET_COLUMNS.find((c) => c.key === k)!.labelKey)).join(', '),
          }),
        );
      if (!parsed.length) throw new Error(t('userImport.noRows'));
      if (parsed.length > 5000) throw new Error(t('userImport.tooMany', { max: 5000 }));
      setRows(parsed);
      setBusy('check');
      const res = await apiFetch<{ data: ResultRow[] }>('/api/OfficalProfile/import-user-from-json', {
        method: 'POST',
        query: { dryRun: 'true' },
        body: parsed,
      });
      setChecked(res.data);
    } catch (err) {
      setRows(null);
      setProblem(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const importValid = async () => {
    if (!checked) return;
    setBusy('import');
    try {
      const valid = checked.filter((r) => r.isSuccess).map(({ isSuccess: _s, errors: _e, ...row }) => row);
      const res = await apiFetch<{ data: ResultRow[]; created: number; updated: number }>(
        '/api/OfficalProfile/import-user-from-json',
        { method: 'POST', body: valid },
      );
      setDone({ created: res.created, updated: res.updated });
      toast.success(t('userImport.done', { created: res.created, updated: res.updated }));
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'users'] });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const valid = checked?.filter((r) => r.isSuccess) ?? [];
  const invalid = checked?.filter((r) => !r.isSuccess) ?? [];
  const columns = [
    ...USER_SHEET_COLUMNS.filter((c) => c.key !== 'password').map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(c.labelKey),
      ellipsis: true,
    })),
    {
      key: 'password',
      title: t('users.fields.initialPassword'),
      render: (_: unknown, r: ResultRow) => (r.password ? '••••••' : ''),
    },
  ];
  const errorColumn = {
    key: 'errors',
    title: t('userImport.errors'),
    width: 320,
    render: (_: unknown, r: ResultRow) => (
      <Space orientation="vertical" size={2}>
        {r.errors.map((e, i) => (
          <Typography.Text key={i} type="danger">
            {t(USER_SHEET_COLUMNS.find((c) => c.key === e.field)?.labelKey ?? e.field)}: {e.message}
          </Typography.Text>
        ))}
      </Space>
    ),
  };
  const step = done ? 3 : checked ? 2 : rows ? 1 : 0;

  return (
    <div className="acc-page">
      <Card>
        <Steps
          current={step}
          items={[
            { title: t('userImport.stepTemplate') },
            { title: t('userImport.stepUpload') },
            { title: t('userImport.stepCheck') },
            { title: t('userImport.stepImport') },
          ]}
          style={{ marginBottom: 20 }}
        />
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template()}>
              {t('actions.template')}
            </Button>
            <Typography.Text type="secondary">{t('userImport.templateHint')}</Typography.Text>
          </Space>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={!!busy}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{busy === 'read' || busy === 'check' ? t('userImport.checking') : t('userImport.drop')}</p>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon title={problem} />}
        </Space>
      </Card>
      {checked && (
        <Card
          title={t('userImport.result', { valid: valid.length, invalid: invalid.length })}
          extra={
            done ? (
              <Button type="primary" onClick={() => void navigate('/nguoi-dung/danh-sach')}>
                {t('userImport.toList')}
              </Button>
            ) : (
              <Button
                type="primary"
                disabled={!valid.length}
                loading={busy === 'import'}
                onClick={() => void importValid()}
                data-testid="import-submit"
              >
                {t('userImport.submit', { count: valid.length })}
              </Button>
            )
          }
        >
          {done && (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('userImport.done', { created: done.created, updated: done.updated })}
            />
          )}
          <Tabs
            items={[
              {
                key: 'valid',
                label: (
                  <span>
                    {t('userImport.valid')} <Tag color="green">{valid.length}</Tag>
                  </span>
                ),
                children: (
                  <Table<ResultRow>
                    rowKey={(_, i) => `v${i}`}
                    size="small"
                    columns={columns}
                    dataSource={valid}
                    scroll={{ x: 900 }}
                    pagination={{ pageSize: 10 }}
                  />
                ),
              },
              {
                key: 'invalid',
                label: (
                  <span>
                    {t('userImport.invalid')} <Tag color="red">{invalid.length}</Tag>
                  </span>
                ),
                children: (
                  <Table<ResultRow>
                    rowKey={(_, i) => `i${i}`}
                    size="small"
                    columns={[...columns, errorColumn]}
                    dataSource={invalid}
                    scroll={{ x: 1200 }}
                    pagination={{ pageSize: 10 }}
                  />
                ),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
