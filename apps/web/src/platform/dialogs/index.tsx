import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
// By component, as the Ant Design provider that binds them: no route pays for the whole library here.
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm, { type PopconfirmProps } from 'antd/es/popconfirm';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import { ApiError } from '../../app/api-client.ts';
import { fieldPath } from '../form/index.ts';

/**
 * The portal's dialogs, one of each kind: a yes/no confirmation (`confirmAction`, `useConfirm`, and
 * `ConfirmPopover` for one beside its button), and a dialog asking for a reason (`ReasonDialog`, or
 * promise-style `useAskReason`). Texts default to the common locale; Enter confirms, Escape cancels.
 */

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  /** The OK button's words (the action's own name reads better than "OK"). */
  okText?: string;
  cancelText?: string;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
  /**
   * The action itself, run with the OK button busy: the dialog closes once it succeeds and stays open when it
   * fails (the action shows its own error), so the user can retry or cancel.
   */
  onOk?: () => unknown;
  'data-testid'?: string;
}

/** What can open a confirmation: Ant Design App's `modal` (themed, localised) or the static `Modal`. */
type ModalOpener = { confirm: (props: ModalFuncProps) => unknown };

let bound: ModalOpener | null = null;

/** Gives plain code the App's modal instance (see the Ant Design provider). */
export function bindDialogs(modal: ModalOpener | null): void {
  bound = modal;
}

function openConfirm(modal: ModalOpener, o: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title: o.title,
      content: o.content,
      okText: o.okText ?? i18n.t('common:dialogs.ok'),
      cancelText: o.cancelText ?? i18n.t('common:dialogs.cancel'),
      ...(o.danger ? { okButtonProps: { danger: true } } : {}),
      autoFocusButton: 'ok',
      keyboard: true,
      onOk: async () => {
        await o.onOk?.();
        resolve(true);
      },
      onCancel: () => resolve(false),
      ...(o['data-testid'] ? { wrapProps: { 'data-testid': o['data-testid'] } } : {}),
    });
  });
}

/**
 * Asks the user to confirm; true once confirmed (and `onOk`, when given, succeeded), false when cancelled.
 * Usable from plain code; inside a component `useConfirm()` gives the same with the component's context.
 */
export function confirmAction(o: ConfirmOptions): Promise<boolean> {
  return openConfirm(bound ?? Modal, o);
}

/** `confirmAction` through the nearest Ant Design App (its theme and locale). */
export function useConfirm(): (o: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback((o: ConfirmOptions) => openConfirm(modal, o), [modal]);
}

/**
 * A confirmation beside its button (a row's small action), with the common texts: `onConfirm` may return a
 * promise, the OK button stays busy until it settles.
 */
export function ConfirmPopover({
  danger,
  okText,
  cancelText,
  ...props
}: Omit<PopconfirmProps, 'okButtonProps'> & { danger?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      okText={okText ?? t('dialogs.ok')}
      cancelText={cancelText ?? t('dialogs.cancel')}
      {...(danger ? { okButtonProps: { danger: true } } : {})}
      {...props}
    />
  );
}

/**
 * A row's delete action: a small red icon button named by `label` (for screen readers and the tooltip) that asks
 * before it deletes. `onDelete` runs with the dialog's OK button busy; a failure keeps the dialog open (the
 * action shows its own error).
 */
export function DeleteButton({
  label,
  confirm,
  onDelete,
  ...rest
}: {
  label: string;
  /** The question, naming what goes (e.g. "Xóa mối nguy “Ồn”?"). */
  confirm: ReactNode;
  onDelete: () => Promise<unknown>;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const ask = useConfirm();
  return (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      aria-label={label}
      title={label}
      disabled={rest.disabled}
      data-testid={rest['data-testid']}
      onClick={() => void ask({ title: label, content: confirm, okText: label, danger: true, onOk: onDelete })}
    />
  );
}

/** The longest reason the API takes unless a dialog says otherwise. */
export const REASON_MAX = 2000;

export interface ReasonOptions {
  title: ReactNode;
  /** The field's label (default: "Reason"). */
  label?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Longest reason allowed (default REASON_MAX). */
  max?: number;
  /** A reason may be left empty (a note rather than a justification). */
  optional?: boolean;
  danger?: boolean;
  /** Extra content above the field (what is being refused). */
  children?: ReactNode;
  /** The request field the server names when it refuses the reason (default `reason`). */
  field?: string;
  /**
   * Sends the reason, the OK button busy meanwhile; the dialog closes on success. On failure the dialog stays
   * open to correct: the action reports its own failure (its mutation's toast), and a refusal of the reason
   * itself is shown beside the field too.
   */
  onSubmit: (reason: string) => Promise<unknown>;
  'data-testid'?: string;
}

/** What the server said about the reason field of a refused request. */
function reasonErrors(err: unknown, field: string): string[] {
  if (!(err instanceof ApiError)) return [];
  return err.details
    .filter((d) => fieldPath(d.field)?.[0] === field)
    .map((d) => (d.message && /\s/.test(d.message) ? d.message : err.message));
}

/** THE dialog asking for a reason (refusal, return, revocation, cancellation). */
export function ReasonDialog({
  open,
  onClose,
  title,
  label,
  okText,
  cancelText,
  max = REASON_MAX,
  optional,
  danger,
  children,
  field = 'reason',
  onSubmit,
  'data-testid': testId,
}: ReasonOptions & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  // The next opening starts empty.
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async ({ reason }: { reason?: string }) => {
    setBusy(true);
    try {
      await onSubmit((reason ?? '').trim());
      close();
    } catch (err) {
      const says = reasonErrors(err, field);
      if (says.length) form.setFields([{ name: 'reason', errors: says }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('dialogs.ok')}
      cancelText={cancelText ?? t('dialogs.cancel')}
      okButtonProps={{ danger: !!danger, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      onCancel={() => !busy && close()}
      maskClosable={false}
      destroyOnHidden
      data-testid={testId}
    >
      {children}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy}>
        <Form.Item
          name="reason"
          label={label ?? t('dialogs.reason')}
          rules={[
            { required: !optional, whitespace: true, message: t('dialogs.reasonRequired') },
            { max, message: t('dialogs.reasonTooLong', { max }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={max} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A reason dialog asked for like a confirmation: `await ask({...})` answers the reason once `onSubmit` (when
 * given) succeeded, or null when cancelled. Render `holder` once in the component.
 */
export function useAskReason(): {
  ask: (o: Omit<ReasonOptions, 'onSubmit'> & { onSubmit?: ReasonOptions['onSubmit'] }) => Promise<string | null>;
  holder: ReactNode;
} {
  const [asked, setAsked] = useState<ReasonOptions | null>(null);
  const settle = useRef<((reason: string | null) => void) | null>(null);
  const ask = useCallback(
    (o: Omit<ReasonOptions, 'onSubmit'> & { onSubmit?: ReasonOptions['onSubmit'] }) =>
      new Promise<string | null>((resolve) => {
        settle.current?.(null);
        settle.current = resolve;
        setAsked({
          ...o,
          onSubmit: async (reason) => {
            await o.onSubmit?.(reason);
            settle.current = null;
            resolve(reason);
          },
        });
      }),
    [],
  );
  const holder = useMemo(
    () =>
      asked && (
        <ReasonDialog
          {...asked}
          open
          onClose={() => {
            settle.current?.(null);
            settle.current = null;
            setAsked(null);
          }}
        />
      ),
    [asked],
  );
  return { ask, holder };
}
