import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Dropdown from 'antd/es/dropdown';
import Avatar from 'antd/es/avatar';
import type { MenuProps } from 'antd/es/menu';
import UserOutlined from '@ant-design/icons/UserOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import { signOut, useAccess } from '../access.ts';
import { hasRoute, hasRoutePattern } from '../route-table.ts';
import { LOGIN_PATH } from '../route-types.ts';

/** Where the identity module's pages live (spec section 2); shown only once those pages exist. */
export const ACCOUNT_INFO_PATH = (userId: string) => `/thong-tin-tai-khoan/${userId}`;
export const CHANGE_PASSWORD_PATH = '/doi-mat-khau';

/** Account info, change password, appearance, sign out. */
export function UserMenu({ onCustomize }: { onCustomize: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const user = access.user;
  if (!user) return null;
  const name = user.fullName || user.userName;
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: <span className="user-menu-who">{name}</span> },
    ...(hasRoutePattern('/thong-tin-tai-khoan/:id')
      ? [{ key: 'info', icon: <UserOutlined />, label: t('userMenu.accountInfo') }]
      : []),
    ...(hasRoute(CHANGE_PASSWORD_PATH)
      ? [{ key: 'password', icon: <KeyOutlined />, label: t('userMenu.changePassword') }]
      : []),
    { key: 'customize', icon: <BgColorsOutlined />, label: t('customizer.title') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('userMenu.signOut'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'info') void navigate(ACCOUNT_INFO_PATH(user.userId));
          if (key === 'password') void navigate(CHANGE_PASSWORD_PATH);
          if (key === 'customize') onCustomize();
          if (key === 'signOut') {
            void signOut().then(async () => {
              // Nothing of the previous user stays in the cache (menu, settings, lists).
              queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'configuration' });
              await navigate(hasRoute(LOGIN_PATH) ? LOGIN_PATH : '/');
            });
          }
        },
      }}
    >
      <button
        type="button"
        className="app-user-button"
        aria-label={t('userMenu.label', { name })}
        data-testid="user-menu"
      >
        <Avatar size={32} src={user.avatar ?? undefined} icon={<UserOutlined />} />
        <span className="app-user-name">{name}</span>
      </button>
    </Dropdown>
  );
}
