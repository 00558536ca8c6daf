import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { errorText, useAccountsText } from './common.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';

export interface AccountRow {
  id: string;
  userName: string;
  fullName: string;
  status: string;
  temporarilyLocked?: boolean;
  twoFactorEnabled?: boolean;
  email?: string | null;
}

type Action = 'activate' | 'disable' | 'lock' | 'unlock' | 'reissue' | 'resetTwoFactor';

const PATHS: Record<Exclude<Action, 'reissue' | 'resetTwoFactor'>, string> = {
  activate: 'active-account',
  disable: 'disable-account',
  lock: 'lock-account',
  unlock: 'unlock-account',
};

/** Which account actions fit a user's state (the API refuses the others too). */
function available(row: AccountRow): Action[] {
  const out: Action[] = [];
  if (row.status === 'inactive' || row.status === 'disabled') out.push('activate');
  if (row.status === 'active') out.push('lock');
  if (row.status === 'locked' || row.temporarilyLocked) out.push('unlock');
  if (row.status !== 'disabled') out.push('disable');
  out.push('reissue');
  if (row.twoFactorEnabled) out.push('resetTwoFactor');
  return out;
}

/**
 * Account actions on another user (list rows and the account page): activate, lock, unlock, disable, reissue
 * the password, turn off two-factor sign-in — each confirmed first, each only with the feature for it.
 */
export function AccountActions({
  row,
  selfId,
  compact,
}: {
  row: AccountRow;
  selfId: string | undefined;
  compact?: boolean;
}) {
  const { t } = useAccountsText();
  const { modal } = App.useApp();
  const confirmAction = useConfirm();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (row.id === selfId) return null;
  const mayStatus = can(access, 'update', 'Account');
  const mayPassword = can(access, 'password', 'Account');
  const actions = available(row).filter((a) => (a === 'reissue' || a === 'resetTwoFactor' ? mayPassword : mayStatus));
  if (!actions.length) return null;

  const run = async (action: Action) => {
    setBusy(true);
    try {
      if (action === 'reissue') {
        const res = await apiFetch<{ password: string; mailed: boolean; message: string }>(
          '/api/Account/reissue-password',
          { method: 'POST', body: { userId: row.id } },
        );
        modal.success({
          title: res.message,
          content: (
            <>
              <p>
                {res.mailed
                  ? t('accountActions.reissueMailed', { email: row.email ?? '' })
                  : t('accountActions.reissueNotMailed')}
              </p>
              <Typography.Paragraph copyable className="acc-code" data-testid="reissued-password">
                {res.password}
              </Typography.Paragraph>
            </>
          ),
        });
      } else if (action === 'resetTwoFactor') {
        toast.success(
          (await apiFetch<{ message: string }>(`/api/Account/reset-two-factor/${row.id}`, { method: 'POST', body: {} }))
            .message,
        );
      } else {
        toast.success(
          (await apiFetch<{ message: string }>(`/api/Account/${PATHS[action]}/${row.id}`, { method: 'POST', body: {} }))
            .message,
        );
      }
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'users'] });
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'user', row.id] });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = (action: Action) =>
    void confirmAction({
      title: t(`accountActions.${action}Confirm`, { name: row.fullName, userName: row.userName }),
      content: t(`accountActions.${action}Hint`),
      okText: t(`accountActions.${action}`),
      danger: action === 'disable' || action === 'lock',
      cancelText: t('actions.cancel'),
      onOk: () => run(action),
    });

  const items: MenuProps['items'] = actions.map((a) => ({
    key: a,
    label: t(`accountActions.${a}`),
    danger: a === 'disable' || a === 'lock',
  }));
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => confirm(key as Action) }}>
      <Button
        size={compact ? 'small' : 'middle'}
        icon={<MoreOutlined />}
        loading={busy}
        aria-label={t('accountActions.label', { name: row.fullName })}
        data-testid={`account-actions-${row.userName}`}
      >
        {compact ? null : t('accountActions.label', { name: '' }).trim()}
      </Button>
    </Dropdown>
  );
}
