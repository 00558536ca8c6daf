import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Badge, Button, Card, Collapse, Empty, Skeleton, Space, Statistic, Tag } from 'antd';
import { KeyOutlined, RightOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isMenuGroup, type MenuGroup, type MenuNode } from '@portal/domain/menu';
import { parsePermission } from '@portal/domain/permissions';
import { WORKSPACE_API, workspaceShortcuts, type Workspace, type WorkspaceTask } from '@portal/domain/workspace';
import { can, useAccess } from '../../app/access.ts';
import { apiFetch } from '../../app/api-client.ts';
import { leafTitleKey, useMenu } from '../../app/menu.ts';
import { useUserData } from '../../platform/auth/index.ts';
import { useAccountsText } from './common.tsx';
import './accounts.css';
import './workspace.css';

function leaves(node: MenuNode): MenuNode[] {
  return isMenuGroup(node) ? node.children.flatMap(leaves) : [node];
}

const TONE_COLORS: Record<WorkspaceTask['tone'], string> = { action: '#cf1322', warning: '#d46b08', info: '#1677ff' };

/**
 * `/trang-lam-viec`: where sign-in lands every role. What waits for the user (each module's tasks, counted in
 * the user's data scope by `GET /api/Workspace/tasks`), a few figures of that scope, shortcuts to the role's
 * daily actions, and every area the user may open.
 */
export default function WorkspacePage() {
  const { t } = useAccountsText();
  const { t: tAll } = useTranslation();
  const user = useUserData();
  const access = useAccess();
  const menu = useMenu();
  const workspace = useQuery({
    queryKey: ['workspace', user?.userId ?? 'anonymous'],
    queryFn: ({ signal }) => apiFetch<Workspace>(WORKSPACE_API, { signal }),
    enabled: !!user,
  });
  if (!user) return <Skeleton active />;

  const side = user.unit.kind === 'employer' && user.role !== 'admin' ? 'employer' : 'authority';
  const shortcuts = workspaceShortcuts().filter((s) => {
    const p = parsePermission(s.permission);
    return p && can(access, p.action, p.subject) && (!s.side || s.side === side);
  });
  const tasks = workspace.data?.tasks ?? [];
  const waiting = tasks.filter((task) => task.count > 0);
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

      <h2 className="acc-ws-heading">{t('workspace.tasks')}</h2>
      {workspace.isLoading ? (
        <Skeleton active />
      ) : workspace.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('workspace.loadFailed')}
          action={<Button onClick={() => void workspace.refetch()}>{t('workspace.retry')}</Button>}
        />
      ) : (
        <>
          {waiting.length === 0 && (
            <Card size="small" data-testid="workspace-empty">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <strong>{tasks.length ? t('workspace.allClear') : t('workspace.noTasks')}</strong>
                    {shortcuts.length > 0 && <div>{t('workspace.firstSteps')}</div>}
                  </>
                }
              />
            </Card>
          )}
          <div className="acc-ws-tasks" data-testid="workspace-tasks">
            {tasks.map((task) => (
              <Link
                key={task.key}
                to={task.link}
                className={task.count > 0 ? 'acc-ws-task is-waiting' : 'acc-ws-task'}
                data-testid={`workspace-task-${task.key}`}
                data-count={task.count}
              >
                <Badge
                  count={task.count}
                  showZero
                  overflowCount={999}
                  color={task.count > 0 ? TONE_COLORS[task.tone] : '#8c8c8c'}
                />
                <span className="acc-ws-task-title">{tAll(task.titleKey, { count: task.count })}</span>
                <RightOutlined aria-hidden />
              </Link>
            ))}
          </div>
          {!!workspace.data?.figures.length && (
            <>
              <h2 className="acc-ws-heading">{t('workspace.figures')}</h2>
              <div className="acc-ws-figures" data-testid="workspace-figures">
                {workspace.data.figures.map((f) => (
                  <Card key={f.key} size="small" data-testid={`workspace-figure-${f.key}`}>
                    <Statistic title={tAll(f.labelKey)} value={f.value} />
                    {f.link && <Link to={f.link}>{t('workspace.open')}</Link>}
                  </Card>
                ))}
              </div>
            </>
          )}
        </>
      )}

      {shortcuts.length > 0 && (
        <>
          <h2 className="acc-ws-heading">{t('workspace.shortcutsTitle')}</h2>
          <Space wrap data-testid="workspace-shortcuts">
            {shortcuts.map((s, i) => (
              <Link key={s.key} to={s.path}>
                <Button type={i === 0 ? 'primary' : 'default'} tabIndex={-1}>
                  {tAll(s.titleKey)}
                </Button>
              </Link>
            ))}
          </Space>
        </>
      )}

      {menu.isLoading ? (
        <Skeleton active />
      ) : groups.length + loose.length === 0 ? (
        <Card>
          <Empty description={t('workspace.nothing')} />
        </Card>
      ) : (
        <Collapse
          ghost
          defaultActiveKey={['areas']}
          items={[
            {
              key: 'areas',
              label: <strong>{t('workspace.areas')}</strong>,
              children: (
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
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
