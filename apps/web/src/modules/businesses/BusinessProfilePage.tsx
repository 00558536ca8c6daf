import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Result, Row, Skeleton, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { BUSINESS_PAGES } from '@portal/domain/businesses/pages';
import { ApiError, apiFetch } from '../../app/api-client.ts';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import { catalogApi, type CatalogRecord } from '../../catalog/api.ts';
import { FieldItem } from '../../catalog/fields.tsx';
import { catalogByKey } from '../../catalog/registry.ts';
import { useCatalogText } from '../../catalog/text.ts';
import { useSide } from './api.ts';
import { AccountsPanel, EmployerDetails, SectorsPanel } from './panels.tsx';
import { errorText, showServerErrors } from './shared.tsx';

const c = catalogByKey('bussiness');
/** The authority keeps an employer's identity and standing; the employer edits the rest of its record. */
const LOCKED = new Set(['code', 'status']);
const editableFields = c.writable.filter((name) => !LOCKED.has(name));

/** `/thong-tin-doanh-nghiep`: an employer user's own employer — its record, sectors and accounts. */
export default function BusinessProfilePage() {
  const { t } = useTranslation('businesses');
  const { side } = useSide();
  const access = useAccess();
  const [editing, setEditing] = useState(false);
  const profile = useQuery({
    queryKey: ['catalog', c.key, 'mine'],
    queryFn: ({ signal }) => apiFetch<CatalogRecord>('/api/Bussiness/my-bussiness', { signal }),
    enabled: side === 'employer',
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
  if (side === 'authority') {
    return (
      <Card>
        <Result
          status="info"
          title={t('profile.notEmployer')}
          extra={<Link to={BUSINESS_PAGES.list}>{t('profile.toList')}</Link>}
        />
      </Card>
    );
  }
  if (profile.isError) return <Alert type="error" showIcon message={errorText(profile.error)} />;
  const r = profile.data;
  if (!r)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const mayEdit = can(access, 'update', c.subject);
  return (
    <Card
      title={String(r.name)}
      extra={
        mayEdit &&
        !editing && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <ProfileForm record={r} onDone={() => setEditing(false)} />
      ) : (
        <Tabs
          items={[
            { key: 'info', label: t('employers.tabs.info'), children: <EmployerDetails c={c} record={r} /> },
            {
              key: 'sectors',
              label: t('employers.tabs.sectors'),
              children: <SectorsPanel businessId={r.id} editable={mayEdit} />,
            },
            ...(can(access, 'read', 'User')
              ? [
                  {
                    key: 'accounts',
                    label: t('employers.tabs.accounts'),
                    children: <AccountsPanel businessId={r.id} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}

function ProfileForm({ record, onDone }: { record: CatalogRecord; onDone: () => void }) {
  const { t } = useTranslation('businesses');
  const text = useCatalogText(c);
  const [form] = Form.useForm<Record<string, unknown>>();
  const queryClient = useQueryClient();
  const initialValues = useMemo(() => Object.fromEntries(editableFields.map((n) => [n, record[n] ?? null])), [record]);
  const save = useMutation({
    // The whole record goes back, the locked fields unchanged.
    mutationFn: (values: Record<string, unknown>) =>
      catalogApi(c).update(record.id, {
        ...Object.fromEntries(c.writable.map((n) => [n, record[n] ?? null])),
        ...values,
        updatedAt: record.updatedAt,
      }),
    onSuccess: async () => {
      toast.success(t('profile.saved'));
      await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
      onDone();
    },
    onError: (err) => showServerErrors(form, err, editableFields),
  });
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => save.mutate(v)}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('profile.lockedHint', { code: String(record.code) })}
      />
      <Row gutter={16}>
        {editableFields.map((name) => (
          <Col key={name} span={12}>
            <FieldItem catalog={c} name={name} text={text} recordId={record.id} />
          </Col>
        ))}
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
