/**
 * A record page's frame and actions: `RecordShell` (loading, not found, failed with a retry, then the record under
 * its header), `ActionsBar` (exactly the transitions the caller may take, each asking what it needs, one at a time)
 * and the helpers that build the bar's actions from the API's allowed actions or a workflow declaration.
 */
export { ActionsBar, type ActionsBarProps } from './ActionsBar.tsx';
export { stateTag, type StateTagSpec } from './state-tag.tsx';
export {
  allowedActions,
  needsOf,
  singleFlight,
  workflowActions,
  type ActionNeeds,
  type RecordAction,
  type RunInput,
} from './actions.ts';
export {
  recordCardHead,
  RecordError,
  RecordLoading,
  RecordShell,
  retryRecord,
  type RecordBack,
  type RecordQuery,
  type RecordShellProps,
} from './RecordShell.tsx';
