import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { toast } from '../../../app/toast.ts';
import { saveFile } from '../../../catalog/api.ts';
import { errorMessage } from '../../../catalog/ListPage.tsx';
import { displayNumber } from '../../../platform/format.ts';
import { statusApi, type Consolidated } from './api.ts';
import { AsOf, ChoiceSelects, percent, useChoice } from './ui.tsx';

type Line = Consolidated['lines'][number];

/**
 * `/tinh-hinh-nop-bao-cao/bao-cao-tong-hop`: the department's consolidated report of a report type and period — the
 * form's figures added up over the accepted reports, with the share of the expected reports it rests on — and the
 * same as the department's signed PDF and as a spreadsheet.
 */
export default function ConsolidatedPage() {
  const { t } = useTranslation('reportStatus');
  const options = useQuery({
    queryKey: ['reportStatus', 'options'],
    queryFn: ({ signal }) => statusApi.options(signal),
  });
  const state = useChoice(options.data?.types);
  const { choice } = state;
  const report = useQuery({
    queryKey: ['reportStatus', 'consolidated', choice],
    queryFn: ({ signal }) => statusApi.consolidated(choice!, signal),
    enabled: !!choice,
    placeholderData: keepPreviousData,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const download = (what: 'pdf' | 'xlsx') => {
    if (!choice) return;
    setBusy(what);
    (what === 'pdf' ? statusApi.consolidatedPdf(choice) : statusApi.consolidatedExcel(choice))
      .then((file) => saveFile(file, what === 'pdf' ? 'bao-cao-tong-hop.pdf' : 'bao-cao-tong-hop.xlsx'))
      .catch((err: unknown) => toast.error(errorMessage(err)))
      .finally(() => setBusy(null));
  };
  const r = report.data;
  const columns: ColumnsType<Line> = [
    {
      title: t('consolidated.columns.item'),
      key: 'label',
      render: (_, l) =>
        l.kind === 'value' ? (
          <span style={{ paddingInlineStart: 16 }}>{l.label}</span>
        ) : (
          <Typography.Text strong>{l.label}</Typography.Text>
        ),
    },
    { title: t('consolidated.columns.unit'), dataIndex: 'unit', key: 'unit', width: 140 },
    {
      title: t('consolidated.columns.value'),
      key: 'value',
      width: 160,
      align: 'right',
      render: (_, l) =>
        l.kind === 'value' ? (l.value === null ? '—' : displayNumber(l.value, { maxDecimals: 2 })) : '',
    },
  ];

  if (options.isError) return <Alert type="error" showIcon message={errorMessage(options.error)} />;
  if (options.data && !choice)
    return (
      <Card>
        <Empty description={t('page.noPeriods')} />
      </Card>
    );

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex gap={8} wrap justify="space-between" align="center">
          <ChoiceSelects state={state} />
          <Space wrap>
            <Button
              icon={<FilePdfOutlined />}
              loading={busy === 'pdf'}
              disabled={!r}
              onClick={() => download('pdf')}
              data-testid="consolidated-pdf"
            >
              {t('consolidated.page.pdf')}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              loading={busy === 'xlsx'}
              disabled={!r}
              onClick={() => download('xlsx')}
              data-testid="consolidated-export"
            >
              {t('consolidated.page.export')}
            </Button>
          </Space>
        </Flex>
        {report.isError && <Alert type="error" showIcon message={errorMessage(report.error)} />}
        {r && (
          <>
            <Alert
              type={r.basis.share !== null && r.basis.share >= 0.8 ? 'info' : 'warning'}
              showIcon
              message={t('consolidated.page.basis', {
                accepted: displayNumber(r.basis.accepted),
                expected: displayNumber(r.basis.expected),
                share: percent(r.basis.share),
              })}
              description={
                <>
                  <div>
                    {r.form.title} — {r.form.legalBasis}
                  </div>
                  <AsOf dueOn={r.dueOn} asOf={r.asOf} />
                  {!r.form.verified && <div>{t('consolidated.page.unverified')}</div>}
                </>
              }
              data-testid="consolidated-basis"
            />
            <Table<Line>
              rowKey={(l) => `${l.kind}:${l.path ?? l.label}`}
              size="small"
              tableLayout="fixed"
              dataSource={r.lines}
              columns={columns}
              loading={report.isFetching}
              pagination={r.lines.length > 30 ? { pageSize: 30, showSizeChanger: false } : false}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('consolidated.page.empty')} />,
              }}
              data-testid="consolidated-lines"
            />
          </>
        )}
      </Space>
    </Card>
  );
}
