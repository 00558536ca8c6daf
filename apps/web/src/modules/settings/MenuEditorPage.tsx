import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import { hasRoute } from '../../app/route-table.ts';
import { MenuEditorFrame, type MenuEditorState } from './menu-editor.tsx';
import { moveNode, possibleMoves, type EditorNode, type Move } from './menu-tree.ts';
import './settings.css';

const moves: { move: Move; icon: React.ReactNode; key: string }[] = [
  { move: 'up', icon: <ArrowUpOutlined />, key: 'moveUp' },
  { move: 'down', icon: <ArrowDownOutlined />, key: 'moveDown' },
  { move: 'outdent', icon: <ArrowLeftOutlined />, key: 'outdent' },
  { move: 'indent', icon: <ArrowRightOutlined />, key: 'indent' },
];

function Tree({ nodes, state }: { nodes: EditorNode[]; state: MenuEditorState }) {
  const { t } = useTranslation();
  return (
    <ul className="menu-tree">
      {nodes.map((node) => {
        const possible = possibleMoves(state.tree, node.key);
        const title = t(node.titleKey);
        return (
          <li key={node.key} className={`menu-tree-item is-${node.kind}`} data-key={node.key}>
            <div className="menu-tree-row">
              <span className="menu-tree-icon" aria-hidden="true">
                {node.kind === 'group' ? <FolderOutlined /> : <FileOutlined />}
              </span>
              <span className="menu-tree-title">
                {title}
                {node.path && !hasRoute(node.path) && (
                  <span className="menu-tree-muted"> · {t('shell:menuEditor.noPage')}</span>
                )}
              </span>
              <span className="menu-tree-buttons">
                {moves.map(({ move, icon, key }) => (
                  <Tooltip key={move} title={t(`shell:menuEditor.${key}`)}>
                    <Button
                      size="small"
                      type="text"
                      icon={icon}
                      disabled={!possible[move]}
                      aria-label={`${t(`shell:menuEditor.${key}`)}: ${title}`}
                      onClick={(e) => {
                        const button = e.currentTarget;
                        state.setTree(moveNode(state.tree, node.key, move));
                        // Keep the keyboard on the moved entry's same button after re-rendering.
                        requestAnimationFrame(() => {
                          const row = document.querySelector(`[data-key="${CSS.escape(node.key)}"] > .menu-tree-row`);
                          const again = row?.querySelectorAll('button')[moves.findIndex((m) => m.move === move)] as
                            HTMLButtonElement | undefined;
                          (again && !again.disabled ? again : button).focus();
                        });
                      }}
                    />
                  </Tooltip>
                ))}
              </span>
            </div>
            {node.children.length > 0 && <Tree nodes={node.children} state={state} />}
          </li>
        );
      })}
    </ul>
  );
}

/** `/chinh-sua-menu`: arrange the menu of a role with buttons (keyboard friendly), then save. */
export default function MenuEditorPage() {
  const { t } = useTranslation('shell');
  return (
    <MenuEditorFrame other={{ path: '/chinh-sua-menu/keo-tha', labelKey: 'menuEditor.toDragDrop' }}>
      {(state) => (
        <div className="menu-tree-panel" data-testid="menu-tree">
          <p className="menu-editor-help">{t('menuEditor.helpButtons')}</p>
          {state.tree.length ? <Tree nodes={state.tree} state={state} /> : <p>{t('menuEditor.empty')}</p>}
        </div>
      )}
    </MenuEditorFrame>
  );
}
