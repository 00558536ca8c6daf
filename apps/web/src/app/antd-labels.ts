/**
 * Ant Design writes a few accessible names in English whatever its locale ('Clear' on a clearable select,
 * 'Select all', 'Select row 3', 'Row 3 selected' on a table's selection boxes: antd 6 takes them from no
 * locale). The provider rewrites them in the interface language as they appear, in one place, so no page has
 * to remember a prop.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const ROW = /^(Select row|Row) (\d+)( selected)?$/;

/** The label in the interface language, or null when the label is not one of Ant Design's English ones. */
export function localAntdLabel(label: string, t: Translate): string | null {
  if (label === 'Clear') return t('common:controls.clear');
  if (label === 'Select all') return t('common:controls.selectAll');
  const row = ROW.exec(label);
  if (!row) return null;
  if (row[1] === 'Select row' && !row[3]) return t('common:controls.selectRow', { row: row[2] });
  if (row[1] === 'Row' && row[3]) return t('common:controls.rowSelected', { row: row[2] });
  return null;
}

function localise(element: Element, t: Translate): void {
  const label = element.getAttribute('aria-label');
  const local = label ? localAntdLabel(label, t) : null;
  if (local !== null && local !== label) element.setAttribute('aria-label', local);
}

/** Keeps the English labels under `root` (popups included: they mount on body) translated; returns the stop. */
export function watchAntdLabels(root: Element, t: Translate): () => void {
  for (const element of root.querySelectorAll('[aria-label]')) localise(element, t);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') localise(record.target as Element, t);
      else
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          localise(node, t);
          for (const element of node.querySelectorAll('[aria-label]')) localise(element, t);
        }
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
