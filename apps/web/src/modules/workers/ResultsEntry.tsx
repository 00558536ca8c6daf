import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Space, Table, Typography } from 'antd';
import { resolveCatalog } from '@portal/domain/catalog/index';
import { RESULT_FIELDS, trainingResultsFile } from '@portal/domain/workers/results-file';
import type { TrainingWorker } from '@portal/domain/workers/records';
import { toast } from '../../app/toast.ts';
import { FieldWidget, fieldRules } from '../../catalog/fields.tsx';
import { useCatalogText } from '../../catalog/text.ts';
import { showServerErrors, useSubmit } from '../../platform/form/index.ts';
import { showDate, trainingApi, type ResultEntry } from './api.ts';

/**
 * The results of a course's participants entered on its page: one row per participant, the outcome fields of the
 * results file (the import's declaration, so the same widgets, rules and messages), saved in one request. The
 * server checks them as it checks an imported file; its errors come back beside their cells (`rows.<index>.<field>`).
 */
const resultsFile = resolveCatalog(trainingResultsFile);
/** The most participants one page holds (the list's page size limit); a larger course imports a file. */
const MAX_ROWS = 500;

/** The participant's name in its cell; its worker id is the row's value, and an error about the worker shows here. */
function ParticipantName({ fullName, id }: { fullName: string; id?: string }) {
  return <span id={id}>{fullName}</span>;
}

export function ResultsEntry({ trainingId, onClose }: { trainingId: string; onClose: () => void }) {
  const { t } = useTranslation('workers');
  const text = useCatalogText(resultsFile);
  const [form] = Form.useForm<{ rows: ResultEntry[] }>();
  const queryClient = useQueryClient();
  const all = useQuery({
    queryKey: ['workers', 'participants', trainingId, 'all'],
    queryFn: ({ signal }) => trainingApi.participants(trainingId, { pageNumber: 1, pageSize: MAX_ROWS }, signal),
    // What the form starts from: never refreshed under the user's typing.
    staleTime: Infinity,
    gcTime: 0,
  });
  const participants = useMemo(() => all.data?.pageLists ?? [], [all.data]);
  const initialRows = useMemo(
    () =>
      participants.map((p) => ({
        workerId: p.workerId,
        ...Object.fromEntries(RESULT_FIELDS.map((name) => [name, p[name] ?? null])),
      })),
    [participants],
  );
  const save = useSubmit({
    send: (rows: ResultEntry[]) => trainingApi.saveResults(trainingId, rows),
    onSuccess: async (answer) => {
      toast.success(t('web.results.saved', { count: answer.updated }));
      await queryClient.invalidateQueries({ queryKey: ['workers', 'participants', trainingId] });
      onClose();
    },
    onError: (err) => showServerErrors(form, err),
  });

  if (all.isPending) return <Table loading dataSource={[]} />;
  if (all.isError) return <Alert type="error" showIcon message={all.error.message} />;
  const tooMany = (all.data.totalRecord ?? 0) > MAX_ROWS;
  return (
    <Form
      form={form}
      initialValues={{ rows: initialRows }}
      // The stored values, each row's worker id included (it has no input of its own).
      onFinish={() => void save.submit((form.getFieldsValue(true) as { rows: ResultEntry[] }).rows)}
      data-testid="results-entry"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('web.results.title')}
        </Typography.Title>
        {tooMany ? (
          <Alert type="warning" showIcon message={t('web.results.tooMany', { max: MAX_ROWS })} />
        ) : (
          <Typography.Paragraph style={{ margin: 0 }}>{t('web.results.help')}</Typography.Paragraph>
        )}
        <Table<TrainingWorker>
          rowKey="workerId"
          size="small"
          dataSource={participants}
          pagination={false}
          columns={[
            {
              title: t('areas.worker.fields.fullName'),
              key: 'fullName',
              render: (_: unknown, p, index) => (
                <Form.Item name={['rows', index, 'workerId']} style={{ marginBottom: 0 }}>
                  <ParticipantName fullName={p.fullName} />
                </Form.Item>
              ),
            },
            { title: t('areas.worker.fields.citizenId'), dataIndex: 'citizenId', width: 140 },
            { title: t('areas.worker.fields.birthDate'), dataIndex: 'birthDate', width: 110, render: showDate },
            ...RESULT_FIELDS.map((name) => ({
              title: text.label(name),
              key: name,
              width: name === 'note' ? undefined : name === 'result' ? 150 : 170,
              render: (_: unknown, p: TrainingWorker, index: number) => (
                <>
                  {/* Each input is named for assistive technology: the column and the participant. */}
                  <label htmlFor={`rows_${index}_${name}`} className="visually-hidden">
                    {`${text.label(name)} — ${p.fullName}`}
                  </label>
                  <Form.Item
                    name={['rows', index, name]}
                    rules={fieldRules(resultsFile, name, text)}
                    validateDebounce={200}
                    style={{ marginBottom: 0 }}
                  >
                    <FieldWidget catalog={resultsFile} name={name} text={text} />
                  </Form.Item>
                </>
              ),
            })),
          ]}
        />
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose} disabled={save.busy}>
            {t('web.results.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.busy} disabled={tooMany || !participants.length}>
            {t('web.results.save')}
          </Button>
        </Flex>
      </Space>
    </Form>
  );
}
