import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { useAskReason, useConfirm } from '../dialogs/index.tsx';
import { singleFlight, type RecordAction, type RunInput } from './actions.ts';

export interface ActionsBarProps<K extends string> {
  /** The buttons to show, in order: exactly the transitions the caller may take (see `allowedActions`). */
  actions: readonly RecordAction<K>[];
  /**
   * Takes the action (with the reason typed, when it needs one). A rejection is shown here — beside the reason
   * field or in a toast — so the caller does not report it again.
   */
  onRun: (key: K, input: RunInput) => Promise<unknown>;
  /** Other buttons of the bar (a download), before the actions. */
  before?: ReactNode;
  /** Other buttons or links of the bar, after the actions. */
  children?: ReactNode;
  /** Lay the buttons out in a column (a side card) instead of a row. */
  vertical?: boolean;
  size?: 'small' | 'middle';
  className?: string;
}

/** A refused action in a toast: the error, and the server's details (what is missing) under it. */
function report(err: unknown): void {
  const details = err instanceof ApiError ? err.details.flatMap((d) => (d.message ? [d.message] : [])) : [];
  toast.error(err instanceof Error ? err.message : String(err), details.length ? details.join('\n') : undefined);
}

/**
 * A record's actions: each button asks what its action needs (nothing, a confirmation, a reason) and then runs it;
 * one action at a time — while one is asked for or sent, the others do nothing and the running one is busy.
 */
export function ActionsBar<K extends string>({
  actions,
  onRun,
  before,
  children,
  vertical,
  size,
  className,
}: ActionsBarProps<K>) {
  const confirm = useConfirm();
  const { ask, holder } = useAskReason();
  const [busy, setBusy] = useState<string | null>(null);
  const flight = useMemo(() => singleFlight(setBusy), []);

  const press = (a: RecordAction<K>) =>
    void flight
      .run(a.key, async (sending) => {
        if (a.needs === 'reason') {
          // The dialog shows a refusal beside its field and stays open; the flight ends when it closes.
          await ask({
            title: a.reason?.title ?? a.label,
            label: a.reason?.label,
            okText: a.reason?.okText ?? a.label,
            max: a.reason?.max,
            field: a.reason?.field,
            danger: a.danger,
            children: a.reason?.hint,
            onSubmit: async (reason) => {
              sending();
              await onRun(a.key, { reason });
            },
          });
          return;
        }
        if (a.needs === 'confirm') {
          const ok = await confirm({
            title: a.confirm?.title ?? a.label,
            content: a.confirm?.content,
            okText: a.confirm?.okText ?? a.label,
            danger: a.danger,
          });
          if (!ok) return;
        }
        sending();
        await onRun(a.key, {}).catch(report);
      })
      .catch(report);

  if (!actions.length && !before && !children) return null;
  return (
    <Flex gap={8} wrap vertical={vertical} className={className}>
      {before}
      {actions.map((a) => (
        <Button
          key={a.key}
          type={a.primary ? 'primary' : 'default'}
          danger={a.danger}
          icon={a.icon}
          size={size}
          loading={busy === a.key}
          disabled={busy !== null && busy !== a.key}
          onClick={() => press(a)}
          data-testid={a['data-testid']}
        >
          {a.label}
        </Button>
      ))}
      {children}
      {holder}
    </Flex>
  );
}
