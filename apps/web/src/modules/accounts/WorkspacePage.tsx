import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Avatar, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { KeyOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isMenuGroup, type MenuGroup, type MenuNode } from '@portal/domain/menu';
import { leafTitleKey, useMenu } from '../../app/menu.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { useAccountsText } from './common.tsx';
import './accounts.css';

function leaves(node: MenuNode): MenuNode[] {
  return isMenuGroup(node) ? node.children.flatMap(leaves) : [node];
}

/**
 * `/trang-lam-viec`: the signed-in user's workspace — the access-control page of the spec: who they are, their
 * unit and user type, and every area their user type lets them open, from the menu of their role.
 */
export default function WorkspacePage() {
  const { t } = useAccountsText();
  const { t: tAll } = useTranslation();
  const user = useUserData();
  const menu = useMenu();
  if (!user) return <Skeleton active />;
  const groups = menu.items.filter((n): n is MenuGroup => isMenuGroup(n));
  const loose = menu.items.filter((n) => !isMenuGroup(n));
  return (
    <div className="acc-page">
      <Card>
        <Space size="large" align="center" wrap>
          <Avatar size={64} src={user.avatar ?? undefined} icon={<UserOutlined />} />
          <div>
            <h2 style={{ margin: 0 }}>{t('workspace.greeting', { name: user.fullName })}</h2>
            <Space wrap style={{ marginTop: 6 }}>
              <Tag color="blue">{user.userTypeName}</Tag>
              <Tag>{user.unit.name}</Tag>
              {user.role === 'admin' && <Tag color="gold">{t('workspace.administrator')}</Tag>}
            </Space>
          </div>
          <Space wrap>
            <Link to={`/thong-tin-tai-khoan/${user.userId}`}>
              <UserOutlined /> {t('workspace.account')}
            </Link>
            <Link to="/doi-mat-khau">
              <KeyOutlined /> {t('password.change')}
            </Link>
            <Link to={`/thong-tin-tai-khoan/${user.userId}?tab=bao-mat`}>
              <SafetyOutlined /> {user.twoFactorEnabled ? t('workspace.twoFactorOn') : t('workspace.twoFactorOff')}
            </Link>
          </Space>
        </Space>
      </Card>
      {user.mustChangePassword && (
        <Alert
          type="warning"
          showIcon
          title={t('password.requiredChange')}
          action={<Link to="/doi-mat-khau?required=1">{t('password.change')}</Link>}
        />
      )}
      <h2 style={{ margin: '8px 0 0', fontSize: 18 }}>{t('workspace.areas')}</h2>
      {menu.isLoading ? (
        <Skeleton active />
      ) : groups.length + loose.length === 0 ? (
        <Card>
          <Empty description={t('workspace.nothing')} />
        </Card>
      ) : (
        <div className="acc-tiles" data-testid="workspace-areas">
          {groups.map((g) => (
            <Card key={g.key} size="small" title={tAll(g.titleKey)}>
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {leaves(g).map((l) =>
                  isMenuGroup(l) ? null : (
                    <li key={l.path}>
                      <Link to={l.path}>{tAll(leafTitleKey(l))}</Link>
                    </li>
                  ),
                )}
              </ul>
            </Card>
          ))}
          {loose.map((l) =>
            isMenuGroup(l) ? null : (
              <Card key={l.path} size="small">
                <Link to={l.path}>{tAll(leafTitleKey(l))}</Link>
              </Card>
            ),
          )}
        </div>
      )}
    </div>
  );
}
