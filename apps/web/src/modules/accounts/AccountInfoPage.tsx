import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Tabs,
} from 'antd';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { can, useAccess } from '../../app/access.ts';
import { ApiError, apiFetch } from '../../app/api-client.ts';
import { NOT_AUTHORIZED_PATH } from '../../app/route-types.ts';
import { toast } from '../../app/toast.ts';
import { reloadUserData } from '../../platform/auth/index.ts';
import { notInFuture } from '../../platform/form/index.ts';
import { AccountActions } from './AccountActions.tsx';
import { AvatarUpload } from './AvatarUpload.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { UserGroupsSection } from './UserGroupsSection.tsx';
import { PreferencesSection } from '../notifications/index.ts';
import type { UserDetail } from './api.ts';
import { StatusTag, applyServerErrors, formatDateTime, useAccountsText } from './common.tsx';
import './accounts.css';

const PROFILE_FIELDS = ['fullName', 'email', 'phone', 'gender', 'birthday', 'address', 'jobTitle'] as const;

function ProfileForm({ user }: { user: UserDetail }) {
  const { t } = useAccountsText();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    form.setFieldsValue({ ...user, birthday: user.birthday ? dayjs(user.birthday) : null });
  }, [form, user]);
  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      const birthday = v.birthday as dayjs.Dayjs | null;
      const updated = await apiFetch<UserDetail>('/api/OfficalProfile/my-profile', {
        method: 'PUT',
        body: {
          fullName: v.fullName,
          email: v.email || null,
          phone: v.phone || null,
          gender: v.gender ?? null,
          birthday: birthday ? birthday.format('YYYY-MM-DD') : null,
          address: v.address || null,
          jobTitle: v.jobTitle || null,
        },
      });
      queryClient.setQueryData(['accounts', 'user', user.id], updated);
      await reloadUserData();
      toast.success(t('account.saved'));
    } catch (err) {
      applyServerErrors(form, err, PROFILE_FIELDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="fullName"
            label={t('users.fields.fullName')}
            rules={[{ required: true, whitespace: true, min: 2, max: 150, message: t('validation.required') }]}
          >
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('users.fields.email')}
            rules={[{ type: 'email', message: t('validation.email') }]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('users.fields.phone')}
            rules={[{ pattern: /^[0-9+() .-]{6,20}$/, message: t('validation.phone') }]}
          >
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="jobTitle" label={t('users.fields.jobTitle')} rules={[{ max: 150 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('users.fields.gender')}>
            <Select
              allowClear
              options={['male', 'female', 'other'].map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="birthday" label={t('users.fields.birthday')} rules={[notInFuture()]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('users.fields.address')} rules={[{ max: 500 }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
        {t('actions.save')}
      </Button>
    </Form>
  );
}

function Summary({ user }: { user: UserDetail }) {
  const { t, i18n } = useAccountsText();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={t('users.fields.userName')}>{user.userName}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.status')}>
        <StatusTag status={user.status} temporarilyLocked={user.temporarilyLocked} />
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.unit')}>{user.unitName}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.userType')}>{user.userTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.email')}>{user.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.phone')}>{user.phone ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.jobTitle')}>{user.jobTitle ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.lastLoginAt')}>
        {formatDateTime(user.lastLoginAt, i18n.language)}
      </Descriptions.Item>
      <Descriptions.Item label={t('twoFactor.state')}>
        {user.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.createdAt')}>
        {formatDateTime(user.createdAt, i18n.language)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * `/thong-tin-tai-khoan/{id}`: one's own account (profile, avatar, password, two-factor sign-in), or — with
 * User.read — another user's, with the account actions the viewer's features allow.
 */
export default function AccountInfoPage() {
  const { t } = useAccountsText();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const access = useAccess();
  const queryClient = useQueryClient();
  const own = access.user?.userId === id;
  const query = useQuery({
    queryKey: ['accounts', 'user', id],
    queryFn: ({ signal }) => apiFetch<UserDetail>(`/api/OfficalProfile/getByUserId/${id}`, { signal }),
    retry: false,
  });
  if (query.error instanceof ApiError && query.error.status === 403)
    return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
  if (query.isError) return <Result status="404" title={(query.error as Error).message} />;
  const user = query.data;
  if (!user) return <Skeleton active />;

  const avatar = (
    <AvatarUpload
      userId={user.id}
      avatar={user.avatar}
      editable={own || can(access, 'update', 'User')}
      onUploaded={(url) => {
        queryClient.setQueryData(['accounts', 'user', id], { ...user, avatar: url });
        if (own) void reloadUserData();
      }}
    />
  );
  const header = (
    <Card>
      <Space size="large" align="start" wrap>
        {avatar}
        <div>
          <h2 style={{ margin: 0 }}>{user.fullName}</h2>
          <p style={{ margin: '4px 0 12px', opacity: 0.75 }}>
            {user.userTypeName} · {user.unitName}
          </p>
          <Space wrap>
            {!own && can(access, 'update', 'User') && (
              <Link to={`/nguoi-dung/chinh-sua/${user.id}`}>
                <Button icon={<EditOutlined />}>{t('actions.edit')}</Button>
              </Link>
            )}
            {!own && <AccountActions row={user} selfId={access.user?.userId} />}
            {own && (
              <Link to="/doi-mat-khau">
                <Button icon={<KeyOutlined />}>{t('password.change')}</Button>
              </Link>
            )}
          </Space>
        </div>
      </Space>
    </Card>
  );

  // The user's groups, to whoever may see user groups (changing them needs GroupUser.update).
  const groups = can(access, 'read', 'GroupUser') ? <UserGroupsSection userId={user.id} /> : null;
  if (!own) {
    return (
      <div className="acc-page">
        {header}
        <Card>
          <Summary user={user} />
        </Card>
        {groups}
      </div>
    );
  }
  const TABS = { 'bao-mat': 'security', 'thong-bao': 'notifications' } as const;
  const tab = TABS[params.get('tab') as keyof typeof TABS] ?? 'profile';
  return (
    <div className="acc-page">
      {header}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const slug = Object.entries(TABS).find(([, k]) => k === key)?.[0];
            setParams(slug ? { tab: slug } : {}, { replace: true });
          }}
          items={[
            {
              key: 'profile',
              label: t('account.profileTab'),
              children: (
                <Space orientation="vertical" size="large" style={{ width: '100%' }}>
                  <Summary user={user} />
                  <ProfileForm user={user} />
                </Space>
              ),
            },
            { key: 'security', label: t('account.securityTab'), children: <TwoFactorSettings /> },
            { key: 'notifications', label: t('notifications:preferences.title'), children: <PreferencesSection /> },
          ]}
        />
      </Card>
      {groups}
    </div>
  );
}
