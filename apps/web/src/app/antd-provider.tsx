import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';
import { toLanguage } from '@portal/domain/languages';
import { FIRST_ERROR, keepEnterInDateFields } from '../platform/form/index.ts';
import { bindDialogs } from '../platform/dialogs/index.tsx';
import { watchAntdLabels } from './antd-labels.ts';
import { themeFor } from './theme.ts';
import { bindToast, TOAST_OPTIONS } from './toast.ts';
import { useUi } from './ui-store.ts';

/**
 * Gives plain code (toast.success(...), confirmAction(...)) the themed, localised notification and modal
 * instances of Ant Design's App.
 */
function ToastBridge() {
  const { notification, modal } = App.useApp();
  useEffect(() => bindToast(notification), [notification]);
  useEffect(() => bindDialogs(modal), [modal]);
  // The one date field behaviour: Enter confirms the date typed, never submits the form (platform/form/dates.ts).
  useEffect(() => keepEnterInDateFields(document), []);
  return null;
}

/**
 * Ant Design for the pages that use it: locale (vi_VN / en_US, following the interface language), the skin's
 * algorithm, and App (toasts top right, 3000 ms, no progress bar). Its own chunk: the public home does not
 * use Ant Design and never downloads it (see app/antd.ts).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const skin = useUi((s) => s.skin);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const datePlaceholder = i18n.t('common:pickers.date');
  // A date picker asks for a date ("Chọn ngày"), not a moment: every picker of the portal picks a day.
  const locale = useMemo(() => {
    const base = language === 'en' ? enUS : viVN;
    const picker = base.DatePicker!;
    const DatePicker = { ...picker, lang: { ...picker.lang, placeholder: datePlaceholder } };
    return { ...base, DatePicker, Calendar: base.Calendar ? { ...base.Calendar, lang: DatePicker.lang } : undefined };
  }, [language, datePlaceholder]);
  // Popups mount on body, so the whole document is watched; again on a language switch.
  useEffect(() => watchAntdLabels(document.body, (key, options) => i18n.t(key, options ?? {})), [i18n, language]);
  return (
    <ConfigProvider
      locale={locale}
      theme={themeFor(skin)}
      // The one form behaviour: required fields marked; a failed check brings the first error into view, focused.
      form={{ requiredMark: true, scrollToFirstError: FIRST_ERROR }}
    >
      <App notification={TOAST_OPTIONS} message={{ duration: 3, maxCount: 3 }}>
        <ToastBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
