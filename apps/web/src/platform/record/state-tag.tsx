import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** How a record's state shows as a tag: its colour, its text and what tests find it by. */
export interface StateTagSpec<S extends string> {
  /** The text namespace and the key of a state's text in it. */
  ns: string;
  text: (state: S) => string;
  colors: Record<S, string>;
  /** `data-testid` of the tag; `dataState`: the state itself as `data-status`. */
  testId?: string;
  dataState?: boolean;
}

/** The tag component of a workflow's states: `const StatusTag = stateTag({ ns, text, colors })`. */
export function stateTag<S extends string>(spec: StateTagSpec<S>) {
  return function StateTag({ status }: { status: S }) {
    const { t } = useTranslation(spec.ns);
    return (
      <Tag
        color={spec.colors[status]}
        {...(spec.testId && { 'data-testid': spec.testId })}
        {...(spec.dataState && { 'data-status': status })}
      >
        {t(spec.text(status))}
      </Tag>
    );
  };
}
