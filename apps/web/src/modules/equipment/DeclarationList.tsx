import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Flex, Segmented, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { EQUIPMENT_PATHS } from '@portal/domain/equipment/features';
import { DECLARATION_SORTS } from '@portal/domain/equipment/schemas';
import { can, useAccess } from '../../app/access.ts';
import { toast } from '../../app/toast.ts';
import {
  actionsWidth,
  RowActions,
  SearchBox,
  ServerTable,
  type ListColumn,
  useServerList,
} from '../../platform/list/index.tsx';
import { useConfirm } from '../../platform/dialogs/index.tsx';
import { equipmentApi, equipmentKeys, type DeclarationSummary } from './api.ts';
import {
  ConfirmationButton,
  DeclarationHead,
  DeclarationHistory,
  ItemsTable,
  ReviewActions,
} from './DeclarationView.tsx';
import { DeclarationStatusTag, declarationPath, errorText, LateTag, showDate } from './ui.tsx';

const EMPLOYER_TABS = ['all', 'draft', 'submitted', 'confirmed', 'refused'] as const;
const REVIEW_TABS = ['submitted', 'confirmed', 'refused'] as const;

/**
 * The declarations list. `employer`: the employer's own, every status, with the create button. `review`: the
 * department's queue by status — what waits first, the oldest processing time limit first — each declaration
 * opening beside the list to confirm or refuse. Tab, keyword and paging live in the address.
 */
