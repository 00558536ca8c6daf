import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import { MenuEditorFrame, type MenuEditorState } from './menu-editor.tsx';
import { applyDrop, flatten, projectDrop, withoutDescendantsOf, type FlatItem } from './menu-tree.ts';
import './settings.css';

/** Horizontal distance of one nesting level; dragging this far right or left nests or un-nests. */
const INDENT = 28;

function Row({
  item,
  depth,
  title,
  ghost,
  overlay,
}: {
  item: FlatItem;
  depth: number;
  title: string;
  ghost?: boolean;
  overlay?: boolean;
}) {
  const { t } = useTranslation('shell');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id: item.key,
    disabled: overlay,
  });
  const style: CSSProperties = overlay
    ? {}
    : { transform: CSS.Translate.toString(transform), transition, paddingLeft: 8 + depth * INDENT };
  return (
    <li
      ref={overlay ? undefined : setNodeRef}
      style={style}
      className={`dnd-row is-${item.node.kind}${ghost ? ' is-ghost' : ''}${overlay ? ' is-overlay' : ''}`}
      data-key={item.key}
      data-depth={depth}
    >
      <button
        type="button"
        ref={overlay ? undefined : setActivatorNodeRef}
        className="dnd-handle"
        aria-label={t('menuEditor.dnd.handle', { title })}
        data-testid={`drag-${item.key}`}
        {...(overlay ? {} : attributes)}
        {...(overlay ? {} : listeners)}
      >
        <HolderOutlined />
      </button>
      <span className="menu-tree-icon" aria-hidden="true">
        {item.node.kind === 'group' ? <FolderOutlined /> : <FileOutlined />}
      </span>
      <span className="dnd-title">{title}</span>
      {item.node.kind === 'group' && item.node.children.length > 0 && (
        <span className="menu-tree-muted">{t('menuEditor.dnd.count', { count: item.node.children.length })}</span>
      )}
    </li>
  );
}

function DragDropTree({ state }: { state: MenuEditorState }) {
  const { t } = useTranslation();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  const all = useMemo(() => flatten(state.tree), [state.tree]);
  const items = useMemo(() => (activeKey ? withoutDescendantsOf(all, activeKey) : all), [all, activeKey]);
  const projection = activeKey && overKey ? projectDrop(items, activeKey, overKey, offsetX, INDENT) : null;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (key: string | number | undefined) => {
    const item = all.find((i) => i.key === key);
    return item ? t(item.node.titleKey) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('shell:menuEditor.dnd.picked', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('shell:menuEditor.dnd.over', { title: titleOf(active.id), target: titleOf(over.id) }) : undefined,
    onDragEnd: ({ active }) => t('shell:menuEditor.dnd.dropped', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('shell:menuEditor.dnd.cancelled', { title: titleOf(active.id) }),
  };
  const reset = () => {
    setActiveKey(null);
    setOverKey(null);
    setOffsetX(0);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && projection) state.setTree(applyDrop(state.tree, String(active.id), String(over.id), projection));
    reset();
  };
  const active = activeKey ? all.find((i) => i.key === activeKey) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('shell:menuEditor.dnd.instructions') } }}
      onDragStart={({ active: a }) => {
        setActiveKey(String(a.id));
        setOverKey(String(a.id));
      }}
      onDragMove={({ delta }) => setOffsetX(delta.x)}
      onDragOver={({ over }) => setOverKey(over ? String(over.id) : null)}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
        <ul className="dnd-list" data-testid="dnd-list">
          {items.map((item) => (
            <Row
              key={item.key}
              item={item}
              title={t(item.node.titleKey)}
              depth={item.key === activeKey && projection ? projection.depth : item.depth}
              ghost={item.key === activeKey}
            />
          ))}
        </ul>
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {active ? <Row item={active} depth={0} title={t(active.node.titleKey)} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** `/chinh-sua-menu/keo-tha`: arrange the menu of a role by dragging; right and left change the nesting. */
export default function MenuDragDropPage() {
  const { t } = useTranslation('shell');
  return (
    <MenuEditorFrame other={{ path: '/chinh-sua-menu', labelKey: 'menuEditor.toButtons' }}>
      {(state) => (
        <div className="menu-tree-panel">
          <p className="menu-editor-help">{t('menuEditor.helpDrag')}</p>
          {state.tree.length ? <DragDropTree state={state} /> : <p>{t('menuEditor.empty')}</p>}
        </div>
      )}
    </MenuEditorFrame>
  );
}
