import type { ReactNode } from 'react';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts (spec section 9): top right, 3000 ms, no progress bar. Usable from components and from plain code
 * (http client, mutations): `toast.success(t('…'))`. The instance comes from Ant Design's App (see providers).
 */
export const TOAST_OPTIONS = { placement: 'topRight', duration: 3, showProgress: false, maxCount: 4 } as const;

let instance: NotificationInstance | null = null;

export function bindToast(api: NotificationInstance): void {
  instance = api;
}

type Show = (title: ReactNode, description?: ReactNode) => void;
const show =
  (kind: 'success' | 'error' | 'info' | 'warning'): Show =>
  (title, description) =>
    instance?.[kind]({ title, description, ...TOAST_OPTIONS });

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
