import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TrainingWorker } from '@portal/domain/workers/records';
import { toast } from '../../app/toast.ts';
import { useDebounced } from '../../catalog/fields.tsx';
import { errorMessage } from '../../catalog/ListPage.tsx';
import { showDate, trainingApi } from './api.ts';
import { PARTICIPANTS_IMPORT } from './paths.ts';
import { RecordPage } from './RecordPage.tsx';
import { ResultsEntry } from './ResultsEntry.tsx';
import { ConfirmPopover } from '../../platform/dialogs/index.tsx';

/** The participants of a course: who took part, their result and certificate; add, remove, import, enter results. */
const RESULT_COLORS: Record<string, string> = { passed: 'green', failed: 'red', absent: 'default' };

function Participants({ trainingId, canEdit }: { trainingId: string; canEdit: boolean }) {
  const { t } = useTranslation('workers');
  const queryClient = useQueryClient();
  const [pageNumber, setPageNumber] = useState(1);
  const [keyWord, setKeyWord] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [entering, setEntering] = useState(false);
  const debounced = useDebounced(search);
  const key = ['workers', 'participants', trainingId];
  const list = useQuery({
    queryKey: [...key, pageNumber, keyWord],
    queryFn: ({ signal }) => trainingApi.participants(trainingId, { pageNumber, pageSize: 20, keyWord }, signal),
    placeholderData: keepPreviousData,
  });
  const candidates = useQuery({
    queryKey: [...key, 'candidates', debounced],
    queryFn: ({ signal }) => trainingApi.candidates(trainingId, debounced, signal),
    enabled: canEdit,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => trainingApi.add(trainingId, picked),
    onSuccess: async (r) => {
      setPicked([]);
      toast.success(t('web.participants.added', { count: r.added }));
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => trainingApi.remove(ids),
    onSuccess: async (r) => {
      setSelected([]);
      toast.success(t('web.participants.removed', { count: r.deleted }));
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (entering) return <ResultsEntry trainingId={trainingId} onClose={() => setEntering(false)} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          allowClear
          placeholder={t('web.participants.search')}
          onSearch={(v) => (setKeyWord(v), setPageNumber(1))}
          style={{ width: 320 }}
        />
        {canEdit && (
          <Space wrap>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setSearch}
              value={picked}
              onChange={setPicked}
              placeholder={t('web.participants.pick')}
              options={(candidates.data ?? []).map((o) => ({
                value: o.value,
                label: o.code ? `${o.label} — ${o.code}` : o.label,
              }))}
              style={{ width: 360 }}
              maxTagCount="responsive"
            />
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={!picked.length}
              loading={add.isPending}
              onClick={() => add.mutate()}
            >
              {t('web.participants.add')}
            </Button>
            <Button
              icon={<EditOutlined />}
              disabled={!list.data?.totalRecord}
              onClick={() => setEntering(true)}
              data-testid="results-enter"
            >
              {t('web.results.enter')}
            </Button>
            <Link to={`${PARTICIPANTS_IMPORT}/${trainingId}`}>
              <Button icon={<FileExcelOutlined />}>{t('web.participants.import')}</Button>
            </Link>
            <ConfirmPopover
              title={t('web.confirmDelete')}
              onConfirm={() => remove.mutate(selected)}
              disabled={!selected.length}
              okText={t('web.delete')}
              cancelText={t('web.cancel')}
            >
              <Button danger icon={<DeleteOutlined />} disabled={!selected.length}>
                {t('web.participants.remove', { count: selected.length })}
              </Button>
            </ConfirmPopover>
          </Space>
        )}
      </Flex>
      <Table<TrainingWorker>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.pageLists ?? []}
        rowSelection={
          canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined
        }
        pagination={{
          current: pageNumber,
          pageSize: 20,
          total: list.data?.totalRecord ?? 0,
          onChange: setPageNumber,
          showSizeChanger: false,
          showTotal: (n) => t('web.total', { count: n }),
        }}
        locale={{ emptyText: t('web.participants.empty') }}
        columns={[
          { title: t('areas.worker.fields.fullName'), dataIndex: 'fullName' },
          { title: t('areas.worker.fields.citizenId'), dataIndex: 'citizenId', width: 150 },
          { title: t('areas.worker.fields.birthDate'), dataIndex: 'birthDate', width: 120, render: showDate },
          {
            title: t('web.participants.result'),
            dataIndex: 'result',
            width: 120,
            render: (v: string | null) => (v ? <Tag color={RESULT_COLORS[v]}>{t(`trainingResults.${v}`)}</Tag> : ''),
          },
          { title: t('web.participants.certificate'), dataIndex: 'certificateNumber', width: 160 },
          { title: t('web.participants.certificateDate'), dataIndex: 'certificateDate', width: 130, render: showDate },
        ]}
      />
    </Space>
  );
}

/** A course's page: the course record and its participants. */
function TrainingEditPage({ pageId }: { pageId: string }) {
  const { t } = useTranslation('workers');
  return (
    <RecordPage pageId={pageId}>
      {({ record, form, canEdit }) => (
        <Card title={String(record.name ?? '')} style={{ maxWidth: 1180 }}>
          <Tabs
            items={[
              { key: 'record', label: t('web.tabs.course'), children: form },
              {
                key: 'participants',
                label: t('web.tabs.participants'),
                children: <Participants trainingId={record.id} canEdit={canEdit} />,
              },
            ]}
          />
        </Card>
      )}
    </RecordPage>
  );
}

export default function TrainingEdit() {
  return <TrainingEditPage pageId="training" />;
}