export function DeclarationList({ mode }: { mode: 'employer' | 'review' }) {
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  const access = useAccess();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const tabs: readonly string[] = mode === 'review' ? REVIEW_TABS : EMPLOYER_TABS;
  const tabOf = (value: string | undefined) => (value && tabs.includes(value) ? value : tabs[0]!);
  const { table, pageNumber, rowNumber, sortedAs, keyWord, setKeyWord, filter, get, set } = useServerList({
    key: (q) => equipmentKeys.declarations({ mode, ...q }),
    fetch: equipmentApi.declarations,
    filters: ['tab'],
    params: (f) => ({ status: tabOf(f.tab) === 'all' ? undefined : tabOf(f.tab) }),
    sortable: DECLARATION_SORTS,
    // The queue: the processing time limit nearest (or passed) first; decided ones newest first.
    defaultSort: (f) =>
      mode !== 'review'
        ? undefined
        : tabOf(f.tab) === 'submitted'
          ? { sortBy: 'dueBy', sortOrder: 'asc' }
          : { sortBy: 'declaredOn', sortOrder: 'desc' },
    sortParam: 'sortField',
  });
  const tab = tabOf(filter('tab'));
  const open = get('open');
  const mayCreate = mode === 'employer' && can(access, 'create', 'EquipmentDeclaration');
  const mayDelete = mode === 'employer' && can(access, 'delete', 'EquipmentDeclaration');

  const remove = useMutation({
    mutationFn: (ids: string[]) => equipmentApi.remove(ids),
    onSuccess: async () => {
      toast.success(t('pages.declaration.deleted'));
      await queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const confirmDelete = (r: DeclarationSummary) =>
    void confirm({
      title: t('pages.declaration.deleteTitle'),
      content: t('pages.declaration.deleteContent'),
      okText: t('pages.actions.delete'),
      danger: true,
      cancelText: t('pages.actions.cancel'),
      onOk: () => remove.mutateAsync([r.id]).catch(() => undefined),
    });

  const openRow = (r: DeclarationSummary) =>
    mode === 'review' ? set({ open: r.id, page: pageNumber > 1 ? pageNumber : null }) : navigate(declarationPath(r.id));

  const columns: ListColumn<DeclarationSummary>[] = [
    {
      title: t('pages.fields.index'),
      key: 'index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => rowNumber(i),
    },
    {
      title: t('pages.fields.number'),
      key: 'number',
      width: 160,
      render: (_v, r) =>
        mode === 'review' ? (
          <a href={`?tab=${tab}&open=${r.id}`} onClick={(e) => (e.preventDefault(), openRow(r))}>
            {r.number ?? t('pages.declaration.noNumber')}
          </a>
        ) : (
          <Link to={declarationPath(r.id)}>{r.number ?? t('pages.declaration.noNumber')}</Link>
        ),
    },
    ...(mode === 'review'
      ? [{ title: t('pages.fields.business'), dataIndex: 'businessName', key: 'businessName', minWidth: 220 }]
      : []),
    {
      title: t('pages.fields.machines'),
      key: 'itemCount',
      width: 100,
      align: 'center',
      priority: 4,
      render: (_v, r) => r.itemCount ?? '—',
    },
    {
      title: t('pages.fields.declaredOn'),
      key: 'declaredOn',
      width: 130,
      priority: 3,
      sorter: true,
      sortOrder: sortedAs('declaredOn'),
      render: (_v, r) => showDate(r.declaredOn),
    },
    {
      title: t('pages.fields.dueBy'),
      key: 'dueBy',
      width: 130,
      priority: 2,
      sorter: true,
      sortOrder: sortedAs('dueBy'),
      render: (_v, r) => showDate(r.dueBy),
    },
    {
      title: t('pages.fields.status'),
      key: 'status',
      width: 220,
      ellipsis: false,
      render: (_v, r) => (
        <Flex gap={4} wrap>
          <DeclarationStatusTag status={r.status} />
          <LateTag late={r.late} />
        </Flex>
      ),
    },
    {
      title: t('pages.fields.actions'),
      key: 'actions',
      width: actionsWidth(mayDelete ? 2 : 1),
      align: 'center',
      ellipsis: false,
      render: (_v, r) => (
        <RowActions
          actions={[
            { kind: 'view', onClick: () => void openRow(r) },
            {
              kind: 'delete',
              allowed: mayDelete && (r.status === 'draft' || r.status === 'refused'),
              onClick: () => confirmDelete(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Segmented
        style={{ marginBottom: 16 }}
        value={tab}
        onChange={(v) => set({ tab: v === tabs[0] ? null : String(v), open: null })}
        options={tabs.map((k) => ({ value: k, label: t(`pages.tabs.${k}`) }))}
      />
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <SearchBox
          value={keyWord}
          onSearch={setKeyWord}
          placeholder={t('pages.declaration.searchPlaceholder')}
          width={340}
        />
        {mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(EQUIPMENT_PATHS.declarationCreate)}>
            {t('pages.declaration.create')}
          </Button>
        )}
      </Flex>
      <ServerTable<DeclarationSummary>
        {...table}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => void openRow(r) })}
        empty={t(
          mode === 'review'
            ? 'pages.review.empty'
            : mayCreate
              ? 'pages.declaration.emptyCreate'
              : 'pages.declaration.empty',
        )}
        data-testid="declaration-list"
      />
      {mode === 'review' && (
        <ReviewDrawer id={open || null} onClose={() => set({ open: null, page: pageNumber > 1 ? pageNumber : null })} />
      )}
    </Card>
  );
}

/** One declaration beside the queue: its head, machines, history, and the decision buttons. */
function ReviewDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('equipment');
  const detail = useQuery({
    queryKey: equipmentKeys.declaration(id ?? ''),
    queryFn: ({ signal }) => equipmentApi.declaration(id!, signal),
    enabled: !!id,
  });
  const data = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={960}
      title={t('pages.review.drawerTitle', { number: data?.number ?? '' })}
      destroyOnHidden
      extra={
        data && (
          <Flex gap={8}>
            <ConfirmationButton detail={data} />
            <ReviewActions detail={data} onDone={onClose} />
          </Flex>
        )
      }
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon message={errorText(detail.error)} />}
      {data && (
        <>
          <DeclarationHead detail={data} />
          <ItemsTable items={data.items} />
          {data.note && (
            <Alert style={{ marginTop: 16 }} type="info" message={t('pages.fields.note')} description={data.note} />
          )}
          <h3 style={{ marginTop: 24 }}>{t('pages.history.title')}</h3>
          <DeclarationHistory detail={data} />
        </>
      )}
    </Drawer>
  );
}
