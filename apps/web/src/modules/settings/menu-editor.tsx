import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { isMenuScope, type MenuLeaf, type MenuNode, type MenuScope } from '@portal/domain/menu';
import { formatDateTime } from '@portal/domain/format';
import { apiFetch, ApiError } from '../../app/api-client.ts';
import { leafTitleKey } from '../../app/menu.ts';
import { hasRoute } from '../../app/route-table.ts';
import { toast } from '../../app/toast.ts';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { toArranged, toEditorTree, type EditorNode } from './menu-tree.ts';

interface ArrangementResponse {
  scope: string;
  saved: boolean;
  updatedAt: string | null;
  items: MenuNode[];
}

interface UserTypeOption {
  value: string;
  label: string;
}

/** User types for the scope picker; an empty list while the user-type API is not available. */
function useUserTypes(): UserTypeOption[] {
  const { data } = useQuery({
    queryKey: ['userTypes', 'combobox'],
    queryFn: async ({ signal }) => {
      try {
        const raw = await apiFetch<unknown>('/api/UserTypev2/combobox', { signal });
        const list = Array.isArray(raw) ? raw : ((raw as { data?: unknown[] } | undefined)?.data ?? []);
        return list.flatMap((item): UserTypeOption[] => {
          const r = item as Record<string, unknown>;
          const id = r.id ?? r.value;
          const name = r.name ?? r.label ?? r.text;
          return typeof id === 'string' && typeof name === 'string' ? [{ value: `userType:${id}`, label: name }] : [];
        });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return [];
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
  return data ?? [];
}

export interface MenuEditorState {
  scope: MenuScope;
  tree: EditorNode[];
  setTree: (tree: EditorNode[]) => void;
  dirty: boolean;
  showAll: boolean;
}

/**
 * Shared by both editors: the scope (in the address, ?scope=…), the arrangement loaded for it, the working tree,
 * saving, undoing, restoring the catalogue order, and a guard against leaving with unsaved changes.
 */
export function MenuEditorFrame({
  children,
  other,
}: {
  children: (state: MenuEditorState) => ReactNode;
  other: { path: string; labelKey: string };
}) {
  const { t } = useTranslation('shell');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requested = params.get('scope') ?? 'default';
  const scope: MenuScope = isMenuScope(requested) ? requested : 'default';
  const userTypes = useUserTypes();
  const [showAll, setShowAll] = useState(false);

  const query = useQuery({
    queryKey: ['menuArrangement', scope],
    queryFn: ({ signal }) =>
      apiFetch<ArrangementResponse>('/api/UserTypev2/menu-arrangement', { signal, query: { scope } }),
  });

  const visible = useMemo(() => (leaf: MenuLeaf) => showAll || hasRoute(leaf.path), [showAll]);
  const loadedTree = useMemo(
    () => (query.data ? toEditorTree(query.data.items, visible, leafTitleKey) : []),
    [query.data, visible],
  );
  const [tree, setTree] = useState<EditorNode[]>([]);
  useEffect(() => setTree(loadedTree), [loadedTree]);
  const dirty = JSON.stringify(toArranged(tree)) !== JSON.stringify(toArranged(loadedTree));

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirm({
      title: t('menuEditor.leaveTitle'),
      content: t('menuEditor.leaveText'),
      okText: t('menuEditor.leave'),
      cancelText: t('menuEditor.stay'),
      onOk: () => blocker.proceed(),
    }).then((left) => {
      if (!left) blocker.reset();
    });
    // One confirmation per blocked navigation: the blocker object itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey: ['menuArrangement', scope] });
    // The left menu follows at once when the change concerns the current user.
    await queryClient.invalidateQueries({ queryKey: ['menu'] });
  };
  const save = useMutation({
    mutationFn: () =>
      apiFetch<unknown>('/api/UserTypev2/menu-arrangement', {
        method: 'PUT',
        body: { scope, items: toArranged(tree) },
      }),
    onSuccess: async () => {
      await afterChange();
      toast.success(t('menuEditor.saved'));
    },
    onError: (err) => toast.error(t('menuEditor.saveFailed'), err.message),
  });
  const reset = useMutation({
    mutationFn: () => apiFetch<unknown>('/api/UserTypev2/menu-arrangement', { method: 'DELETE', query: { scope } }),
    onSuccess: async () => {
      await afterChange();
      toast.success(t('menuEditor.resetDone'));
    },
    onError: (err) => toast.error(t('menuEditor.saveFailed'), err.message),
  });

  const scopeOptions = [
    { value: 'default', label: t('menuEditor.scopeDefault') },
    { value: 'admin', label: t('menuEditor.scopeAdmin') },
    ...userTypes,
  ];

  return (
    <div className="menu-editor">
      <Card size="small" className="menu-editor-toolbar">
        <div className="menu-editor-toolbar-row">
          <label className="menu-editor-scope">
            <span>{t('menuEditor.scope')}</span>
            <Select
              value={scope}
              options={scopeOptions}
              onChange={(value) => setParams({ scope: value })}
              style={{ minWidth: 240 }}
              disabled={dirty}
              data-testid="menu-scope"
            />
          </label>
          <Space wrap>
            <label className="menu-editor-switch">
              <Switch size="small" checked={showAll} onChange={setShowAll} disabled={dirty} />
              <span>{t('menuEditor.showAll')}</span>
            </label>
            <Link to={`${other.path}?scope=${encodeURIComponent(scope)}`}>{t(other.labelKey)}</Link>
          </Space>
        </div>
        <div className="menu-editor-toolbar-row is-second">
          <p className="menu-editor-status" aria-live="polite">
            {dirty
              ? t('menuEditor.unsaved')
              : query.data?.saved && query.data.updatedAt
                ? t('menuEditor.savedAt', { at: formatDateTime(query.data.updatedAt) })
                : t('menuEditor.usingDefault')}
          </p>
          <div className="menu-editor-actions">
            <Button onClick={() => setTree(loadedTree)} disabled={!dirty || save.isPending}>
              {t('menuEditor.undo')}
            </Button>
            <Button
              danger
              disabled={!query.data?.saved || dirty || reset.isPending}
              onClick={() =>
                void confirm({
                  title: t('menuEditor.resetTitle'),
                  content: t('menuEditor.resetText'),
                  okText: t('menuEditor.reset'),
                  cancelText: t('menuEditor.cancel'),
                  danger: true,
                  onOk: () => reset.mutateAsync(),
                })
              }
            >
              {t('menuEditor.reset')}
            </Button>
            <Button
              type="primary"
              onClick={() => save.mutate()}
              disabled={!dirty}
              loading={save.isPending}
              data-testid="menu-save"
            >
              {t('menuEditor.save')}
            </Button>
          </div>
        </div>
      </Card>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('menuEditor.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('layout.retry')}</Button>}
        />
      )}
      {query.isLoading ? (
        <div className="menu-editor-loading">
          <Spin />
        </div>
      ) : (
        query.data && children({ scope, tree, setTree, dirty, showAll })
      )}
    </div>
  );
}
