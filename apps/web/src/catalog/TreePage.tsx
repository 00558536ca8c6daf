import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Input, Row, Skeleton, Spin, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { catalogApi, type CatalogRecord, type TreeNode } from './api.ts';
import { RecordForm } from './FormPage.tsx';
import { ExcelActions, errorMessage, useCatalogAbility, useDeleteAction } from './ListPage.tsx';
import { pageById } from './registry.ts';
import { useCatalogText } from './text.ts';
import { toast } from '../app/toast.ts';
import { useConfirm } from '../platform/dialogs/index.tsx';

interface Node extends TreeDataNode {
  key: string;
  parentId: string | null;
  children?: Node[];
}

/** Keys of every node that came with its children (a search result, the path to a node): shown open. */
function expandedKeys(nodes: Node[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (!n.children?.length) continue;
    out.push(n.key);
    expandedKeys(n.children, out);
  }
  return out;
}

type Panel = { mode: 'none' } | { mode: 'edit'; id: string } | { mode: 'create'; parentId: string | null };

/**
 * A tree area (organisation structure, business sectors, occupations): the tree on the left loads level by
 * level, searches on the server (matches shown with their ancestors, expanded), and lets a node be dragged
 * under another; the right panel edits the selected node or adds a child, with the same form as the list areas.
 */
