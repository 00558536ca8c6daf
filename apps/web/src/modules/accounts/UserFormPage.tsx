import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Result, Row, Select, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import { USER_NAME_PATTERN } from '@portal/domain/accounts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { notInFuture } from '../../platform/form/index.ts';
import type { UnitItem, UserDetail } from './api.ts';
import { UnitSelect, UserTypeSelect, applyServerErrors, errorText, useAccountsText } from './common.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import './accounts.css';

const FIELDS = [
  'userName',
  'fullName',
  'email',
  'phone',
  'jobTitle',
  'gender',
  'birthday',
  'address',
  'unitId',
  'userTypeId',
  'password',
] as const;

interface Values {
  userName?: string;
  fullName: string;
  email?: string;
  phone?: string;
  jobTitle?: string;
  gender?: string;
  birthday?: dayjs.Dayjs | null;
  address?: string;
  unitId: string;
  userTypeId: string;
  password?: string;
}

/**
 * `/nguoi-dung/tao-moi` and `/nguoi-dung/chinh-sua/{id}`. A new user gets either an initial password (active at
 * once, to be changed at first sign-in) or, without one, an invitation mailed to the address given.
 */
export default function UserFormPage() {
  const { t } = useAccountsText();
  const { id } = useParams();
  const editing = !!id;
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const unitId = Form.useWatch('unitId', form);
  const password = Form.useWatch('password', form);

  const current = useQuery({
    queryKey: ['accounts', 'user', id],
    enabled: editing,
    queryFn: ({ signal }) => apiFetch<UserDetail>(`/api/OfficalProfile/users/${id}`, { signal }),
    retry: false,
  });
  const unit = useQuery({
    queryKey: ['accounts', 'unit', unitId],
    enabled: !!unitId,
    queryFn: ({ signal }) => apiFetch<UnitItem>(`/api/Unit/units/${unitId}`, { signal }),
    retry: false,
  });
  useEffect(() => {
    if (current.data)
      form.setFieldsValue({
        ...current.data,
        birthday: current.data.birthday ? dayjs(current.data.birthday) : null,
      } as unknown as Values);
  }, [current.data, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = {
        fullName: v.fullName,
        email: v.email?.trim() || null,
        phone: v.phone?.trim() || null,
        jobTitle: v.jobTitle?.trim() || null,
        gender: v.gender ?? null,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
        address: v.address?.trim() || null,
        unitId: v.unitId,
        userTypeId: v.userTypeId,
      };
      // An edit sends the whole record (the user name stays what it is) and the version it loaded.
      const saved = editing
        ? await apiFetch<UserDetail>(`/api/OfficalProfile/users/${id}`, {
            method: 'PUT',
            body: { ...body, userName: current.data?.userName, updatedAt: current.data?.updatedAt },
          })
        : await apiFetch<UserDetail>('/api/OfficalProfile/users', {
            method: 'POST',
            body: { ...body, userName: v.userName?.trim(), password: v.password || null },
          });
      toast.success(
        editing
          ? t('userForm.saved')
          : saved.status === 'inactive'
            ? t('userForm.invited', { email: saved.email ?? '' })
            : t('userForm.created'),
      );
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'users'] });
      queryClient.setQueryData(['accounts', 'user', saved.id], saved);
      await navigate('/nguoi-dung/danh-sach');
    } catch (err) {
      applyServerErrors(form, err, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  if (editing && current.isError) return <Result status="404" title={errorText(current.error)} />;
  if (editing && !current.data) return <Skeleton active />;
  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <div className="acc-page" style={{ maxWidth: 960 }}>
      <Card>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy} scrollToFirstError>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="userName"
                label={t('users.fields.userName')}
                extra={editing ? t('userForm.userNameFixed') : t('register.userNameHint')}
                rules={editing ? [] : [required, { pattern: USER_NAME_PATTERN, message: t('validation.userName') }]}
              >
                <Input disabled={editing} autoComplete="off" autoFocus={!editing} data-testid="user-user-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="fullName" label={t('users.fields.fullName')} rules={[required, { min: 2, max: 150 }]}>
                <Input data-testid="user-full-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="unitId" label={t('users.fields.unit')} rules={[required]}>
                <UnitSelect
                  placeholder={t('userForm.unitPlaceholder')}
                  onChange={() => form.setFieldValue('userTypeId', undefined)}
                  data-testid="user-unit"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="userTypeId"
                label={t('users.fields.userType')}
                rules={[required]}
                extra={!unitId ? t('userForm.pickUnitFirst') : undefined}
              >
                <UserTypeSelect
                  unitKind={unit.data?.kind}
                  disabled={!unitId}
                  placeholder={t('userForm.userTypePlaceholder')}
                  data-testid="user-type"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('users.fields.email')}
                rules={[
                  { type: 'email', message: t('validation.email') },
                  ...(!editing && !password ? [{ required: true, message: t('userForm.emailForInvitation') }] : []),
                ]}
              >
                <Input type="email" data-testid="user-email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="phone"
                label={t('users.fields.phone')}
                rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
              >
                <Input inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="jobTitle" label={t('users.fields.jobTitle')} rules={[{ max: 150 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="gender" label={t('users.fields.gender')}>
                <Select
                  allowClear
                  options={['male', 'female', 'other'].map((g) => ({ value: g, label: t(`gender.${g}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="birthday" label={t('users.fields.birthday')} rules={[notInFuture()]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="address" label={t('users.fields.address')} rules={[{ max: 500 }]}>
                <Input />
              </Form.Item>
            </Col>
            {!editing && (
              <Col xs={24} md={12}>
                <NewPasswordField
                  name="password"
                  label={t('users.fields.initialPassword')}
                  hint={t('userForm.passwordHint')}
                  testId="user-password"
                  personalFields={['userName', 'fullName', 'email']}
                  required={false}
                />
              </Col>
            )}
          </Row>
          {!editing && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={password ? t('userForm.withPassword') : t('userForm.withInvitation')}
            />
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="user-save">
              {t('actions.save')}
            </Button>
            <Button onClick={() => void navigate('/nguoi-dung/danh-sach')}>{t('actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
