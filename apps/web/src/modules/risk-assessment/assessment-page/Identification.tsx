import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { HAZARD_GROUPS, type HazardGroup } from '@portal/domain/risk-assessment/rules';
import { toast } from '../../../app/toast.ts';
import { showServerErrors } from '../../../platform/form/index.ts';
import { riskApi, riskKeys, type AssessmentDetails, type LibraryHazard } from '../api.ts';
import { HazardTable } from './HazardTable.tsx';
import { useRefresh } from './shared.tsx';

/** Step 2: hazards picked from the library of the sector, or the employer's own. */
export function Identification({ data }: { data: AssessmentDetails }) {
  const { t } = useTranslation('riskAssessment');
  const id = data.assessment.id;
  const refresh = useRefresh(id);
  const [picked, setPicked] = useState<string[]>([]);
  const [form] = Form.useForm<{ ownName: string; ownGroup: HazardGroup }>();
  const library = useQuery({
    queryKey: riskKeys.library(id),
    queryFn: ({ signal }) => riskApi.library(id, signal),
    enabled: data.canEdit,
  });
  const add = useMutation({
    mutationFn: (body: Parameters<typeof riskApi.addHazards>[1]) => riskApi.addHazards(id, body),
    onSuccess: async (d) => {
      toast.success(t('page.saved'));
      setPicked([]);
      form.resetFields();
      await refresh(d);
    },
    // The one form behaviour: what the own hazard's fields take goes beside them, the rest (a refused pick from
    // the library) in a toast.
    onError: (err) => showServerErrors(form, err, ['ownName', 'ownGroup']),
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {data.canEdit && (
        <Card
          size="small"
          title={t('page.library')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!picked.length}
              loading={add.isPending}
              onClick={() => add.mutate({ hazardIds: picked })}
              data-testid="risk-add-selected"
            >
              {t('page.addSelected', { count: picked.length })}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('page.libraryHint')}</Typography.Paragraph>
          <Table<LibraryHazard>
            size="small"
            rowKey="id"
            loading={library.isLoading}
            dataSource={library.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            rowSelection={{
              selectedRowKeys: picked,
              onChange: (keys) => setPicked(keys.map(String)),
              getCheckboxProps: (r) => ({ disabled: r.added, 'aria-label': r.name }),
            }}
            columns={[
              { title: t('areas.hazard.fields.code'), dataIndex: 'code', width: 110 },
              { title: t('areas.hazard.fields.name'), dataIndex: 'name' },
              { title: t('areas.hazard.fields.hazardGroup'), width: 170, render: (_v, r) => t(`groups.${r.group}`) },
              {
                title: t('areas.hazard.fields.sector'),
                width: 170,
                render: (_v, r) => (r.added ? <Tag color="blue">{t('page.added')}</Tag> : t(`sectors.${r.sector}`)),
              },
            ]}
          />
        </Card>
      )}
      {data.canEdit && (
        <Card size="small" title={t('page.ownHazard')}>
          <Form
            form={form}
            layout="inline"
            onFinish={(v) => add.mutate({ own: [{ name: v.ownName.trim(), group: v.ownGroup }] })}
          >
            <Form.Item
              name="ownName"
              label={t('page.ownName')}
              rules={[{ required: true, whitespace: true, message: t('page.ownName') }]}
              style={{ flex: 1, minWidth: 320 }}
            >
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item
              name="ownGroup"
              label={t('page.ownGroup')}
              rules={[{ required: true, message: t('page.ownGroup') }]}
            >
              <Select
                style={{ width: 220 }}
                options={HAZARD_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending} data-testid="risk-add-own">
                {t('page.addOwn')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
      <HazardTable data={data} mode="identification" />
    </Space>
  );
}