function TreePage({ pageId }: { pageId: string }) {
  const { catalog: c, page } = pageById(pageId);
  const text = useCatalogText(c, page);
  const ability = useCatalogAbility(c);
  const api = useMemo(() => catalogApi(c), [c]);
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const pf = c.parentField!;
  const title = c.declaration.titleField;
  const code = c.declaration.codeField;
  const [tree, setTree] = useState<Node[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [keyWord, setKeyWord] = useState('');
  const [panel, setPanel] = useState<Panel>({ mode: 'none' });

  const toNode = useCallback(
    (n: TreeNode): Node => ({
      key: n.id,
      parentId: (n[pf] as string | null) ?? null,
      title: code && n[code] ? `${String(n[code])} - ${String(n[title] ?? '')}` : String(n[title] ?? ''),
      isLeaf: !n.hasChildren,
      ...(n.children ? { children: n.children.map(toNode) } : {}),
    }),
    [pf, title, code],
  );
  /** Roots, a search result, or the tree opened down to one node. */
  const load = useCallback(
    async (how: { keyWord?: string; openAt?: string }) => {
      setLoading(true);
      try {
        const nodes = (
          how.openAt ? await api.treeFromUpdate(how.openAt) : await api.treeRoots(how.keyWord || undefined)
        ).map(toNode);
        setTree(nodes);
        setExpanded(expandedKeys(nodes));
      } catch (err) {
        toast.error(errorMessage(err));
      } finally {
        setLoading(false);
      }
    },
    [api, toNode],
  );
  useEffect(() => void load({}), [load]);

  const attach = (list: Node[], key: string, children: Node[]): Node[] =>
    list.map((n) =>
      n.key === key ? { ...n, children } : n.children ? { ...n, children: attach(n.children, key, children) } : n,
    );

  const selected = useQuery({
    queryKey: ['catalog', c.key, 'record', panel.mode === 'edit' ? panel.id : null],
    queryFn: ({ signal }) => api.get((panel as { id: string }).id, signal),
    enabled: panel.mode === 'edit',
  });
  const confirmDelete = useDeleteAction(c, api, text, () => {
    setPanel({ mode: 'none' });
    void load({ keyWord });
  });

  const onDrop: TreeProps<Node>['onDrop'] = (info) => {
    const dragged = info.dragNode as Node;
    const target = info.node as Node;
    const newParent = info.dropToGap ? target.parentId : target.key;
    if (newParent === dragged.parentId || newParent === dragged.key) return;
    const parentTitle = newParent ? String((info.dropToGap ? null : target.title) ?? '') : '';
    void confirm({
      title: text.t('catalog:tree.dragHint'),
      content: newParent
        ? text.t('catalog:confirm.move', {
            name: String(dragged.title),
            parent: parentTitle || text.t('catalog:fields.parentId'),
          })
        : text.t('catalog:confirm.moveRoot', { name: String(dragged.title) }),
      okText: text.t('catalog:actions.save'),
      cancelText: text.t('catalog:actions.cancel'),
      onOk: async () => {
        try {
          const record = await api.get(dragged.key);
          const body: Record<string, unknown> = {};
          for (const name of c.writable) body[name] = record[name] ?? null;
          await api.update(dragged.key, { ...body, [pf]: newParent, updatedAt: record.updatedAt });
          toast.success(text.t('catalog:messages.moved'));
          await queryClient.invalidateQueries({ queryKey: ['catalog', c.key] });
          await load({ openAt: dragged.key });
        } catch (err) {
          toast.error(errorMessage(err));
        }
      },
    });
  };

  const onSaved = async (record: CatalogRecord) => {
    setPanel({ mode: 'edit', id: record.id });
    await load({ openAt: record.id });
  };

  return (
    <Row gutter={16}>
      <Col span={9}>
        <Card
          title={text.title}
          extra={
            ability.create && (
              <Button icon={<PlusOutlined />} onClick={() => setPanel({ mode: 'create', parentId: null })}>
                {text.t('catalog:actions.addRoot')}
              </Button>
            )
          }
        >
          <Input.Search
            allowClear
            placeholder={text.t('catalog:tree.searchPlaceholder')}
            aria-label={text.t('catalog:actions.search')}
            onSearch={(value) => {
              setKeyWord(value);
              void load({ keyWord: value });
            }}
            style={{ marginBottom: 12 }}
          />
          <Spin spinning={loading}>
            {tree.length === 0 && !loading ? (
              <Empty description={keyWord ? text.t('catalog:tree.noMatch') : text.t('catalog:list.empty')} />
            ) : (
              <Tree<Node>
                showLine
                blockNode
                draggable={ability.update ? { icon: false } : false}
                treeData={tree}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys)}
                selectedKeys={panel.mode === 'edit' ? [panel.id] : []}
                onSelect={(keys) => setPanel(keys[0] ? { mode: 'edit', id: String(keys[0]) } : { mode: 'none' })}
                loadData={async (node) => {
                  if (node.children || node.isLeaf) return;
                  const children = (await api.treeChildren(node.key)).map(toNode);
                  setTree((prev) => attach(prev, node.key, children));
                }}
                onDrop={onDrop}
                height={560}
              />
            )}
          </Spin>
          {ability.update && tree.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {text.t('catalog:tree.dragHint')}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col span={15}>
        <Card
          title={
            panel.mode === 'create'
              ? text.t('catalog:form.createTitle', { noun: text.noun })
              : panel.mode === 'edit'
                ? text.t(ability.update ? 'catalog:form.editTitle' : 'catalog:form.detailTitle', { noun: text.noun })
                : text.title
          }
          extra={
            <Flex gap={8} wrap>
              {panel.mode === 'edit' && ability.create && (
                <Button icon={<PlusOutlined />} onClick={() => setPanel({ mode: 'create', parentId: panel.id })}>
                  {text.t('catalog:actions.addChild')}
                </Button>
              )}
              {panel.mode === 'edit' && ability.delete && selected.data && (
                <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([selected.data!])}>
                  {text.t('catalog:actions.delete')}
                </Button>
              )}
              {panel.mode === 'none' && <ExcelActions c={c} page={page} api={api} text={text} exportQuery={{}} />}
            </Flex>
          }
        >
          {panel.mode === 'none' && <Empty description={text.t('catalog:tree.selectHint')} />}
          {panel.mode === 'create' && (
            <RecordForm
              c={c}
              page={page}
              record={null}
              parentId={panel.parentId}
              onSaved={onSaved}
              onCancel={() => setPanel({ mode: 'none' })}
            />
          )}
          {panel.mode === 'edit' &&
            (selected.isLoading ? (
              <Skeleton active />
            ) : selected.data ? (
              <RecordForm key={selected.data.updatedAt} c={c} page={page} record={selected.data} onSaved={onSaved} />
            ) : null)}
        </Card>
      </Col>
    </Row>
  );
}

export function bind(pageId: string) {
  const Bound = () => <TreePage pageId={pageId} />;
  Bound.displayName = `CatalogTree(${pageId})`;
  return Bound;
}
